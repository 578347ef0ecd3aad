import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN, DEMO, screenshots, signInWithForm } from './helpers';

// Admins had no link to /admin anywhere. The header's account menu (and the mobile menu)
// shows "Admin" to admins only.
test('an admin sees Admin in the account menu and it opens /admin; a non-admin does not see it', async ({
  browser,
}) => {
  const adminPage = await (await browser.newContext()).newPage();
  await signInWithForm(adminPage, ADMIN);
  await adminPage.getByRole('button', { name: 'Account menu' }).click();
  await expect(adminPage.getByRole('menuitem', { name: 'Admin' })).toBeVisible();
  await adminPage.screenshot({ path: path.join(screenshots, 'header-admin-menu-1280.png') });
  await adminPage.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/); // /admin opens the admin dashboard
  await expect(adminPage.getByRole('heading', { level: 1 }).first()).toBeVisible();

  // phones: the mobile menu has it too
  await adminPage.setViewportSize({ width: 375, height: 800 });
  await adminPage.goto('/dashboard');
  await adminPage.getByRole('button', { name: 'Open menu' }).click();
  await expect(adminPage.getByTestId('mobile-menu').getByRole('link', { name: 'Admin' })).toBeVisible();
  await adminPage.screenshot({ path: path.join(screenshots, 'header-admin-menu-375.png') });
  await adminPage.context().close();

  const userPage = await (await browser.newContext()).newPage();
  await signInWithForm(userPage, DEMO);
  await userPage.getByRole('button', { name: 'Account menu' }).click();
  await expect(userPage.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(userPage.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  await userPage.setViewportSize({ width: 375, height: 800 });
  await userPage.getByRole('button', { name: 'Open menu' }).click();
  await expect(userPage.getByTestId('mobile-menu')).toContainText('Profile');
  await expect(userPage.getByTestId('mobile-menu').getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await userPage.context().close();
});
