import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN, DEMO, screenshots, toast } from './helpers';
import {
  clientNavigate,
  openReleases,
  publishWalletCopy,
  releaseRow,
  signedInPage,
  walletEntry,
} from './release-helpers';

/**
 * "Remote releases as data", in Chromium: two versions of mfe-wallet published, rolled back
 * from the admin's Releases page, the next reload loads the earlier version (from the network
 * requests) with nothing else rebuilt; a staged release is invisible to users and visible in an
 * admin's preview; a load failure in a user's browser shows on the Releases page.
 *
 * Each version is the wallet's existing build with a comment appended to its remoteEntry.js (its
 * content hash, so its version, differs), published with `--from`: no rebuild of anything.
 */

test('Releases: roll back mfe-wallet from the admin page; the next reload loads the earlier version and nothing else is rebuilt', async ({
  browser,
  baseURL,
}) => {
  const v1 = publishWalletCopy('one');
  const v2 = publishWalletCopy('two');
  const user = await signedInPage(browser, baseURL!, DEMO);
  const admin = await signedInPage(browser, baseURL!, ADMIN);
  try {
    await user.page.goto('/dashboard');
    await expect(user.page.getByTestId('dashboard')).toBeVisible();
    expect(user.scripts).toContain(walletEntry(v2));
    // the chunks a page loads once it is idle (the health reporter's web-vitals) are part of the first load too
    await user.page.waitForLoadState('networkidle');
    const shellScripts = user.scripts.filter((p) => p.startsWith('/assets/'));

    await openReleases(admin.page);
    await expect(releaseRow(admin.page, v2)).toContainText('Current');
    await releaseRow(admin.page, v1).getByRole('button', { name: 'Roll back' }).click();
    const dialog = admin.page.getByRole('dialog');
    await expect(dialog).toContainText(`Roll back mfe-wallet from ${v2} to ${v1}?`);
    await admin.page.screenshot({ path: path.join(screenshots, 'releases-rollback-dialog.png') });
    await dialog.getByRole('button', { name: 'Roll back' }).click();
    await expect(releaseRow(admin.page, v1)).toContainText('Current');
    await expect(releaseRow(admin.page, v2)).toContainText('Previous');
    await expect(toast(admin.page, 'Rolled back')).toBeVisible();

    // the open page: its next navigation into another area and back brings the earlier release
    user.scripts.length = 0;
    await clientNavigate(user.page, '/feed');
    await clientNavigate(user.page, '/dashboard');
    await expect(user.page.locator('[data-remote-area="mfe-wallet"]')).toHaveAttribute('data-remote-version', v1);
    await expect(user.page.getByTestId('dashboard')).toBeVisible();
    expect(user.scripts).toContain(walletEntry(v1));

    user.scripts.length = 0;
    await user.page.reload();
    await expect(user.page.getByTestId('dashboard')).toBeVisible();
    expect(user.scripts).toContain(walletEntry(v1));
    expect(user.scripts.filter((p) => p.includes(`/remotes/mfe-wallet/${v2}/`))).toEqual([]);
    expect(await user.page.locator('[data-remote-area="mfe-wallet"]').getAttribute('data-remote-version')).toBe(v1);
    // the shell's own scripts are the same files: only the wallet's release changed
    expect(user.scripts.filter((p) => p.startsWith('/assets/')).every((p) => shellScripts.includes(p))).toBe(true);

    await admin.page.setViewportSize({ width: 375, height: 812 });
    await admin.page.screenshot({ path: path.join(screenshots, 'releases-375.png'), fullPage: true });
  } finally {
    await user.close();
    await admin.close();
  }
});

test("Releases: a staged release is invisible to users and visible in the admin's preview, then promoted", async ({
  browser,
  baseURL,
}) => {
  const current = publishWalletCopy('current');
  const staged = publishWalletCopy('staged', ['--stage']);
  const user = await signedInPage(browser, baseURL!, DEMO);
  const admin = await signedInPage(browser, baseURL!, ADMIN);
  try {
    await user.page.goto('/dashboard');
    await expect(user.page.getByTestId('dashboard')).toBeVisible();
    expect(user.scripts).toContain(walletEntry(current));
    expect(user.scripts.filter((p) => p.includes(staged))).toEqual([]);

    await openReleases(admin.page);
    await expect(releaseRow(admin.page, staged)).toContainText('Staged');
    await releaseRow(admin.page, staged).getByRole('button', { name: 'Preview' }).click();
    await expect(admin.page.getByRole('button', { name: 'End preview' })).toBeVisible();
    await admin.page.screenshot({ path: path.join(screenshots, 'releases-preview.png'), fullPage: true });

    admin.scripts.length = 0;
    await admin.page.goto('/dashboard');
    await expect(admin.page.getByTestId('dashboard')).toBeVisible();
    expect(admin.scripts, "the admin's preview loads the staged release").toContain(walletEntry(staged));

    user.scripts.length = 0;
    await user.page.reload();
    await expect(user.page.getByTestId('dashboard')).toBeVisible();
    expect(user.scripts, 'users still get the current one').toContain(walletEntry(current));
    expect(user.scripts.filter((p) => p.includes(staged))).toEqual([]);

    await openReleases(admin.page);
    await admin.page.getByRole('button', { name: 'End preview' }).click();
    await expect(admin.page.getByRole('button', { name: 'End preview' })).toHaveCount(0);
    admin.scripts.length = 0;
    await admin.page.goto('/dashboard');
    await expect(admin.page.getByTestId('dashboard')).toBeVisible();
    expect(admin.scripts).toContain(walletEntry(current));

    await openReleases(admin.page);
    await releaseRow(admin.page, staged).getByRole('button', { name: 'Promote' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Promote' }).click();
    await expect(releaseRow(admin.page, staged)).toContainText('Current');
    user.scripts.length = 0;
    await user.page.reload();
    await expect(user.page.getByTestId('dashboard')).toBeVisible();
    expect(user.scripts).toContain(walletEntry(staged));
  } finally {
    await user.close();
    await admin.close();
  }
});

test("Releases: a release that fails to load in a user's browser is reported and shown on the Releases page", async ({
  browser,
  baseURL,
}) => {
  const bad = publishWalletCopy('unreachable');
  const user = await signedInPage(browser, baseURL!, DEMO);
  const admin = await signedInPage(browser, baseURL!, ADMIN);
  try {
    // the release's files cannot be fetched in this browser (a broken CDN path, a bad build)
    await user.page.route(`**/remotes/mfe-wallet/${bad}/**`, (route) => route.abort('connectionrefused'));
    const beacon = user.page.waitForRequest(
      (r) => r.url().endsWith('/api/platform/load-failures') && r.method() === 'POST',
    );
    await user.page.goto('/dashboard');
    expect(JSON.parse((await beacon).postData() ?? '{}')).toMatchObject({ remote: 'mfe-wallet', version: bad });

    await openReleases(admin.page);
    await expect(releaseRow(admin.page, bad)).toContainText('1 in the last hour');
  } finally {
    await user.close();
    await admin.close();
  }
});
