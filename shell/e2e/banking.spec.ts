import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { screenshots, toast } from './helpers';
import { asUser, deposit, newUser, setPin, sql, typePin } from './money-helpers';

// End to end, /linked-accounts ('Linked payment methods'), against the local Plaid sandbox the
// API starts by itself (no PLAID keys): link a bank through the Link stand-in, add money from it (pending
// until the test moves the transfer at the sandbox: posted, settled), withdraw instantly with the fee
// quoted before the PIN; a bank that wants a new sign-in (Reconnect), Unlink, a bank without RTP
// (same-day ACH) and one with too little money (the deposit declined).
test.describe.configure({ mode: 'serial' });
const shot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header at the top of a full-page shot
  await page.screenshot({ path: path.join(screenshots, `banking-${name}.png`), fullPage: true });
};
const SANDBOX = { 'PLAID-CLIENT-ID': 'portal-sandbox-client', 'PLAID-SECRET': 'portal-sandbox-secret' };

/** Opens Link from the page's button; answers the sandbox's origin (from the link-token answer's script_url). */
async function openLink(page: Page, button: Locator): Promise<string> {
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/banking/link-token') && r.request().method() === 'POST',
  );
  await button.click();
  const { script_url } = (await (await answer).json()) as { script_url: string };
  await expect(page.getByTestId('plaid-link-dialog')).toBeVisible();
  return new URL(script_url).origin;
}

/** The newest bank transfer's Plaid id, once the API has taken it to Plaid. */
async function plaidTransferId(email: string, direction: 'deposit' | 'withdrawal'): Promise<string> {
  const read = async () =>
    (
      await sql<{ id: string | null }>(
        `SELECT bt.plaid_transfer_id AS id FROM bank_transfers bt JOIN users u ON u.id = bt.user_id WHERE u.email = $1 AND bt.direction = $2 ORDER BY bt.created_at DESC LIMIT 1`,
        [email, direction],
      )
    )[0]?.id ?? null;
  await expect.poll(read, { message: 'the transfer reached Plaid' }).not.toBeNull();
  return (await read())!;
}

async function simulate(
  request: APIRequestContext,
  sandboxUrl: string,
  transferId: string,
  eventType: 'posted' | 'settled',
) {
  const r = await request.post(`${sandboxUrl}/sandbox/transfer/simulate`, {
    headers: SANDBOX,
    data: { transfer_id: transferId, event_type: eventType },
  });
  expect(r.status(), await r.text()).toBe(200);
}

