import { expect, test } from '@playwright/test';
import { signInWithForm, toast } from './helpers';
import { deposit, newUser, setPin, shot, sql } from './money-helpers';

// "tell the person before the PIN, not after", and the wallet items of: the
// keypad's scale error and a locked PIN are said before any PIN dialog; the history keeps its page
// and filters in the address and fits a phone; asset logos do not depend on the system's fonts.
test.describe.configure({ mode: 'serial' });

test('keypad: 1.23456 USD shows the scale error at the amount and no PIN dialog; a valid amount then quotes', async ({
  page,
  request,
}) => {
  const kim = await newUser(request, 'Kim Keypad');
  const lee = await newUser(request, `Lee Payee ${Date.now()}`);
  await deposit(kim.email, 'USD', '100.00');
  await setPin(request, kim);
  await signInWithForm(page, kim);
  await page.goto('/pay');
  const pay = page.getByTestId('pay');
  await pay.getByPlaceholder('Search by name, username or e-mail').fill(lee.name);
  await pay.getByRole('button', { name: new RegExp(lee.name) }).click();
  for (const k of ['1', 'Decimal point', '2', '3', '4', '5', '6'])
    await pay.getByRole('button', { name: k, exact: true }).click();
  await expect(pay.getByTestId('keypad-display')).toHaveText('1.23456');
  await expect(pay.getByTestId('refusal-amount')).toHaveText('USD amounts allow at most 2 decimal places.');
  await expect(pay.getByTestId('quote')).toHaveCount(0); // no stale fee and total of an earlier amount
  const sendButton = pay.getByRole('button', { name: 'Send', exact: true }).last();
  await expect(sendButton).toBeDisabled();
  await shot(page, 'keypad-scale');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(pay.getByTestId('refusal-amount')).toBeVisible();
  await shot(page, 'keypad-scale-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await sendButton.click({ force: true }); // even a forced click opens nothing
  await expect(page.getByRole('dialog')).toHaveCount(0);

  for (let i = 0; i < 4; i++) await pay.getByRole('button', { name: 'Backspace' }).click();
  await expect(pay.getByTestId('keypad-display')).toHaveText('1.2');
  await expect(pay.getByTestId('refusal-amount')).toHaveCount(0);
  await expect(pay.getByTestId('quote')).toHaveText('Fee: 0.01 USD · Total: 1.21 USD');
  await expect(sendButton).toBeEnabled();
});

test('a locked PIN says when it unlocks on every screen that would ask for it, instead of opening the PIN dialog', async ({
  page,
  request,
}) => {
  const max = await newUser(request, 'Max Locked');
  const nia = await newUser(request, `Nia Requester ${Date.now()}`);
  await deposit(max.email, 'USD', '100.00');
  await setPin(request, max);
  const t = await request.post('/api/auth/token?grant_type=password', {
    data: { email: nia.email, password: nia.password },
  });
  const niaToken = ((await t.json()) as { access_token: string }).access_token;
  const req = await request.post('/api/wallet/requests', {
    data: { payerEmail: max.email, assetSymbol: 'USD', amount: '3' },
    headers: { authorization: `Bearer ${niaToken}` },
  });
  expect(req.status()).toBe(201);

  await signInWithForm(page, max);
  // five wrong PINs lock it: the fifth answer is the lock (with the server's attempts left before it)
  await page.goto('/send-money');
  const form = page.getByTestId('send-money');
  await form.getByLabel("Recipient's Email").fill(nia.email);
  await form.getByLabel('Amount').fill('1');
  for (let left = 4; left >= 0; left--) {
    await form.getByRole('button', { name: 'Send Money' }).click();
    await page.getByLabel('PIN digit 1').click();
    await page.keyboard.type('9999');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    if (left > 0)
      await expect(toast(page, 'Incorrect PIN')).toContainText(`${left} attempt${left === 1 ? '' : 's'} left`);
  }
  await expect(toast(page, 'PIN Locked')).toContainText('Your PIN is now locked for 15 minutes.');

  const [locked] = await sql<{ until: string }>(
    `SELECT pin_locked_until::text AS until FROM profiles p JOIN users u ON u.id = p.id WHERE u.email = $1`,
    [max.email],
  );
  const time = await page.evaluate(
    (iso) => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(iso)),
    locked!.until.replace(' ', 'T').replace(/\+00$/, 'Z'),
  );
  const notice = `Your PIN is locked after 5 incorrect attempts. You can send again at ${time}.`;
  await expect(form.getByTestId('pin-locked')).toHaveText(notice);
  await expect(form.getByRole('button', { name: 'Send Money' })).toBeDisabled();
  await shot(page, 'pin-locked-send');
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'pin-locked-send-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/pay');
  const pay = page.getByTestId('pay');
  await expect(pay.getByTestId('pin-locked').first()).toHaveText(notice);
  const incoming = page.getByTestId('incoming-request').first();
  await expect(incoming.getByRole('button', { name: 'Pay' })).toBeDisabled();
  await expect(page.getByTestId('payment-requests').getByTestId('pin-locked')).toHaveText(notice);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // the lock ends by itself: the screens read it again at the unlock time (moved to now here)
  await sql(
    `UPDATE profiles SET pin_locked_until = now() + interval '2 seconds' WHERE id = (SELECT id FROM users WHERE email = $1)`,
    [max.email],
  );
  await page.reload();
  await expect(incoming.getByRole('button', { name: 'Pay' })).toBeEnabled({ timeout: 10_000 });
  await expect(page.getByTestId('pin-locked')).toHaveCount(0);
});

