import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { recordShownStates, screenshots, shownStates, signInWithForm, toast } from './helpers';
import { apiAs, asUser, deposit, newUser, setPin, sql, typePin } from './money-helpers';

// The bell (shell header): two users in two browsers. The client funds a milestone on the contract
// page; the freelancer's bell count and its list change without a reload, through the socket. Then
// mark one read by following it, mark all read, and "Show more" pages at 375 px.
test.describe.configure({ mode: 'serial' });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshots, `notifications-${name}.png`) });
const bell = (page: Page) => page.getByRole('button', { name: 'Notifications', exact: true });
const badge = (page: Page) => page.getByTestId('notifications-unread');

test("a client funds a milestone: the freelancer's bell count and list update without reload", async ({
  browser,
  request,
}) => {
  const clientUser = await newUser(request, 'Cleo Client');
  const freelancerUser = await newUser(request, 'Finn Freelancer');
  await deposit(clientUser.email, 'USD', '1000.00');
  await setPin(request, clientUser);
  const asClient = await apiAs(request, clientUser);
  const asFreelancer = await apiAs(request, freelancerUser);
  const usd = (await sql<{ id: string }>(`SELECT id FROM assets WHERE symbol = 'USD'`))[0]!.id;
  const { project } = await asClient('POST', '/api/marketplace/projects', {
    title: 'Bakery site',
    description: 'A one-page site.',
    skills: 'React',
    budget_amount: '500.00',
    budget_type: 'fixed',
    budget_currency: usd,
    deadline: null,
  });
  const { proposal } = await asFreelancer('POST', `/api/marketplace/projects/${project.id}/proposals`, {
    proposal_text: 'I can do it.',
    proposed_amount: '400.00',
    estimated_duration_days: 5,
  });
  const { contract_id: contractId } = await asClient('POST', `/api/marketplace/proposals/${proposal.id}/accept`);

  // the freelancer has the portal open (the accepted proposal is their one unread entry)
  const freelancer = await asUser(browser, freelancerUser);
  await freelancer.page.goto('/dashboard');
  await expect(bell(freelancer.page)).toBeVisible();
  await expect(badge(freelancer.page)).toHaveText('1');

  // the client funds a milestone on the contract page (PIN)
  const client = await asUser(browser, clientUser);
  await client.page.goto(`/contract/${contractId}`);
  await client.page.getByRole('button', { name: 'Add Milestone' }).click();
  await client.page.getByLabel('Title').fill('Design');
  await client.page.getByLabel(/^Amount/).fill('200');
  await client.page.getByRole('button', { name: 'Review' }).click();
  await client.page.getByRole('button', { name: 'Fund Milestone' }).click();
  await typePin(client.page, '1234');
  await client.page
    .getByRole('dialog', { name: 'Enter Transaction PIN' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(toast(client.page, 'Milestone Added')).toBeVisible();

  // no reload on the freelancer's side: the count, then the list
  let reloaded = false;
  freelancer.page.on('framenavigated', (f) => {
    if (f === freelancer.page.mainFrame()) reloaded = true;
  });
  await expect(badge(freelancer.page)).toHaveText('2');
  await bell(freelancer.page).click();
  const panel = freelancer.page.getByRole('dialog', { name: 'Notifications' });
  const funded = panel.getByRole('link', {
    name: /Cleo Client funded the milestone "Design": 200\.00 USD in escrow\./,
  });
  await expect(funded).toBeVisible();
  await expect(
    panel.getByRole('link', { name: /Cleo Client accepted your proposal for "Bakery site"\./ }),
  ).toBeVisible();
  await shot(freelancer.page, 'panel-desktop');

  // the list is open: a second milestone joins it at the top, live
  await asClient(
    'POST',
    `/api/marketplace/contracts/${contractId}/milestones`,
    { title: 'Build', amount: '100.00', pin: '1234' },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  await expect(panel.getByRole('link').first()).toHaveText(
    /Cleo Client funded the milestone "Build": 100\.00 USD in escrow\./,
  );
  await expect(badge(freelancer.page)).toHaveText('3');
  expect(reloaded).toBe(false);

  // following an entry opens its object and marks it read
  await funded.click();
  await expect(freelancer.page).toHaveURL(new RegExp(`/contract/${contractId}$`));
  await expect(badge(freelancer.page)).toHaveText('2');
  await bell(freelancer.page).click();
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(badge(freelancer.page)).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await client.context.close();
  await freelancer.context.close();
});

test('at 375 px: the list fits the screen, pages on with "Show more", and says when there is nothing', async ({
  browser,
  request,
}) => {
  const user = await newUser(request, 'Mia Mobile');
  const id = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [user.email]))[0]!.id;
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await signInWithForm(page, user);
  await page.goto('/dashboard');
  await bell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('No notifications yet.')).toBeVisible();
  await shot(page, 'empty-375');
  await bell(page).click();

  for (let i = 1; i <= 23; i++)
    await sql(
      `SELECT notification_add($1, 'money_received', NULL, '/transactions', jsonb_build_object('amount', $2::text, 'asset', 'USD'))`,
      [id, `${i}.00`],
    );
  await expect(badge(page)).toHaveText('23');
  await bell(page).click();
  await expect(panel.getByRole('link')).toHaveCount(20);
  await expect(panel.getByRole('link').first()).toHaveText(/Someone sent you 23\.00 USD\./);
  const box = await panel.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'panel-375');
  await panel.getByRole('button', { name: 'Show more' }).click();
  await expect(panel.getByRole('link')).toHaveCount(23);
  await expect(panel.getByRole('link').last()).toHaveText(/Someone sent you 1\.00 USD\./);
  await expect(panel.getByRole('button', { name: 'Show more' })).toHaveCount(0);

  // e-mail preferences on the profile: each kind that has an e-mail, on until turned off (kept after a reload)
  await page.goto('/profile');
  const card = page.getByTestId('email-preferences-card');
  const paid = card.getByRole('checkbox', { name: 'Invoice paid' });
  await expect(paid).toBeChecked();
  await paid.uncheck();
  await expect(paid).not.toBeChecked();
  await page.reload();
  await expect(card.getByRole('checkbox', { name: 'Invoice paid' })).not.toBeChecked();
  await expect(card.getByRole('checkbox', { name: 'Ticket answered' })).toBeChecked();
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: path.join(screenshots, 'notifications-email-preferences-375.png') });
  await context.close();
});

test('the bell hovered, then opened: the panel opens with its list at once, not with a loading spinner first', async ({
  browser,
  request,
}) => {
  const user = await newUser(request, 'Hana Hover');
  const page = await (await browser.newContext()).newPage();
  await recordShownStates(page, '[data-testid="notifications-panel"]', [['list', 'h2']], 'loading the panel');
  await signInWithForm(page, user);
  await page.goto('/dashboard');
  const chunk = page.waitForResponse((r) => /^\/assets\/notifications\.[0-9a-f]+\.js$/.test(new URL(r.url()).pathname));
  await bell(page).hover();
  await (await chunk).finished();
  await bell(page).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText('No notifications yet.')).toBeVisible();
  expect(await shownStates(page)).toEqual(['list']);
});
