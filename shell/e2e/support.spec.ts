import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, idCardPng, screenshots, toast } from './helpers';
import { asUser, newUser, sql } from './money-helpers';

// End to end: a user opens a ticket, the admin filters, answers and resolves it, the user
// sees the answer and can no longer respond.
test.describe.configure({ mode: 'serial' });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshots, `support-${name}.png`), fullPage: true });

test('a user opens a ticket; the admin finds it by filter and search, answers and resolves it; the user sees the answer and can no longer respond', async ({
  browser,
  request,
}) => {
  const tag = Date.now().toString(36);
  const user = await newUser(request, `Sam Support ${tag}`);
  const customerId = (
    await sql<{ customer_id: string }>(
      'SELECT p.customer_id FROM profiles p JOIN users u ON u.id = p.id WHERE u.email = $1',
      [user.email],
    )
  )[0]!.customer_id;

  const u = await asUser(browser, user);
  await u.page.goto('/support');
  await expect(u.page.getByTestId('no-tickets')).toContainText('No Support Tickets Yet');
  await u.page.getByRole('button', { name: 'Create New Ticket' }).click();
  const dialog = u.page.getByRole('dialog', { name: 'Create New Ticket' });
  await expect(dialog.getByTestId('customer-id')).toHaveText(customerId);
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(toast(u.page, 'Missing Information')).toContainText('Please provide a subject and description.');
  await dialog.getByLabel('Subject').fill(`Card payment stuck ${tag}`);
  await dialog.getByLabel('Description').fill('My payment to Bob shows pending since yesterday.');
  await dialog.getByLabel('Priority').selectOption('high');
  await dialog
    .getByLabel('Attachment (optional)')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: idCardPng() });
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(toast(u.page, 'Support Ticket Created')).toContainText(
    /Your ticket ID is TKT-\d{6}\. We will respond within 7 business days\./,
  );
  const card = u.page.getByTestId('ticket-card').filter({ hasText: `Card payment stuck ${tag}` });
  await expect(card).toContainText('Open');
  await expect(card).toContainText('Priority: High');
  const ticketId = (await card.textContent())!.match(/TKT-\d{6}/)![0];
  await shot(u.page, 'list');

  // the admin dashboard counts it (live figures, not the spec's placeholders)
  const admin = await asUser(browser, ADMIN);
  await admin.page.goto('/admin/dashboard');
  const open = (
    await sql<{ open: number }>(
      `SELECT count(*)::int AS open FROM customer_support_tickets WHERE status IN ('open', 'in_progress', 'on_hold')`,
    )
  )[0]!.open;
  await expect(admin.page.getByTestId('figure-Open Tickets')).toHaveText(String(open));
  await expect(admin.page.getByTestId('recent-activity')).toContainText(`New user: Sam Support ${tag}`);

  // the admin filters (status open, priority high) and searches by the ticket id
  await admin.page.goto('/admin/tickets');
  await admin.page.getByLabel('Status').selectOption('open');
  await admin.page.getByLabel('Priority').selectOption('high');
  await admin.page.getByLabel('Search').fill(ticketId);
  const row = admin.page.getByTestId('ticket-row').filter({ hasText: ticketId });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Sam Support ${tag}`);
  await admin.page.getByLabel('Priority').selectOption('low');
  await expect(admin.page.getByTestId('no-tickets')).toHaveText('No tickets found matching filters');
  await admin.page.getByLabel('Priority').selectOption('high');
  await row.getByRole('link', { name: 'Reply' }).click();
  await admin.page.getByLabel('Response', { exact: true }).fill('We released the payment; it shows as completed now.');
  await admin.page.getByRole('button', { name: 'Send Response' }).click();
  await expect(toast(admin.page, 'Response Added')).toContainText('Admin response has been added to the ticket.');
  await admin.page.getByLabel('Status').selectOption('resolved');
  await admin.page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(admin.page, 'Ticket Updated')).toContainText('Status and priority have been updated.');
  await expect(admin.page.getByTestId('ticket-status')).toHaveText('Resolved');
  await shot(admin.page, 'admin-ticket');

  // the dashboard and the audit log say it in words, with the ticket's id and subject, fitting a phone's width
  await admin.page.goto('/admin/dashboard');
  const activity = admin.page.getByTestId('recent-activity');
  await expect(activity).toContainText(
    `Changed the status or priority of a ticket: ${ticketId} · Card payment stuck ${tag} — Ada Admin`,
  );
  await expect(activity).toContainText(`Answered a ticket: ${ticketId}`);
  await expect(activity).not.toContainText('admin.ticket');
  await expect(activity).not.toContainText(/ticket:[0-9a-f]{8}/);
  await admin.page.goto('/admin/audit?action=admin.ticket.update');
  const entry = admin.page.getByTestId('audit-row').filter({ hasText: ticketId }).first();
  await expect(entry).toContainText('Changed the status or priority of a ticket');
  await expect(entry).toContainText('Status: open → resolved');
  await expect(entry.getByText('"status"')).toBeHidden();
  await entry.getByText('Raw record').click();
  await expect(entry.getByTestId('audit-raw')).toContainText('"action": "admin.ticket.update"');
  for (const width of [1280, 375]) {
    await admin.page.setViewportSize({ width, height: 900 });
    for (const [url, name] of [
      ['/admin/dashboard', 'admin-dashboard'],
      ['/admin/audit?action=admin.ticket', 'admin-audit'],
    ] as const) {
      await admin.page.goto(url);
      await expect(admin.page.getByTestId(name)).toBeVisible();
      await expect(
        admin.page.getByTestId(name === 'admin-dashboard' ? 'recent-activity' : 'audit-row').first(),
      ).toBeVisible();
      expect(
        await admin.page.evaluate(() => document.documentElement.scrollWidth),
        `${url} fits ${width} px`,
      ).toBeLessThanOrEqual(width);
      await shot(admin.page, `${name}-${width}`);
    }
  }

  // the user sees the answer with the admin tick, and no response form any more
  await u.page.goto('/support');
  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(u.page.getByTestId('ticket-status')).toHaveText('Resolved');
  const answer = u.page.getByTestId('ticket-response');
  await expect(answer).toContainText('We released the payment');
  await expect(answer.getByLabel('Administrator')).toBeVisible();
  await expect(u.page.getByRole('heading', { name: 'Add a Response' })).toHaveCount(0);
  await expect(u.page.getByTestId('ticket-closed')).toBeVisible();
  // the attachment's paperclip is drawn (an inline SVG), not a font glyph Debian's Chromium may lack
  await expect(u.page.getByTestId('attachment').first()).toContainText('receipt.png');
  await expect(u.page.getByTestId('attachment').first().locator('svg')).toBeVisible();
  await shot(u.page, 'ticket-attachment-1280');
  const n = (
    await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = $1 AND (coalesce(subject, '') || body) ILIKE '%' || $2 || '%'`,
      [user.email, ticketId],
    )
  )[0]!.n;
  expect(n, 'told by e-mail of the answer and of the status').toBeGreaterThanOrEqual(2);
  await u.page.setViewportSize({ width: 375, height: 740 });
  await shot(u.page, 'ticket-375');
  expect(
    await u.page.evaluate(() => document.documentElement.scrollWidth),
    'the ticket fits 375 px',
  ).toBeLessThanOrEqual(375);
});

test("another user's ticket: 'Ticket not found or you do not have permission to view it.' and back to /support", async ({
  browser,
  request,
}) => {
  const other = await newUser(request, 'Olga Other');
  const [ticket] = await sql<{ id: string }>(
    'SELECT id FROM customer_support_tickets ORDER BY created_at DESC LIMIT 1',
  );
  const o = await asUser(browser, other);
  await o.page.goto(`/support/ticket/${ticket!.id}`);
  await expect(toast(o.page, 'Error fetching ticket details')).toContainText(
    'Ticket not found or you do not have permission to view it.',
  );
  await expect(o.page).toHaveURL(/\/support$/);
});
