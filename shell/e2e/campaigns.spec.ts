import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, repo, screenshots, toast } from './helpers';
import { asUser, newInvestor, newUser, sql, typePin } from './money-helpers';

// End to end: a founder creates a draft and submits it, the admin approves it, an accredited
// verified investor invests, the campaign reaches its target and is funded when its end date passes
// (the close job runs in the portal's own queue); the investor sees the confirmed investment, the
// founder the money (minus the 2% fee).
test.describe.configure({ mode: 'serial' });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshots, `campaigns-${name}.png`), fullPage: true });
/** The user's USD balance as an exact decimal string without trailing zeros ('198'). */
const usd = async (email: string) =>
  (
    await sql<{ b: string }>(
      `SELECT trim_scale(coalesce((SELECT w.balance FROM user_wallets w JOIN assets a ON a.id = w.asset_id JOIN users u ON u.id = w.user_id WHERE u.email = $1 AND a.symbol = 'USD'), 0))::text AS b`,
      [email],
    )
  )[0]!.b;
const pgPort = Number(process.env.E2E_PORT ?? 3210) + 51_200;

/** Asks the portal's job queue (pg-boss in its PostgreSQL) to run the close job now, as the hourly schedule would. */
async function runCloseJob() {
  const PgBoss = createRequire(path.join(repo, 'api', 'package.json'))('pg-boss') as new (o: {
    connectionString: string;
    schema: string;
    supervise?: boolean;
    schedule?: boolean;
    migrate?: boolean;
  }) => {
    start(): Promise<unknown>;
    send(name: string, data: object): Promise<string | null>;
    stop(o?: object): Promise<void>;
  };
  const boss = new PgBoss({
    connectionString: `postgresql://postgres:postgres@127.0.0.1:${pgPort}/portal`,
    schema: 'pgboss',
    supervise: false,
    schedule: false,
    migrate: false,
  });
  await boss.start();
  await boss.send('campaigns-close', {});
  await boss.stop({ graceful: false });
}

test('draft, review, approve, invest, funded at the end date: the investor sees it confirmed, the founder gets the money', async ({
  browser,
  request,
}) => {
  const founderUser = await newUser(request, 'Fay Founder');
  const investorUser = await newInvestor(request, 'Ivan Investor', '1000.00');
  const company = `Kettle${Date.now().toString(36)}`;

  // the founder creates a draft: the spec's required-field text first, then saved
  const founder = await asUser(browser, founderUser);
  await founder.page.goto('/create-campaign');
  await founder.page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(founder.page.locator('#company_name-error')).toHaveText('Please fill in the Company Name field.');
  await founder.page.getByLabel('Company Name').fill(`${company} Ltd`);
  await founder.page.getByLabel('Tagline').fill('Smart kettles for small offices');
  await founder.page.getByLabel('Description', { exact: true }).fill('A kettle that knows when the team wants tea.');
  await founder.page.getByLabel('Target Amount').fill('300');
  await founder.page.getByLabel('Minimum Investment').fill('50');
  await founder.page.getByLabel('Equity Offered (%)').fill('5');
  await founder.page
    .getByLabel('End date (optional)')
    .fill(new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10));
  await founder.page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast(founder.page, 'Campaign Draft Saved!')).toBeVisible();
  await expect(founder.page.getByTestId('owner-panel')).toContainText('Draft');
  await founder.page.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(founder.page.getByTestId('owner-panel')).toContainText('In review');

  // the admin approves it
  const admin = await asUser(browser, { email: 'admin@portal.test', password: 'Portal-demo-2026' });
  await admin.page.goto('/admin/campaigns');
  const card = admin.page.getByTestId('campaign-review').filter({ hasText: `${company} Ltd` });
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(admin.page, 'Campaign Approved')).toBeVisible();

  // the investor finds it, is told the minimum, invests 300 with the PIN: the target is reached
  const investor = await asUser(browser, investorUser);
  await investor.page.goto('/browse-campaigns');
  await investor.page.getByLabel('Search campaigns').fill(company.toLowerCase());
  await investor.page
    .getByTestId('campaign-card')
    .filter({ hasText: `${company} Ltd` })
    .getByRole('link')
    .click();
  await investor.page.getByLabel(/^Amount/).fill('10');
  await investor.page.getByRole('button', { name: 'Invest' }).click();
  await expect(toast(investor.page, 'Amount Too Low')).toContainText('Minimum investment is 50.00 USD.');
  await investor.page.getByLabel(/^Amount/).fill('300');
  await investor.page.getByRole('button', { name: 'Invest' }).click();
  await typePin(investor.page, '1234');
  await investor.page
    .getByRole('dialog', { name: 'Enter Transaction PIN' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(toast(investor.page, 'Investment Submitted!')).toContainText(
    'Your investment intent is pending verification.',
  );
  await expect(investor.page.getByTestId('funding')).toContainText('100%');
  await shot(investor.page, 'invested');
  expect(await usd(investorUser.email)).toBe('700');

  // the end date passes; the close job funds it
  await sql(`UPDATE funding_campaigns SET campaign_end_date = now() - interval '1 minute' WHERE company_name = $1`, [
    `${company} Ltd`,
  ]);
  await runCloseJob();
  await expect
    .poll(
      async () =>
        (
          await sql<{ status: string }>('SELECT status::text FROM funding_campaigns WHERE company_name = $1', [
            `${company} Ltd`,
          ])
        )[0]!.status,
      { timeout: 20_000 },
    )
    .toBe('funded');
  await investor.page.goto('/my-investments');
  await expect(investor.page.getByTestId('my-investment').filter({ hasText: `${company} Ltd` })).toContainText(
    'confirmed',
  );
  await investor.page.setViewportSize({ width: 375, height: 800 });
  await shot(investor.page, 'my-investments-375');
  expect(await usd(founderUser.email)).toBe('294');
  await founder.page.goto('/dashboard');
  await expect(
    founder.page.getByTestId('wallet-card').first().or(founder.page.getByText('294.00').first()),
  ).toBeVisible();
  for (const x of [founder, admin, investor]) await x.context.close();
});

