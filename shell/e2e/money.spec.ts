import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { signInWithForm, toast } from './helpers';
import { asUser, deposit, newUser, setPin, shot, typePin } from './money-helpers';

// Money core end to end: send by e-mail and by keypad with the PIN, the receiver's
// dashboard, request then pay, history paging and the CSV statement. Users come from the real
// sign-up (dev outbox confirmation); their money comes from deposits posted through the ledger
// function in the portal's own database (there is no deposit screen yet): see money-helpers.ts.
test.describe.configure({ mode: 'serial' });

test('send by e-mail with the PIN: fee shown before confirming, success toast, the receiver sees it on the dashboard', async ({
  page,
  browser,
  request,
}) => {
  const alice = await newUser(request, 'Alice Sender');
  const bea = await newUser(request, 'Bea Receiver');
  await deposit(alice.email, 'USD', '500.00');
  await setPin(request, alice);

  await signInWithForm(page, alice);
  await page.goto('/send-money');
  const form = page.getByTestId('send-money');
  await expect(form.getByText('Transfer funds to another user')).toBeVisible();
  await expect(form.getByTestId('available')).toHaveText('Available to send: 500.00000000 USD');
  await form.getByLabel("Recipient's Email").fill(bea.email);
  await form.getByLabel('Amount').fill('0');
  await expect(form.getByTestId('refusal-amount')).toHaveText('Amount must be greater than zero.');
  await expect(form.getByRole('button', { name: 'Send Money' })).toBeDisabled();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // amount + fee over the balance: said at the field before any PIN, and Send Money stays off
  await form.getByLabel('Amount').fill('500');
  await expect(form.getByTestId('refusal-amount')).toHaveText('Insufficient Balance: You do not have enough USD.');
  await expect(form.getByRole('button', { name: 'Send Money' })).toBeDisabled();
  // sending to oneself and an unknown recipient: at the recipient field
  await form.getByLabel("Recipient's Email").fill(alice.email);
  await form.getByLabel('Amount').fill('25');
  await expect(form.getByTestId('refusal-recipient')).toHaveText('You cannot send money to yourself.');
  await form.getByLabel("Recipient's Email").fill(`nobody-${crypto.randomBytes(3).toString('hex')}@example.test`);
  await expect(form.getByTestId('refusal-recipient')).toHaveText('Recipient not found.');
  await expect(form.getByRole('button', { name: 'Send Money' })).toBeDisabled();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await form.getByLabel("Recipient's Email").fill(bea.email);
  await expect(form.getByTestId('quote')).toHaveText('Fee: 0.13 USD · Total: 25.13 USD');
  await form.getByLabel('Description (optional)').fill('Concert tickets');
  await form.getByRole('button', { name: 'Send Money' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter Transaction PIN' });
  await expect(dialog.getByTestId('fee-quote')).toContainText('Fee: 0.13 USD. Total: 25.13 USD.');
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  // a wrong PIN: the form keeps its values
  await typePin(page, '9999');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Incorrect PIN')).toContainText('The PIN you entered is incorrect. 4 attempts left');
  await expect(form.getByLabel('Amount')).toHaveValue('25');
  await form.getByRole('button', { name: 'Send Money' }).click();
  await typePin(page, '1234');
  await shot(page, 'send-pin');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Transfer Successful')).toContainText('You sent 25.00 USD to Bea Receiver. Fee: 0.13 USD.'); // by name, as /pay
  await expect(page).toHaveURL(/\/dashboard$/);

  const b = await asUser(browser, bea);
  const row = b.page.getByTestId('activity-row').first();
  await expect(row).toContainText('Received 25.00 USD');
  await expect(row).toContainText('Received from Alice Sender');
  await expect(b.page.getByTestId('dashboard')).toContainText('25.00');
  await b.context.close();
});

test('pay by keypad and request then pay: user search, keypad, fee, PIN, the requester sees it paid', async ({
  page,
  browser,
  request,
}) => {
  const tag = crypto.randomBytes(2).toString('hex');
  const carl = await newUser(request, `Carl Keypad ${tag}`);
  const dora = await newUser(request, `Dora Requester ${tag}`);
  await deposit(carl.email, 'USD', '300.00');
  await setPin(request, carl);

  await signInWithForm(page, carl);
  await page.goto('/pay');
  const pay = page.getByTestId('pay');
  await pay.getByPlaceholder('Search by name, username or e-mail').fill(`nobody-${tag}`);
  await expect(pay.getByText('No users found.')).toBeVisible();
  await pay.getByPlaceholder('Search by name, username or e-mail').fill(`dora requester ${tag}`);
  await pay.getByRole('button', { name: new RegExp(`Dora Requester ${tag}`) }).click();
  await expect(pay.getByTestId('chosen-user')).toContainText(`Dora Requester ${tag}`);
  for (const k of ['1', '2', 'Decimal point', '5']) await pay.getByRole('button', { name: k, exact: true }).click();
  await expect(pay.getByTestId('keypad-display')).toHaveText('12.5');
  await expect(pay.getByTestId('quote')).toHaveText('Fee: 0.06 USD · Total: 12.56 USD');
  await pay.getByLabel('Note').fill('Lunch');
  await pay.getByRole('button', { name: 'Send', exact: true }).last().click();
  await typePin(page, '1234');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Transfer Successful')).toContainText(
    `You sent 12.50 USD to Dora Requester ${tag}. Fee: 0.06 USD.`,
  );
  await expect(page).toHaveURL(/\/dashboard$/);

  // Dora requests 7 USD from Carl
  const d = await asUser(browser, dora);
  await d.page.goto('/pay');
  const dpay = d.page.getByTestId('pay');
  await dpay.getByRole('tab', { name: 'Request' }).click();
  await dpay.getByPlaceholder('Search by name, username or e-mail').fill(`carl keypad ${tag}`);
  await dpay.getByRole('button', { name: new RegExp(`Carl Keypad ${tag}`) }).click();
  await dpay.getByRole('button', { name: '7', exact: true }).click();
  await dpay.getByLabel('Note').fill('Taxi');
  await dpay.getByRole('button', { name: 'Request', exact: true }).last().click();
  await expect(toast(d.page, 'Request Sent')).toContainText(`You requested 7.00 USD from Carl Keypad ${tag}.`); // at the asset's scale, as the list
  await expect(d.page.getByTestId('outgoing-request').first().getByTestId('request-status')).toHaveText('pending');

  // Carl sees it and pays it with the PIN
  await page.goto('/pay');
  const incoming = page.getByTestId('incoming-request').first();
  await expect(incoming).toContainText(`Dora Requester ${tag} requests 7.00 USD`);
  await incoming.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('dialog').getByTestId('request-quote')).toContainText('Fee: 0.04 USD. Total: 7.04 USD.'); // quoted before the PIN
  await typePin(page, '1234');
  await shot(page, 'request-pin');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Transfer Successful')).toContainText('You sent 7.00 USD');
  await expect(incoming).toContainText('paid');

  await d.page.reload();
  await expect(d.page.getByTestId('outgoing-request').first().getByTestId('request-status')).toHaveText('paid');
  await d.context.close();
});

