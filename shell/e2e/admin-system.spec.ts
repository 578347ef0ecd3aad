import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN, screenshots, signInWithForm } from './helpers';

// The admin System page (docs/operations.md): books check history, the scheduled jobs as the queue
// has them, and the answering process's figures, readable at 375 px.
test('an admin opens System from the menu: a books check just run is in the history, every scheduled job is listed', async ({
  page,
}) => {
  await signInWithForm(page, ADMIN);
  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: 'Run the check now' }).click();
  await expect(page.getByTestId('books-check')).toContainText('Balanced');
  await page.getByLabel('Admin navigation', { exact: true }).getByRole('link', { name: 'System' }).click();
  await expect(page).toHaveURL(/\/admin\/system$/);
  await expect(page.getByRole('heading', { level: 1, name: 'System' })).toBeVisible();
  await expect(page.getByTestId('books-history').getByText('Balanced').first()).toBeVisible();
  for (const job of ['admin-books-check', 'marketplace-auto-release', 'campaigns-close', 'invoices-overdue']) {
    await expect(page.getByTestId(`job-${job}`)).toBeVisible();
  }
  await expect(page.getByText('Requests answered')).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'admin-system-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('heading', { level: 1, name: 'System' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: path.join(screenshots, 'admin-system-375.png'), fullPage: true });
});
