import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, screenshots, signInWithForm, toast } from './helpers';
import { apiAs, asUser, deposit, newInvestor, newUser, setPin, sql, typePin } from './money-helpers';

// The one money action of shared-ui on three screens: an amount is checked by the asset's scale as
// typed, the PIN dialog says exactly the amount sent, and after a refusal the amount is corrected in
// the same dialog and confirmed without a reload (a changed body goes with a new Idempotency-Key, so
// the server does not answer 'This Idempotency-Key was already used with a different request.').
test.describe.configure({ mode: 'serial' });

const usd = async (email: string) =>
  (
    await sql<{ b: string }>(
      `SELECT coalesce((SELECT w.balance FROM user_wallets w JOIN assets a ON a.id = w.asset_id JOIN users u ON u.id = w.user_id WHERE u.email = $1 AND a.symbol = 'USD'), 0)::numeric(20,2)::text AS b`,
      [email],
    )
  )[0]!.b;
const usdId = async () => (await sql<{ id: string }>(`SELECT id FROM assets WHERE symbol = 'USD'`))[0]!.id;
const pinDialog = (page: Page) => page.getByRole('dialog', { name: 'Enter Transaction PIN' });

/** The dialog at desktop and phone widths (test-results/screenshots/money-action-<name>-<width>.png). */
async function shotsOf(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(screenshots, `money-action-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A sender with 100.00 USD and the PIN 1234, signed in on `page`, and someone to send to. */
async function senderAndReceiver(page: Page, request: APIRequestContext, names: [string, string]) {
  const sender = await newUser(request, names[0]);
  const receiver = await newUser(request, names[1]);
  await deposit(sender.email, 'USD', '100.00');
  await setPin(request, sender);
  await signInWithForm(page, sender);
  return { alice: sender, bea: receiver };
}

test('/send-money: a send refused for the balance is corrected in the same dialog and goes through once', async ({
  page,
  request,
}) => {
  const { alice, bea } = await senderAndReceiver(page, request, ['Alice Corrects', 'Bea Gets']);
  await page.goto('/send-money');
  const form = page.getByTestId('send-money');
  await form.getByLabel("Recipient's Email").fill(bea.email);
  await form.getByLabel('Amount').fill('50.123');
  await expect(form.getByTestId('refusal-amount')).toHaveText('USD amounts allow at most 2 decimal places.');
  await expect(form.getByRole('button', { name: 'Send Money' })).toBeDisabled();
  await form.getByLabel('Amount').fill('60');
  await expect(form.getByTestId('quote')).toBeVisible();
  await form.getByRole('button', { name: 'Send Money' }).click();
  await expect(pinDialog(page).getByTestId('fee-quote')).toContainText('Sending 60 USD to Bea Gets.');

  // meanwhile 50.00 leaves the wallet elsewhere: 60 is no longer covered when it is confirmed
  await (
    await apiAs(request, alice)
  )(
    'POST',
    '/api/wallet/transfers',
    { amount: '50.00', recipientEmail: bea.email, assetSymbol: 'USD', pin: '1234' },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  await typePin(page, '1234');
  await pinDialog(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Insufficient Balance')).toContainText('You do not have enough USD.');
  await expect(pinDialog(page).getByTestId('money-amount-refusal')).toHaveText('You do not have enough USD.');
  await shotsOf(page, 'send-refused');

  await pinDialog(page).getByLabel('Amount (USD)').fill('20');
  await expect(pinDialog(page).getByTestId('fee-quote')).toContainText('Sending 20 USD to Bea Gets.');
  await typePin(page, '1234');
  await pinDialog(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Transfer Successful')).toContainText('You sent 20.00 USD to Bea Gets.');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await usd(bea.email)).toBe('70.00');
  const sent = await sql<{ amount: string }>(
    `SELECT t.amount::numeric(20,2)::text AS amount FROM transactions t JOIN users u ON u.id = t.sender_id WHERE u.email = $1 ORDER BY t.created_at`,
    [alice.email],
  );
  expect(sent).toEqual([{ amount: '50.00' }, { amount: '20.00' }]); // never the refused 60, and 20 once
});

test('/campaign/{id}: 50.123 is refused as typed; an investment over the balance is refused by the quote before the PIN and corrected to 55 in the same dialog', async ({
  browser,
  request,
}) => {
  const founder = await newUser(request, 'Flo Founder');
  const investorUser = await newInvestor(request, 'Ines Investor', '1000.00');
  const company = `Teapot${Date.now().toString(36)} Ltd`;
  const asFounder = await apiAs(request, founder);
  const draft = await asFounder('POST', '/api/campaigns', {
    company_name: company,
    description: 'Teapots that pour without dripping.',
    target_amount: '10000.00',
    min_investment: '50.00',
    max_investment: '5000.00',
    equity_offered_percentage: '5',
    campaign_end_date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    asset_currency_id: await usdId(),
  });
  const id = draft.campaign.id as string;
  await asFounder('POST', `/api/campaigns/${id}/submit`);
  await (
    await apiAs(request, ADMIN)
  )('POST', `/api/campaigns/review/${id}/approve`);

  const { page } = await asUser(browser, investorUser);
  await page.goto(`/campaign/${id}`);
  const panel = page.getByTestId('invest-panel');
  await panel.getByLabel('Amount (USD)').fill('50.123');
  await expect(panel.getByRole('alert')).toHaveText('USD amounts allow at most 2 decimal places.');
  await panel.getByRole('button', { name: 'Invest' }).click();
  await expect(toast(page, 'Invalid Amount')).toContainText('USD amounts allow at most 2 decimal places.');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await panel.getByLabel('Amount (USD)').fill('2000');
  await panel.getByRole('button', { name: 'Invest' }).click();
  await expect(pinDialog(page).getByTestId('money-summary')).toHaveText(
    `Invest 2000 USD in ${company}. It is held in escrow until the campaign ends.`,
  );
  // the quote refuses it before any PIN is typed
  await expect(pinDialog(page).getByTestId('money-amount-refusal')).toHaveText('You do not have enough USD.');
  await expect(pinDialog(page).getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await shotsOf(page, 'invest-refused');
  await pinDialog(page).getByLabel('Amount (USD)').fill('55.123');
  await expect(pinDialog(page).getByTestId('money-amount-refusal')).toHaveText(
    'USD amounts allow at most 2 decimal places.',
  );
  await expect(pinDialog(page).getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await pinDialog(page).getByLabel('Amount (USD)').fill('55');
  await expect(pinDialog(page).getByTestId('money-summary')).toHaveText(
    `Invest 55 USD in ${company}. It is held in escrow until the campaign ends.`,
  );
  await typePin(page, '1234');
  await pinDialog(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Investment Submitted!')).toContainText('Your investment intent is pending verification.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('my-investments-here')).toContainText('55.00 USD');
  expect(await usd(investorUser.email)).toBe('945.00');
  const rows = await sql<{ amount: string }>(
    `SELECT i.amount_invested::numeric(20,2)::text AS amount FROM investments i JOIN users u ON u.id = i.investor_profile_id WHERE u.email = $1`,
    [investorUser.email],
  );
  expect(rows).toEqual([{ amount: '55.00' }]);
});

test('/admin/disputes: a refused split, then a valid one in the same dialog, resolves the dispute', async ({
  browser,
  request,
}) => {
  const clientUser = await newUser(request, 'Cleo Client');
  const freelancerUser = await newUser(request, 'Finn Freelancer');
  await deposit(clientUser.email, 'USD', '1000.00');
  await setPin(request, clientUser);
  const title = `Bakery site ${crypto.randomBytes(3).toString('hex')}`;
  const asClient = await apiAs(request, clientUser);
  const asFreelancer = await apiAs(request, freelancerUser);
  const project = await asClient('POST', '/api/marketplace/projects', {
    title,
    description: 'A one-page site with the menu.',
    skills: 'React',
    budget_amount: '500.00',
    budget_type: 'fixed',
    budget_currency: await usdId(),
    deadline: null,
  });
  const proposal = await asFreelancer('POST', `/api/marketplace/projects/${project.project.id}/proposals`, {
    proposal_text: 'I have built twelve of these.',
    proposed_amount: '500.00',
    estimated_duration_days: 10,
  });
  const { contract_id: contractId } = await asClient(
    'POST',
    `/api/marketplace/proposals/${proposal.proposal.id}/accept`,
  );
  await asClient(
    'POST',
    `/api/marketplace/contracts/${contractId}/milestones`,
    { title: 'Menu page', amount: '200.00', pin: '1234' },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  const milestoneId = (await asClient('GET', `/api/marketplace/contracts/${contractId}`)).milestones[0].id as string;
  await asFreelancer('POST', `/api/marketplace/milestones/${milestoneId}/submit`, {});
  await asClient('POST', `/api/marketplace/milestones/${milestoneId}/dispute`, { reason: 'The menu is missing.' });

  const { page } = await asUser(browser, ADMIN);
  await page.goto('/admin/disputes');
  await page.getByTestId('dispute').filter({ hasText: title }).getByRole('button', { name: 'Resolve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Resolve dispute' });
  await dialog.getByLabel('Outcome').selectOption('split');
  await dialog.getByLabel(/^Freelancer receives/).fill('200');
  await dialog.getByLabel('Note to both parties').fill('Half of the menu was delivered.');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(toast(page, 'Failed to Resolve Dispute')).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText(
    'A split gives each party part of the milestone: more than 0 and less than its amount.',
  );
  await shotsOf(page, 'dispute-refused');
  await dialog.getByLabel(/^Freelancer receives/).fill('120.005');
  await expect(dialog.getByRole('alert')).toHaveText('USD amounts allow at most 2 decimal places.');
  await dialog.getByLabel(/^Freelancer receives/).fill('120');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(toast(page, 'Dispute Resolved')).toContainText('Menu page: split.');
  await expect(page.getByTestId('dispute').filter({ hasText: title })).toHaveCount(0);
  expect(await usd(freelancerUser.email)).toBe('118.80'); // 120 minus the 1% fee
  expect(await usd(clientUser.email)).toBe('880.00'); // 1000 - 200 held + 80 back
});

test('/send-money: an answer lost on the way is retried with the same Idempotency-Key, and the money moves once', async ({
  page,
  request,
}) => {
  const { alice, bea } = await senderAndReceiver(page, request, ['Alice Retries', 'Bea Once']);
  const keys: string[] = [];
  // the first send reaches the server, but its answer never reaches the page (a dropped connection)
  await page.route('**/api/wallet/transfers', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.goto('/send-money');
  const form = page.getByTestId('send-money');
  await form.getByLabel("Recipient's Email").fill(bea.email);
  await form.getByLabel('Amount').fill('30');
  await expect(form.getByTestId('quote')).toBeVisible();
  await form.getByRole('button', { name: 'Send Money' }).click();
  await typePin(page, '1234');
  await pinDialog(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(pinDialog(page).getByTestId('money-notice')).toHaveText(
    'No answer came back, so it may not have gone through. Confirm again to retry: it is not sent twice.',
  );
  await typePin(page, '1234');
  await pinDialog(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Transfer Successful')).toContainText('You sent 30.00 USD to Bea Once.');
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(await usd(bea.email)).toBe('30.00');
  const sent = await sql(`SELECT 1 FROM transactions t JOIN users u ON u.id = t.sender_id WHERE u.email = $1`, [
    alice.email,
  ]);
  expect(sent).toHaveLength(1);
});