/** axe on the page as it is: the serious and critical violations (toasts closed first: shared-ui's, audited elsewhere). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
async function axe(page: Page, label: string) {
  const close = page.getByRole('status').getByRole('button', { name: 'Close' });
  while (await close.count()) await close.first().click();
  await page.evaluate(axeSource);
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (d: Document, o: object) => Promise<unknown> } }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  )) as { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

const noSideways = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

test('link First Platypus Bank, add 50.00 (the deposit limits quoted, an amount above them refused before the PIN; pending, then settled at the bank), withdraw 20.00 instantly with the fee quoted before the PIN', async ({
  browser,
  request,
}) => {
  const user = await newUser(request, `Bea Banker ${Date.now().toString(36)}`);
  await deposit(user.email, 'USD', '100.00');
  await setPin(request, user, '2468');
  const { page, context } = await asUser(browser, user);

  // the header's account menu leads here; nothing linked yet
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Linked accounts' }).click();
  await expect(page).toHaveURL(/\/linked-accounts$/);
  await expect(page.getByRole('heading', { name: 'Linked payment methods' })).toBeVisible();
  await expect(page.getByTestId('no-linked-accounts')).toContainText('No linked accounts yet');
  await expect(page.getByTestId('card-linking')).toContainText(
    "Card linking needs the card payment provider's publishable key to be configured.",
  );
  await expect(page.getByTestId('usd-balance')).toHaveText('Available: 100.00 USD');
  await shot(page, 'empty-1280');

  // Link: the stand-in's dialog, First Platypus Bank -> checking 0000 and savings 1111
  const sandboxUrl = await openLink(page, page.getByRole('button', { name: 'Add bank account' }));
  await shot(page, 'link-dialog-1280');
  await page.getByTestId('plaid-institution-ins_109508').click();
  await expect(toast(page, 'Bank Account Linked')).toBeVisible();
  const accounts = page.getByTestId('linked-account');
  await expect(accounts).toHaveCount(2);
  await expect(accounts.nth(0)).toContainText('First Platypus Bank');
  await expect(accounts.filter({ hasText: 'Plaid Checking' })).toContainText('0000');
  await expect(accounts.filter({ hasText: 'Plaid Saving' })).toContainText('1111');
  await expect(accounts.filter({ hasText: 'Plaid Checking' })).toContainText('Depository · Checking');
  for (const status of await accounts.getByTestId('account-status').all()) await expect(status).toHaveText('Active');

  // Add money: 50.00 from checking, with the PIN; pending until the bank settles it
  const depositCard = page.getByTestId('deposit-card');
  await depositCard
    .getByLabel('Bank account')
    .selectOption({ label: 'Plaid Checking •••• 0000 · First Platypus Bank' });
  // above the daily deposit limit: refused by the quote before the PIN, in the limit's words
  await depositCard.getByLabel('Amount (USD)').fill('2500.01');
  await expect(depositCard.getByTestId('deposit-refusal')).toHaveText(
    'Limit Exceeded: This deposit would exceed your daily deposit limit of $2,500.00. You can add $2,500.00 more in 24 hours.',
  );
  await depositCard.getByLabel('Amount (USD)').fill('50.00');
  await expect(depositCard.getByTestId('deposit-limits')).toHaveText(
    'Deposit limits: $2,500.00 per 24 hours ($2,500.00 left), $10,000.00 per 7 days ($10,000.00 left).',
  );
  await depositCard.getByRole('button', { name: 'Add money' }).click();
  await expect(page.getByTestId('deposit-pin-summary')).toContainText(
    'Add 50.00 USD from First Platypus Bank •••• 0000.',
  );
  await typePin(page, '2468');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Deposit Started')).toContainText('usually the same business day');
  const newest = page.getByTestId('bank-transfer').first();
  await expect(newest).toContainText('Deposit');
  await expect(newest).toContainText('+50.00 USD');
  await expect(newest.getByTestId('transfer-status')).toHaveText('Pending');
  await expect(page.getByTestId('usd-balance')).toHaveText('Available: 100.00 USD'); // credited when settled, not before
  await shot(page, 'deposit-pending-1280');

  // the bank posts and settles it (the sandbox's simulate call); the page's polling shows it Completed and the new balance
  const depositId = await plaidTransferId(user.email, 'deposit');
  await simulate(request, sandboxUrl, depositId, 'posted');
  await simulate(request, sandboxUrl, depositId, 'settled');
  await expect(newest.getByTestId('transfer-status')).toHaveText('Completed', { timeout: 30_000 });
  await expect(page.getByTestId('usd-balance')).toHaveText('Available: 150.00 USD');

  // Withdraw: the client's checks first ('Missing Information', 'Invalid Amount', 'Insufficient Balance')
  const withdrawCard = page.getByTestId('withdraw-card');
  await withdrawCard.getByRole('button', { name: 'Withdraw' }).click();
  await expect(toast(page, 'Missing Information')).toContainText('Choose a bank account. Enter an amount.');
  await withdrawCard
    .getByLabel('Bank account')
    .selectOption({ label: 'Plaid Checking •••• 0000 · First Platypus Bank' });
  await withdrawCard.getByLabel('Amount (USD)').fill('0');
  await expect(withdrawCard.getByTestId('withdraw-amount-refusal')).toHaveText(
    'Invalid Amount: Amount must be greater than zero.',
  );
  await withdrawCard.getByLabel('Amount (USD)').fill('150.01');
  await expect(withdrawCard.getByTestId('withdraw-amount-refusal')).toHaveText(
    'Insufficient Balance: You do not have enough USD.',
  );
  await withdrawCard.getByRole('button', { name: 'Withdraw' }).click();
  await expect(toast(page, 'Insufficient Balance')).toContainText('You do not have enough USD.');

  // savings has no RTP: same-day ACH, and the timing says so
  await withdrawCard.getByLabel('Bank account').selectOption({ label: 'Plaid Saving •••• 1111 · First Platypus Bank' });
  await withdrawCard.getByLabel('Amount (USD)').fill('20.00');
  await expect(withdrawCard.getByTestId('withdraw-timing')).toContainText('same-day ACH');

  // checking: instant; fee 1.5% with a 0.25 minimum = 0.30, total 20.30, quoted before the PIN
  await withdrawCard
    .getByLabel('Bank account')
    .selectOption({ label: 'Plaid Checking •••• 0000 · First Platypus Bank' });
  await expect(withdrawCard.getByTestId('withdraw-fee')).toHaveText('0.30 USD');
  await expect(withdrawCard.getByTestId('withdraw-total')).toHaveText('20.30 USD');
  await expect(withdrawCard.getByTestId('withdraw-timing')).toContainText('Instant');
  await expect(withdrawCard).toContainText('Instant withdrawals have a fee');
  await expect(withdrawCard).toContainText('Bank timing may vary');
  await shot(page, 'withdraw-quote-1280');
  await withdrawCard.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByTestId('withdraw-pin-summary')).toContainText(
    'Withdraw 20.00 USD to First Platypus Bank •••• 0000. Fee: 0.30 USD. Total leaving your wallet: 20.30 USD.',
  );
  const confirm = page.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();
  await page.getByLabel('PIN digit 1').click();
  await page.keyboard.type('246');
  await expect(confirm).toBeDisabled();
  await page.keyboard.type('8');
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(toast(page, 'Withdrawal Started')).toContainText('Instant');
  await expect(page.getByTestId('usd-balance')).toHaveText('Available: 129.70 USD');
  const withdrawal = page.getByTestId('bank-transfer').first();
  await expect(withdrawal).toContainText('Withdrawal');
  await expect(withdrawal).toContainText('−20.00 USD');
  await expect(withdrawal).toContainText('Fee 0.30 USD');
  await shot(page, 'after-withdrawal-1280');
  expect(await axe(page, 'accounts, transfers, quote')).toEqual([]);

  // 375 px: no sideways scroll, the rows wrap
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByTestId('linked-account')).toHaveCount(2);
  await expect(page.getByTestId('bank-transfer')).toHaveCount(2);
  await noSideways(page);
  await shot(page, 'page-375');

  // the history has the deposit (the ledger's credit when it settled)
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/transactions');
  const history = page.getByTestId('history-row');
  await expect(
    history.filter({ hasText: 'Deposit from First Platypus Bank ••0000' }).getByTestId('history-amount'),
  ).toHaveText('+50.00 USD');
  // the withdrawal: its amount and its fee apart, the total that left, never the ledger's "escrow hold"
  const out = history.filter({ hasText: 'Withdrawal to First Platypus Bank ••0000' });
  await expect(out.getByTestId('history-amount')).toHaveText('-20.00 USD');
  await expect(out.getByTestId('history-fee')).toHaveText('0.30');
  await expect(out.getByTestId('history-total')).toHaveText('Total -20.30 USD');
  await expect(page.getByTestId('transactions')).not.toContainText(/escrow/i);
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Withdrawals' });
  await expect(page).toHaveURL(/type=withdrawal/);
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText('Withdrawal to First Platypus Bank ••0000');
  await shot(page, 'history-withdrawals-1280');
  expect(await axe(page, 'history with a withdrawal')).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(out.getByTestId('history-total')).toBeInViewport();
  const label = await out.getByTestId('history-label').getByRole('link').boundingBox(); // wraps, never runs under the amount
  expect(label!.x + label!.width).toBeLessThanOrEqual((await out.getByTestId('history-amount').boundingBox())!.x);
  await noSideways(page);
  await shot(page, 'history-withdrawals-375');
  await context.close();
});

test("a bank that wants a new sign-in shows red 'Sign-in required' and Reconnect makes it active; a bank without RTP goes by same-day ACH; NSF declines a deposit; Unlink asks first", async ({
  browser,
  request,
}) => {
  const user = await newUser(request, `Gil Gingham ${Date.now().toString(36)}`);
  await deposit(user.email, 'USD', '10.00');
  await setPin(request, user, '1357');
  const { page, context } = await asUser(browser, user);

  // the list cannot be read: the toast, and an inline retry that works once the server answers again
  await page.route('**/api/banking/accounts', (r) =>
    r.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Something broke.', code: 'INTERNAL' }),
    }),
  );
  await page.goto('/linked-accounts');
  await expect(toast(page, 'Error fetching linked accounts')).toContainText('Something broke.');
  await expect(page.getByTestId('accounts-error')).toContainText('Could not load your linked accounts.');
  await page.unroute('**/api/banking/accounts');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('no-linked-accounts')).toBeVisible();

  // Link's script cannot be loaded: 'check connection'; the next try loads it
  await page.route('**/link/v2/stable/link-initialize.js', (r) => r.abort());
  await page.getByRole('button', { name: 'Add bank account' }).click();
  await expect(toast(page, 'Could not load the bank connection')).toContainText(
    'Please check your connection and try again.',
  );
  await page.unroute('**/link/v2/stable/link-initialize.js');

  // First Gingham links in the sign-in-required state
  await openLink(page, page.getByRole('button', { name: 'Add bank account' }));
  await page.getByTestId('plaid-institution-ins_109509').click();
  await expect(toast(page, 'Bank Account Linked')).toBeVisible();
  const gingham = page.getByTestId('linked-account').filter({ hasText: 'First Gingham Credit Union' });
  await expect(gingham.getByTestId('account-status')).toHaveText('Sign-in required');
  await expect(gingham.getByTestId('account-status')).toHaveCSS('color', 'rgb(153, 27, 27)');
  await expect(page.getByTestId('withdraw-card').getByRole('option', { name: /First Gingham/ })).toHaveCount(0); // not until reconnected
  await shot(page, 'sign-in-required-1280');

  // Reconnect: Link in update mode, Continue -> active
  await openLink(page, gingham.getByRole('button', { name: 'Reconnect' }));
  await page.getByTestId('plaid-link-continue').click();
  await expect(toast(page, 'Bank Reconnected')).toBeVisible();
  await expect(gingham.getByTestId('account-status')).toHaveText('Active');
  await expect(gingham.getByRole('button', { name: 'Reconnect' })).toHaveCount(0);

  // Tattersall: no RTP (same-day ACH for withdrawals), 20.00 available (a 50.00 deposit is declined)
  await openLink(page, page.getByRole('button', { name: 'Add bank account' }));
  await page.getByTestId('plaid-institution-ins_109510').click();
  await expect(page.getByTestId('linked-account')).toHaveCount(2);
  const withdrawCard = page.getByTestId('withdraw-card');
  await withdrawCard
    .getByLabel('Bank account')
    .selectOption({ label: 'Tattersall Checking •••• 3333 · Tattersall Federal Credit Union' });
  await withdrawCard.getByLabel('Amount (USD)').fill('5');
  await expect(withdrawCard.getByTestId('withdraw-timing')).toContainText('same-day ACH');
  const depositCard = page.getByTestId('deposit-card');
  await depositCard
    .getByLabel('Bank account')
    .selectOption({ label: 'Tattersall Checking •••• 3333 · Tattersall Federal Credit Union' });
  await depositCard.getByLabel('Amount (USD)').fill('50');
  await depositCard.getByRole('button', { name: 'Add money' }).click();
  await typePin(page, '1357');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Deposit Failed')).toContainText('does not have enough money');
  const declined = page.getByTestId('bank-transfer').first();
  await expect(declined.getByTestId('transfer-status')).toHaveText('Declined');
  await expect(declined.getByTestId('transfer-reason')).toContainText('does not have enough money');

  // a wrong PIN: 'Incorrect PIN', as on the send screens
  await depositCard.getByLabel('Amount (USD)').fill('5');
  await depositCard.getByRole('button', { name: 'Add money' }).click();
  await typePin(page, '0000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Incorrect PIN')).toContainText('The PIN you entered is incorrect.');

  // Unlink asks first; Keep It keeps it; Unlink Account removes it
  await gingham.getByRole('button', { name: /^Unlink/ }).click();
  await expect(page.getByRole('dialog', { name: 'Unlink account' })).toContainText('Unlink this account?');
  await shot(page, 'unlink-1280');
  expect(await axe(page, 'declined transfer, unlink dialog')).toEqual([]);
  await page.getByRole('button', { name: 'Keep It' }).click();
  await expect(page.getByTestId('linked-account')).toHaveCount(2);
  await gingham.getByRole('button', { name: /^Unlink/ }).click();
  await page.getByRole('button', { name: 'Unlink Account' }).click();
  await expect(toast(page, 'Account Unlinked')).toContainText('Account unlinked.');
  await expect(page.getByTestId('linked-account')).toHaveCount(1);
  await expect(page.getByTestId('linked-account')).toContainText('Tattersall');

  await page.setViewportSize({ width: 375, height: 812 });
  await noSideways(page);
  await shot(page, 'declined-375');
  await context.close();
});

