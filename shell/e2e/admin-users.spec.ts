import crypto from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, signInWithForm, signUpConfirmed, toast } from './helpers';

/** A fresh confirmed account (sign-up + confirmation link from the dev outbox), so demo users stay as seeded. */
async function newUser(request: APIRequestContext, fullName: string) {
  const email = await signUpConfirmed(request, { prefix: 'e2e-admin', password: 'E2e-Admin-2026!', fullName });
  return { email, fullName };
}

test('admin users: edit and toggle admin behind confirmation dialogs; delete refused while wallets hold money, done when empty; own admin flag protected', async ({ page, request }) => {
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

  // the new user holds nothing: deleted, shown as Deleted user
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete user' }).click();
  await expect(toast(page, 'User Deleted')).toBeVisible();
  await expect(page.getByTestId('user-row').filter({ hasText: 'Deleted user' }).first()).toContainText('Deleted');

  const me = page.getByTestId('user-row').filter({ hasText: ADMIN.email });
  await expect(me.getByRole('button', { name: 'Revoke Admin' })).toBeDisabled();
});
