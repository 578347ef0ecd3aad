import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, screenshots, signInWithForm, signUpConfirmed, toast } from './helpers';

/** A fresh confirmed account (sign-up + confirmation link from the dev outbox), so demo users stay as seeded. */
async function newUser(request: APIRequestContext, fullName: string) {
  const email = await signUpConfirmed(request, { prefix: 'e2e-admin', password: 'E2e-Admin-2026!', fullName });
  return { email, fullName };
}

test('admin users: edit and toggle admin behind confirmation dialogs; delete refused while wallets hold money, done when empty; own admin flag protected', async ({
  page,
  request,
}) => {
  const target = await newUser(request, 'Tina Target');
  await signInWithForm(page, ADMIN);
  await page.goto('/admin/users');
  const row = page.getByTestId('user-row').filter({ hasText: target.email });

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog');
  await edit.getByLabel('Username').fill('x');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByRole('alert')).toHaveText('Username must be 3-20 characters.');
  await edit.getByLabel('Full Name').fill('Tina T. Target');
  await edit.getByLabel('Username').fill(`tina_${crypto.randomBytes(3).toString('hex')}`);
  await edit.getByLabel('Accredited investor').check();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'User Updated')).toBeVisible();
  await expect(row).toContainText('Tina T. Target');
  await expect(row).toContainText('Accredited');

  await row.getByRole('button', { name: 'Make Admin' }).click();
  await expect(page.getByRole('dialog')).toContainText('Make this user an admin?');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByRole('button', { name: 'Make Admin' })).toBeVisible(); // cancelled: nothing changed
  await row.getByRole('button', { name: 'Make Admin' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Make Admin' }).click();
  await expect(row.getByRole('button', { name: 'Revoke Admin' })).toBeVisible();
  await row.getByRole('button', { name: 'Revoke Admin' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke Admin' }).click();
  await expect(row.getByRole('button', { name: 'Make Admin' })).toBeVisible();

  // Bob holds money: refused, naming the wallets; nothing changes
  const bob = page.getByTestId('user-row').filter({ hasText: 'bob@portal.test' });
  await bob.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete user' }).click();
  await expect(toast(page, 'Delete Failed')).toContainText('USD');
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText("This user's wallets still hold money: ");
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(bob).toBeVisible();

  // the new user holds nothing: deleted, then left out of the list unless "Show deleted accounts"
  const deletedRows = page.getByTestId('user-row').filter({ hasText: 'Deleted user' });
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete user' }).click();
  await expect(toast(page, 'User Deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(deletedRows).toHaveCount(0);
  await page.getByLabel('Show deleted accounts').click(); // URL-driven: the state follows the navigation
  await expect(page.getByLabel('Show deleted accounts')).toBeChecked();
  await expect(page).toHaveURL(/\/admin\/users\?include_deleted=true$/);
  await expect(deletedRows.first()).toContainText('Deleted');
  await page.reload(); // the toggle lives in the URL
  await expect(page.getByLabel('Show deleted accounts')).toBeChecked();
  await expect(deletedRows.first()).toBeVisible();
  await page.getByLabel('Show deleted accounts').click();
  await expect(page.getByLabel('Show deleted accounts')).not.toBeChecked();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(deletedRows).toHaveCount(0);

  const me = page.getByTestId('user-row').filter({ hasText: ADMIN.email });
  await expect(me.getByRole('button', { name: 'Revoke Admin' })).toBeDisabled();
});

// At 1280 px the table was wider than its box and Make Admin / Delete were cut off; KYC showed 'Not_started'.
test('admin users at 1280 px: every action button in view inside the table box; KYC status in words', async ({
  page,
  request,
}) => {
  const long = await newUser(request, 'Maximilian Featherstonehaugh-Worthington');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInWithForm(page, ADMIN);
  await page.goto('/admin/users');
  await expect(page.getByTestId('user-row').filter({ hasText: long.email })).toBeVisible();
  const box = (await page.getByTestId('users-table').boundingBox())!;
  const { scrollWidth, clientWidth } = await page
    .getByTestId('users-table')
    .evaluate((e) => ({ scrollWidth: e.scrollWidth, clientWidth: e.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth); // nothing to scroll to
  const buttons = page.getByTestId('user-row').getByRole('button');
  expect(await buttons.count()).toBeGreaterThanOrEqual(9);
  for (const b of await buttons.all()) {
    const r = (await b.boundingBox())!;
    expect(r.x).toBeGreaterThanOrEqual(box.x);
    expect(r.x + r.width).toBeLessThanOrEqual(Math.min(box.x + box.width, 1280));
  }
  await expect(page.getByTestId('user-row').filter({ hasText: 'bob@portal.test' })).toContainText('Pending');
  await expect(page.getByTestId('user-row').filter({ hasText: long.email })).toContainText('Not started');
  await expect(page.getByTestId('admin-users').getByText('not_started')).toHaveCount(0);
  await page.screenshot({ path: path.join(screenshots, 'admin-users-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  const phoneDelete = page
    .getByTestId('user-row')
    .filter({ hasText: long.email })
    .getByRole('button', { name: 'Delete' });
  await phoneDelete.scrollIntoViewIfNeeded();
  const p = (await phoneDelete.boundingBox())!;
  expect(p.x + p.width).toBeLessThanOrEqual(375); // rows are cards on a phone
  await page.screenshot({ path: path.join(screenshots, 'admin-users-375.png'), fullPage: true });
});

// Unknown /admin/* paths redirected silently to the dashboard.
test("an unknown /admin path shows the portal's 404 page and stays on its address", async ({ page }) => {
  await signInWithForm(page, ADMIN);
  await page.goto('/admin/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/no-such-page$/);
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
});
