import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signInWithForm } from './helpers';

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title }).last();

test('admin users: edit with confirmation, toggle admin behind a dialog, delete refused while wallets hold money; own admin flag protected', async ({ page }) => {
  await signInWithForm(page, ADMIN);
  await page.goto('/admin/users');
  const bob = page.getByTestId('user-row').filter({ hasText: 'bob@portal.test' });

  await bob.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog');
  await edit.getByLabel('Full Name').fill('Bob B. Builder');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'User Updated')).toBeVisible();
  await expect(bob).toContainText('Bob B. Builder');

  await bob.getByRole('button', { name: 'Make Admin' }).click();
  await expect(page.getByRole('dialog')).toContainText('Make this user an admin?');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(bob.getByRole('button', { name: 'Make Admin' })).toBeVisible(); // nothing changed

  await bob.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete user' }).click();
  await expect(toast(page, 'Delete Failed')).toContainText('USD');
  await expect(bob).toBeVisible();

  const me = page.getByTestId('user-row').filter({ hasText: ADMIN.email });
  await expect(me.getByRole('button', { name: 'Revoke Admin' })).toBeDisabled();
});