test("a malformed or unknown id in any remote's address reads as that record's not-found text, never the API's words", async ({
  browser,
}) => {
  const unknown = '3f2b6a1c-9d4e-4c7a-8b1f-2e5d6c7a8b9c';
  const u = await asUser(browser, { email: 'demo@portal.test', password: 'Portal-demo-2026' });
  // pages that say it in place
  for (const [route, testId, text] of [
    ['/campaign/', 'campaign-not-found', 'Campaign not found.'],
    ['/project/', 'project-not-found', 'Project not found.'],
    ['/contract/', 'contract-not-found', 'Contract not found or you do not have permission to view it.'],
    ['/profile/', 'user-not-found', 'User not found.'],
  ] as const) {
    for (const id of ['not-a-uuid', unknown]) {
      await u.page.goto(`${route}${id}`);
      await expect(u.page.getByTestId(testId), `${route}${id}`).toHaveText(text);
    }
  }
  // pages that say it in a toast and go back to their list
  for (const [route, title, text, back] of [
    ['/post/', 'Error fetching post', 'Post not found.', /\/feed$/],
    ['/messages/', 'Error loading chat', 'Thread not found.', /\/messages$/],
    ['/messages/new/', 'Error loading chat', 'Recipient not found.', /\/messages$/],
    [
      '/support/ticket/',
      'Error fetching ticket details',
      'Ticket not found or you do not have permission to view it.',
      /\/support$/,
    ],
    ['/invoice/', 'Error fetching invoice', 'Invoice not found.', /\/invoices$/],
    ['/invoices/edit/', 'Error fetching invoice', 'Invoice not found.', /\/invoices$/],
  ] as const) {
    for (const id of ['not-a-uuid', unknown]) {
      await u.page.goto(`${route}${id}`);
      await expect(toast(u.page, title), `${route}${id}`).toContainText(text);
      await expect(u.page).toHaveURL(back);
    }
  }
  await u.context.close();
  const admin = await asUser(browser, ADMIN);
  await admin.page.goto('/admin/support/ticket/not-a-uuid');
  await expect(toast(admin.page, 'Error fetching ticket details')).toContainText('Ticket not found.');
  await admin.context.close();
});
