import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { screenshots, toast } from './helpers';
import { asUser, deposit, newUser, setPin, sql, typePin } from './money-helpers';

// End to end, two users in two browser contexts: the client posts a project, the freelancer
// finds it by search and proposes, the client accepts, funds a milestone (escrow, PIN), the freelancer
// submits, the client approves and pays; both see it paid and the right balances.
test.describe.configure({ mode: 'serial' });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshots, `marketplace-${name}.png`), fullPage: true });
/** The user's USD balance as an exact decimal string without trailing zeros ('198'). */
const usd = async (email: string) =>
  (
    await sql<{ b: string }>(
      `SELECT trim_scale(coalesce((SELECT w.balance FROM user_wallets w JOIN assets a ON a.id = w.asset_id JOIN users u ON u.id = w.user_id WHERE u.email = $1 AND a.symbol = 'USD'), 0))::text AS b`,
      [email],
    )
  )[0]!.b;

test('post, find by search, propose, accept, fund a milestone, submit, approve & pay: both sides see paid and the balances', async ({
  browser,
  request,
}) => {
  const clientUser = await newUser(request, 'Cleo Client');
  const freelancerUser = await newUser(request, 'Fred Freelancer');
  await deposit(clientUser.email, 'USD', '1000.00');
  await setPin(request, clientUser);
  const tag = `Bakery${Date.now().toString(36)}`;

  // the client posts a project
  const client = await asUser(browser, clientUser);
  await client.page.goto('/post-project');
  await client.page.getByRole('button', { name: 'Post Project' }).click();
  await expect(client.page.getByText('Please fill in all required fields.').first()).toBeVisible();
  await client.page.getByLabel('Title').fill(`${tag} landing page`);
  await client.page.getByLabel('Description').fill('A one-page site with our menu and opening hours.');
  await client.page.getByLabel('Skills').fill('React, CSS, Figma, SEO');
  await client.page.getByLabel('Budget amount').fill('400');
  await expect(client.page.getByLabel('Currency')).toHaveValue(/.+/);
  await client.page.getByRole('button', { name: 'Post Project' }).click();
  await expect(toast(client.page, 'Project Posted!')).toBeVisible();
  await expect(client.page.getByRole('heading', { name: `${tag} landing page` })).toBeVisible();
  await expect(client.page.getByTestId('no-proposals')).toHaveText(
    'No proposals have been submitted for this project yet.',
  );
  await expect(client.page.getByRole('button', { name: 'Delete (Soon)' })).toBeDisabled();

  // the freelancer finds it by search and proposes
  const freelancer = await asUser(browser, freelancerUser);
  await freelancer.page.goto('/find-work');
  await freelancer.page.getByLabel('Search projects').fill(tag.toLowerCase().slice(0, 10));
  const card = freelancer.page.getByTestId('project-card').filter({ hasText: `${tag} landing page` });
  await expect(card).toBeVisible();
  await expect(card.getByText('+1 more')).toBeVisible(); // 4 skills: 3 shown
  await shot(freelancer.page, 'find-work');
  await card.getByRole('link', { name: `${tag} landing page` }).click();
  await freelancer.page.getByLabel('Your proposal').fill('I have built twelve bakery sites.');
  await freelancer.page.getByLabel(/Proposed amount/).fill('350');
  await freelancer.page.getByLabel(/Estimated duration/).fill('10');
  await freelancer.page.getByRole('button', { name: 'Submit Proposal' }).click();
  await expect(toast(freelancer.page, 'Proposal Submitted!')).toBeVisible();
  await expect(freelancer.page.getByTestId('my-proposal')).toContainText('Submitted');

  // the client accepts: a contract
  await client.page.reload();
  const proposal = client.page.getByTestId('proposal').filter({ hasText: 'I have built twelve bakery sites.' });
  await expect(proposal).toContainText('350.00 USD');
  await proposal.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(client.page, 'Proposal Accepted!')).toBeVisible();
  await expect(client.page).toHaveURL(/\/contract\//);
  await expect(client.page.getByTestId('contract-facts')).toContainText('350.00 USD');

  // the client funds a milestone: the quote, then the PIN
  await client.page.getByRole('button', { name: 'Add Milestone' }).click();
  await client.page.getByLabel('Title').fill('Design and build');
  await client.page.getByLabel(/^Amount/).fill('200');
  await client.page.getByRole('button', { name: 'Review' }).click();
  await expect(client.page.getByTestId('hold-quote')).toContainText('Held in escrow: 200.00 USD');
  await expect(client.page.getByTestId('hold-quote')).toContainText('1,000.00 USD → 800.00 USD');
  await client.page.getByRole('button', { name: 'Fund Milestone' }).click();
  await typePin(client.page, '1234');
  await client.page
    .getByRole('dialog', { name: 'Enter Transaction PIN' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(toast(client.page, 'Milestone Added')).toBeVisible();
  await expect(client.page.getByTestId('milestone')).toHaveAttribute('data-status', 'pending');
  expect(await usd(clientUser.email)).toBe('800');

  // the freelancer submits it from the contract page (View Contract on the project)
  await freelancer.page.reload();
  await freelancer.page.getByRole('link', { name: 'View Contract' }).click();
  await freelancer.page.getByRole('button', { name: 'Submit for Payment' }).click();
  await freelancer.page.getByLabel('Notes for the client (optional)').fill('Live at the staging address.');
  await freelancer.page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(toast(freelancer.page, 'Milestone Submitted')).toBeVisible();

  // the client approves and pays: the dialog states the 1% fee
  await client.page.reload();
  await expect(client.page.getByTestId('milestone')).toContainText('Live at the staging address.');
  await client.page.getByRole('button', { name: 'Approve & Pay' }).click();
  const dialog = client.page.getByRole('dialog', { name: 'Approve & Pay' });
  await expect(dialog.getByTestId('approve-quote')).toContainText(
    'A 1% fee (2.00 USD) is taken from the amount paid to the freelancer, who receives 198.00 USD.',
  );
  await shot(client.page, 'approve');
  await typePin(client.page, '1234');
  await dialog.getByRole('button', { name: 'Approve & Pay' }).click();
  await expect(toast(client.page, 'Milestone Approved & Paid!')).toBeVisible();
  await expect(client.page.getByTestId('milestone')).toHaveAttribute('data-status', 'paid');
  await expect(client.page.getByTestId('milestone')).toContainText('Paid ');
  await expect(client.page.getByTestId('escrow-history')).toContainText(
    'Paid to the freelancer · Design and build (fee 2.00 USD)',
  );
  await shot(client.page, 'contract-paid');

  // both see it paid, and the balances
  await freelancer.page.reload();
  await expect(freelancer.page.getByTestId('milestone')).toHaveAttribute('data-status', 'paid');
  expect(await usd(clientUser.email)).toBe('800');
  expect(await usd(freelancerUser.email)).toBe('198');
  // both histories name the milestone and the other party, and link the contract
  const contractPath = new URL(client.page.url()).pathname;
  await freelancer.page.goto('/transactions');
  const payment = freelancer.page
    .getByTestId('history-row')
    .filter({ hasText: 'Milestone paid: "Design and build" by Cleo Client' });
  await expect(payment.getByTestId('history-amount')).toHaveText('+200.00 USD');
  await expect(payment.getByTestId('history-fee')).toHaveText('2.00');
  await expect(payment.getByTestId('history-total')).toHaveText('Total 198.00 USD');
  await client.page.goto('/transactions');
  const funding = client.page
    .getByTestId('history-row')
    .filter({ hasText: 'Milestone funded: "Design and build" for Fred Freelancer' });
  await expect(funding.getByTestId('history-amount')).toHaveText('-200.00 USD');
  await expect(funding).not.toContainText('Escrow');
  await shot(client.page, 'history-1280');
  await funding.getByRole('link', { name: 'Milestone funded: "Design and build" for Fred Freelancer' }).click();
  await expect(client.page).toHaveURL(new RegExp(`${contractPath}$`));
  await freelancer.page.setViewportSize({ width: 375, height: 800 });
  await freelancer.page.goto('/my-projects');
  await freelancer.page.getByRole('tab', { name: 'As Freelancer (Active)' }).click();
  await expect(freelancer.page.getByTestId('my-contract')).toContainText(`${tag} landing page`);
  await shot(freelancer.page, 'my-projects-375');
  await client.context.close();
  await freelancer.context.close();
});

test('a third user opening the contract gets the spec text, not the contract', async ({ browser, request }) => {
  const [row] = await sql<{ id: string }>('SELECT id FROM project_contracts ORDER BY created_at DESC LIMIT 1');
  const id = row!.id;
  const stranger = await asUser(browser, await newUser(request, 'Sam Stranger'));
  await stranger.page.goto(`/contract/${id}`);
  await expect(stranger.page.getByTestId('contract-not-found')).toHaveText(
    'Contract not found or you do not have permission to view it.',
  );
  await stranger.context.close();
});