test('history: 10 per page with Previous/Next rules, signs and colours, CSV statement of the whole history', async ({
  page,
  request,
}) => {
  const erin = await newUser(request, 'Erin History');
  await page.goto('/');
  await signInWithForm(page, erin);
  await page.goto('/transactions');
  await expect(page.getByTestId('no-transactions')).toContainText('No Transactions Yet');
  await expect(page.getByTestId('no-transactions').getByRole('link', { name: 'Send Money' })).toHaveAttribute(
    'href',
    '/send-money',
  );

  for (let i = 1; i <= 23; i++) await deposit(erin.email, 'USD', `${i}.00`, `Deposit ${i}`);
  await page.reload();
  const rows = page.getByTestId('history-row');
  await expect(rows).toHaveCount(10);
  await expect(page.getByTestId('page-info')).toHaveText('Page 1 of 3');
  await expect(rows.first()).toContainText('Deposit 23');
  await expect(rows.first().getByTestId('history-amount')).toHaveText('+23.00 USD'); // the asset's scale, as everywhere
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('page-info')).toHaveText('Page 2 of 3');
  await expect(rows.first()).toContainText('Deposit 13');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByTestId('page-info')).toHaveText('Page 2 of 3');
  await shot(page, 'history');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs
    .readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe('Date (UTC),Type,Description,Counterparty,Note,Asset,Amount,Fee,Total,Status,Transaction ID');
  expect(csv).toHaveLength(24);
  expect(csv[1]).toContain(',Deposit,Deposit,,Deposit 23,USD,+23.00,0.00,+23.00,completed,');
});
