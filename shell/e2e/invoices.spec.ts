import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { screenshots, toast } from './helpers';
import { asUser, deposit, newUser, setPin, sql, typePin } from './money-helpers';

// End to end: the creator makes an invoice with two items and tax, sends it; the client
// finds it under Received (viewed), pays it with the PIN after the fee is quoted; both see it paid and
// the balances moved (the creator receives the total less the 1% fee).
test.describe.configure({ mode: 'serial' });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshots, `invoices-${name}.png`), fullPage: true });
const usd = async (email: string) =>
  (
    await sql<{ b: string }>(
      `SELECT coalesce((SELECT w.balance FROM user_wallets w JOIN assets a ON a.id = w.asset_id JOIN users u ON u.id = w.user_id WHERE u.email = $1 AND a.symbol = 'USD'), 0)::numeric(38,2)::text AS b`,
      [email],
    )
  )[0]!.b;

test('create with two items and tax, send, the client sees it under Received (viewed), pays with the PIN; both see paid and the balances moved', async ({
  browser,
  request,
}) => {
  const tag = Date.now().toString(36);
  const creatorUser = await newUser(request, `Carla Creator ${tag}`);
  const clientUser = await newUser(request, `Cliff Client ${tag}`);
  await deposit(clientUser.email, 'USD', '500.00');
  await setPin(request, clientUser, '2468');

  // the creator: the spec's checks first, then two items at 8.25% tax, totals computed live
  const creator = await asUser(browser, creatorUser);
  await creator.page.goto('/invoices');
  await expect(creator.page.getByTestId('no-invoices')).toContainText('No Invoices Yet');
  await creator.page.getByRole('link', { name: 'Create Invoice' }).click();
  await expect(creator.page.getByLabel('Invoice number')).toHaveValue(/^INV-\d{6}$/);
  await creator.page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(toast(creator.page, 'Invalid Invoice Data')).toContainText(
    'Please fill all item details and select an asset.',
  );
  await creator.page.getByLabel('Description').fill('Logo design');
  await creator.page.getByLabel('Quantity').fill('2');
  await creator.page.getByLabel('Unit price').fill('150');
  await creator.page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(toast(creator.page, 'Client Information Missing')).toBeVisible();
  await creator.page.getByLabel('Find the client').fill(`Cliff Client ${tag}`);
  await creator.page.getByRole('button', { name: new RegExp(`Cliff Client ${tag}`) }).click();
  await expect(creator.page.getByTestId('chosen-user')).toContainText(`Cliff Client ${tag}`);
  await creator.page.getByRole('button', { name: 'Add Item' }).click();
  await creator.page.locator('#item-1-description').fill('Business cards');
  await creator.page.locator('#item-1-quantity').fill('3');
  await creator.page.locator('#item-1-price').fill('0.10');
  await creator.page.getByLabel('Tax rate (%)').fill('8.25');
  await creator.page.getByLabel('Invoice number').fill(`INV-${tag}`);
  await expect(creator.page.getByTestId('invoice-totals')).toContainText('300.30 USD'); // 300.00 + 0.30
  await expect(creator.page.getByTestId('invoice-total')).toHaveText('325.07 USD'); // tax 24.77475 -> 24.77
  await shot(creator.page, 'form');
  // a past due date: the toast says why (not only the field)
  await creator.page.getByLabel('Due date (optional)').fill('2020-01-15');
  await creator.page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(toast(creator.page, 'Invalid Invoice Data')).toContainText('The due date cannot be in the past.');
  await expect(
    creator.page.getByRole('alert').filter({ hasText: 'The due date cannot be in the past.' }),
  ).toBeVisible();
  await creator.page.getByLabel('Due date (optional)').fill('');
  await creator.page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(toast(creator.page, 'Invoice Created')).toBeVisible();
  await expect(creator.page.getByTestId('invoice-status')).toHaveText('Draft');
  await expect(creator.page.getByTestId('invoice-total')).toHaveText('325.07 USD');
  await creator.page.getByRole('button', { name: 'Send Invoice' }).click();
  await expect(toast(creator.page, 'Invoice Sent')).toBeVisible();
  await expect(creator.page.getByTestId('invoice-status')).toHaveText('Sent');
  await expect(creator.page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  expect(
    (
      await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = $1 AND subject LIKE $2`,
        [clientUser.email, `Invoice INV-${tag}%`],
      )
    )[0]!.n,
  ).toBe(1);

  // the client: Received, opens it (viewed), the fee quoted, pays with the PIN
  const client = await asUser(browser, clientUser);
  await client.page.setViewportSize({ width: 375, height: 812 });
  await client.page.goto('/invoices');
  await client.page.getByRole('tab', { name: 'Received' }).click();
  const row = client.page.getByTestId('invoice-row').filter({ hasText: `INV-${tag}` });
  await expect(row).toContainText('325.07 USD');
  await expect(row).toContainText(`Carla Creator ${tag}`);
  await shot(client.page, 'received-375');
  await row.getByRole('link', { name: `INV-${tag}` }).click();
  await expect(client.page.getByTestId('invoice-status')).toHaveText('Viewed');
  await client.page.getByRole('button', { name: 'Pay Invoice' }).click();
  await expect(client.page.getByTestId('invoice-quote')).toContainText('Pay 325.07 USD');
  await expect(client.page.getByTestId('invoice-quote')).toContainText(
    'The fee of 3.25 USD is paid by the creator, who receives 321.82 USD.',
  );
  await shot(client.page, 'pay-375');
  await typePin(client.page, '2468');
  await client.page.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(client.page, 'Invoice Paid')).toBeVisible();
  await expect(client.page.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(client.page.getByRole('button', { name: 'Pay Invoice' })).toHaveCount(0);
  await shot(client.page, 'paid-375');

  // both see it paid; the money moved through the ledger
  await creator.page.goto('/invoices');
  await expect(
    creator.page
      .getByTestId('invoice-row')
      .filter({ hasText: `INV-${tag}` })
      .getByTestId('invoice-status'),
  ).toHaveText('Paid');
  await shot(creator.page, 'list');
  expect([await usd(clientUser.email), await usd(creatorUser.email)]).toEqual(['174.93', '321.82']);
  await creator.context.close();
  await client.context.close();
});

test("another user's invoice: 'Invoice not found.' and back to /invoices", async ({ browser, request }) => {
  const stranger = await asUser(browser, await newUser(request, 'Stan Stranger'));
  const { id } = (await sql<{ id: string }>(`SELECT id FROM invoices ORDER BY created_at DESC LIMIT 1`))[0]!;
  await stranger.page.goto(`/invoice/${id}`);
  await expect(toast(stranger.page, 'Error fetching invoice')).toContainText('Invoice not found.');
  await expect(stranger.page).toHaveURL(/\/invoices$/);
  await stranger.context.close();
});