test('history: page and filters live in the address (reload and Back keep them); a phone sees amount and counterparty first', async ({
  page,
  request,
}) => {
  const ola = await newUser(request, 'Ola History');
  for (let i = 1; i <= 12; i++) await deposit(ola.email, 'USD', `${i}.00`, `Deposit ${i}`);
  await deposit(ola.email, 'BTC', '0.5', 'Coins');
  await signInWithForm(page, ola);

  // the wallet card's Bitcoin logo is drawn, not a font glyph
  const btc = page.getByTestId('wallet').filter({ hasText: 'BTC' }).getByTestId('asset-icon');
  await expect(btc.locator('svg path')).toHaveCount(1);
  await expect(btc).toHaveText('');
  await shot(page, 'dashboard-icons');

  await page.goto('/transactions');
  const rows = page.getByTestId('history-row');
  await expect(page.getByTestId('page-info')).toHaveText('Page 1 of 2');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/transactions\?page=2$/);
  await expect(rows).toHaveCount(3);
  await page.reload();
  await expect(page.getByTestId('page-info')).toHaveText('Page 2 of 2');
  await page.goBack();
  await expect(page.getByTestId('page-info')).toHaveText('Page 1 of 2');

  await page.getByLabel('Asset', { exact: true }).selectOption('BTC');
  await expect(page).toHaveURL(/asset=BTC/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Coins');
  await page.getByLabel('Asset', { exact: true }).selectOption('');
  await page.getByLabel('Type', { exact: true }).selectOption('deposit');
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(today);
  await expect(page).toHaveURL(new RegExp(`type=deposit&from=${today}`));
  await expect(page.getByTestId('page-info')).toHaveText('Page 1 of 2');
  await page.reload();
  await expect(page.getByLabel('Type', { exact: true })).toHaveValue('deposit');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(today);
  await page.getByLabel('From', { exact: true }).fill('');
  await page.getByLabel('To', { exact: true }).fill('2020-01-01');
  await expect(page).toHaveURL(/type=deposit&to=2020-01-01$/);
  await expect(page.getByTestId('no-matches')).toHaveText('No transactions match these filters.');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'history-1280');

  await page.setViewportSize({ width: 375, height: 800 });
  const first = rows.first();
  const amount = await first.getByTestId('history-amount').boundingBox();
  expect(amount!.x + amount!.width).toBeLessThanOrEqual(375);
  const table = await page.getByRole('table').boundingBox();
  expect(table!.width).toBeLessThanOrEqual(375);
  await expect(first.getByTestId('history-amount')).toBeInViewport();
  await expect(first.getByRole('cell').nth(2)).toBeInViewport(); // the counterparty
  await shot(page, 'history-375');
});