test("no PIN yet: 'PIN Not Set' sends the user to the profile, whose link leads back; the mobile menu has Linked accounts", async ({
  browser,
  request,
}) => {
  const user = await newUser(request, `Nina NoPin ${Date.now().toString(36)}`);
  const { page, context } = await asUser(browser, user);
  await page.goto('/linked-accounts');
  await expect(page.getByTestId('withdraw-card')).toContainText('Add a bank account first.');
  await openLink(page, page.getByRole('button', { name: 'Add bank account' }));
  await page.getByTestId('plaid-institution-ins_109508').click();
  await expect(page.getByTestId('linked-account')).toHaveCount(2);
  const depositCard = page.getByTestId('deposit-card');
  await depositCard
    .getByLabel('Bank account')
    .selectOption({ label: 'Plaid Checking •••• 0000 · First Platypus Bank' });
  await depositCard.getByLabel('Amount (USD)').fill('5');
  await depositCard.getByRole('button', { name: 'Add money' }).click();
  await expect(toast(page, 'PIN Not Set')).toContainText('Please set up a transaction PIN in your profile first.');
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByTestId('payment-methods-card').getByRole('link', { name: 'Manage linked accounts' }).click();
  await expect(page).toHaveURL(/\/linked-accounts$/);
  await page.getByRole('link', { name: '← Back to Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByTestId('mobile-menu').getByRole('link', { name: 'Linked accounts' }).click();
  await expect(page).toHaveURL(/\/linked-accounts$/);
  await expect(page.getByTestId('linked-account')).toHaveCount(2);
  await noSideways(page);
  await context.close();
});
