import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, droppableLiveSocket, screenshots, toast } from './helpers';
import { apiAs, asUser, deposit, newUser, setPin, typePin } from './money-helpers';

// Live pages (docs/decisions.md "Live pages"), two browsers: what one person does appears on the other's
// open page without a reload; after a dropped socket, what was missed appears once.
test.describe.configure({ mode: 'serial' });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshots, `live-${name}.png`), fullPage: true });

/** Marks the page's document: a reload (or a full navigation) loses the mark. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { liveMark: number }).liveMark = 1;
  });
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark === 1);

test("a client funds a milestone: the freelancer's open contract page shows it; the submission reaches the client's page; the payment reaches the freelancer's dashboard", async ({
  browser,
  request,
}) => {
  const tag = Date.now().toString(36);
  const clientUser = await newUser(request, `Lena Client ${tag}`);
  const freelancerUser = await newUser(request, `Theo Freelancer ${tag}`);
  await deposit(clientUser.email, 'USD', '500.00');
  await setPin(request, clientUser);
  const asClient = await apiAs(request, clientUser);
  const asFreelancer = await apiAs(request, freelancerUser);
  const usd = (await asClient('GET', '/api/wallet/dashboard')).wallets.find(
    (w: { asset: { symbol: string } }) => w.asset.symbol === 'USD',
  ).asset.id as string;
  const { project } = await asClient('POST', '/api/marketplace/projects', {
    title: `Live bakery site ${tag}`,
    description: 'A one-page site.',
    skills: 'React',
    budget_amount: '300.00',
    budget_type: 'fixed',
    budget_currency: usd,
    deadline: null,
  });
  const { proposal } = await asFreelancer('POST', `/api/marketplace/projects/${project.id}/proposals`, {
    proposal_text: 'Happy to build it.',
    proposed_amount: '300.00',
    estimated_duration_days: 7,
  });
  const { contract_id: contractId } = await asClient('POST', `/api/marketplace/proposals/${proposal.id}/accept`);

  // both have the contract page open
  const freelancer = await asUser(browser, freelancerUser);
  await freelancer.page.goto(`/contract/${contractId}`);
  await expect(freelancer.page.getByTestId('contract-facts')).toContainText('300.00 USD');
  await expect(freelancer.page.getByTestId('milestone')).toHaveCount(0);
  await markDocument(freelancer.page);
  const client = await asUser(browser, clientUser);
  await client.page.goto(`/contract/${contractId}`);
  await markDocument(client.page);

  // the client funds a milestone; the freelancer's page shows it, funded, without a reload
  await client.page.getByRole('button', { name: 'Add Milestone' }).click();
  await client.page.getByLabel('Title').fill('Design and build');
  await client.page.getByLabel(/^Amount/).fill('120');
  await client.page.getByRole('button', { name: 'Review' }).click();
  await client.page.getByRole('button', { name: 'Fund Milestone' }).click();
  await typePin(client.page, '1234');
  await client.page
    .getByRole('dialog', { name: 'Enter Transaction PIN' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(toast(client.page, 'Milestone Added')).toBeVisible();
  const theirMilestone = freelancer.page.getByTestId('milestone');
  await expect(theirMilestone).toHaveCount(1);
  await expect(theirMilestone).toHaveAttribute('data-status', 'pending');
  await expect(theirMilestone).toContainText('Design and build');
  await expect(freelancer.page.getByTestId('escrow-history')).toContainText('120.00 USD');
  expect(await sameDocument(freelancer.page), 'the freelancer did not reload').toBe(true);
  await shot(freelancer.page, 'contract-funded');

  // the freelancer submits it; the client's page offers Approve & Pay without a reload
  await freelancer.page.getByRole('button', { name: 'Submit for Payment' }).click();
  await freelancer.page.getByLabel('Notes for the client (optional)').fill('Live on staging.');
  await freelancer.page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(toast(freelancer.page, 'Milestone Submitted')).toBeVisible();
  await expect(client.page.getByTestId('milestone')).toHaveAttribute('data-status', 'submitted_for_payment');
  await expect(client.page.getByTestId('milestone')).toContainText('Live on staging.');
  await expect(client.page.getByRole('button', { name: 'Approve & Pay' })).toBeVisible();
  expect(await sameDocument(client.page), 'the client did not reload').toBe(true);

  // the freelancer watches the dashboard; the client pays: the balance and the activity arrive by themselves
  await freelancer.page.goto('/dashboard');
  await expect(freelancer.page.getByTestId('dashboard')).toBeVisible();
  const usdBalance = freelancer.page.locator('[data-testid="wallet"][data-symbol="USD"]').getByTestId('wallet-balance');
  await expect(freelancer.page.getByText('You currently have no wallets.')).toBeVisible();
  await expect(freelancer.page.getByTestId('activity-row')).toHaveCount(0);
  await markDocument(freelancer.page);
  await client.page.getByRole('button', { name: 'Approve & Pay' }).click();
  const pay = client.page.getByRole('dialog', { name: 'Approve & Pay' });
  await expect(pay.getByTestId('approve-quote')).toBeVisible();
  await typePin(client.page, '1234');
  await pay.getByRole('button', { name: 'Approve & Pay' }).click();
  await expect(toast(client.page, 'Milestone Approved & Paid!')).toBeVisible();
  await expect(usdBalance).toHaveText('118.80');
  await expect(freelancer.page.getByTestId('activity-row').first()).toContainText('Design and build');
  expect(await sameDocument(freelancer.page), 'the freelancer did not reload the dashboard').toBe(true);
  await shot(freelancer.page, 'dashboard-paid');
  await client.context.close();
  await freelancer.context.close();
});

/** A ticket of `user`'s made through the API (the form's fields): its uuid. */
async function openTicket(request: APIRequestContext, user: { email: string; password: string }, subject: string) {
  const t = await request.post('/api/auth/token?grant_type=password', {
    data: { email: user.email, password: user.password },
  });
  const { access_token } = (await t.json()) as { access_token: string };
  const res = await request.post('/api/support/tickets', {
    headers: { authorization: `Bearer ${access_token}` },
    multipart: { subject, description: 'My transfer shows pending since yesterday.', priority: 'high' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { ticket: { id: string; ticket_id: string } }).ticket;
}

test("a new ticket appears in the admin's open queue; the answer appears on the user's open ticket page; after a dropped socket the missed answers appear once", async ({
  browser,
  request,
}) => {
  const tag = Date.now().toString(36);
  const user = await newUser(request, `Una Asker ${tag}`);

  // the admin has the ticket queue open when the user opens a ticket
  const admin = await asUser(browser, ADMIN);
  await admin.page.goto('/admin/tickets');
  await expect(admin.page.getByTestId('ticket-row').first().or(admin.page.getByTestId('no-tickets'))).toBeVisible();
  await markDocument(admin.page);
  const ticket = await openTicket(request, user, `Transfer stuck ${tag}`);
  await expect(admin.page.getByTestId('ticket-row').filter({ hasText: ticket.ticket_id })).toContainText(
    `Una Asker ${tag}`,
  );
  expect(await sameDocument(admin.page), 'the admin did not reload the queue').toBe(true);

  // the user's socket goes through the test, which can drop it and keep it down
  const u = await asUser(browser, user);
  const socket = await droppableLiveSocket(u.page);
  await u.page.goto(`/support/ticket/${ticket.id}`);
  await expect(u.page.getByTestId('no-responses')).toBeVisible();
  await markDocument(u.page);

  // the admin answers: the user's page shows it without a reload
  await admin.page.goto(`/admin/support/ticket/${ticket.id}`);
  const answer = async (text: string) => {
    await admin.page.getByLabel('Response', { exact: true }).fill(text);
    await admin.page.getByRole('button', { name: 'Send Response' }).click();
    await expect(admin.page.getByTestId('ticket-response').filter({ hasText: text })).toBeVisible();
  };
  await answer('We are looking at your transfer.');
  const responses = u.page.getByTestId('ticket-response');
  await expect(responses).toHaveCount(1);
  await expect(responses).toContainText('We are looking at your transfer.');
  expect(await sameDocument(u.page), 'the user did not reload').toBe(true);
  await shot(u.page, 'ticket-answered');

  // the user's connection drops; two answers and a status change meanwhile; back: each shown once
  await socket.drop();
  await answer('Found it: the bank confirmed it.');
  await answer('It is completed now.');
  await admin.page.getByLabel('Status').selectOption('in_progress');
  await admin.page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(admin.page, 'Ticket Updated')).toBeVisible();
  await u.page.waitForTimeout(500);
  await expect(responses, 'nothing arrives while the socket is down').toHaveCount(1);
  socket.restore();
  await expect(responses).toHaveCount(3, { timeout: 20_000 });
  await expect(responses).toHaveText([
    /We are looking at your transfer\./,
    /Found it: the bank confirmed it\./,
    /It is completed now\./,
  ]);
  await expect(u.page.getByTestId('ticket-status')).toHaveText('In Progress');
  await u.page.waitForTimeout(500);
  await expect(responses, 'each answer once').toHaveCount(3);
  expect(await sameDocument(u.page), 'caught up without a reload').toBe(true);
  await shot(u.page, 'ticket-caught-up');
  await u.page.setViewportSize({ width: 375, height: 740 });
  await shot(u.page, 'ticket-caught-up-375');
  await u.context.close();
  await admin.context.close();
});
