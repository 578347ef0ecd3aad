import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, DEMO, repo, screenshots, signInWithApi, toast } from './helpers';

/**
 * Issue 21 "Remote releases as data", in Chromium: two versions of mfe-wallet published, rolled back
 * from the admin's Releases page, the next reload loads the earlier version (from the network
 * requests) with nothing else rebuilt; a staged release is invisible to users and visible in an
 * admin's preview; a load failure in a user's browser shows on the Releases page.
 *
 * Each version is the wallet's existing build with a comment appended to its remoteEntry.js (its
 * content hash, so its version, differs), published with `--from`: no rebuild of anything.
 */
function publishWalletCopy(label: string, ...flags: string[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-wallet-copy-'));
  try {
    cpSync(path.join(repo, 'mfe-wallet', 'dist'), dir, { recursive: true });
    appendFileSync(path.join(dir, 'remoteEntry.js'), `\n/* e2e release ${label} ${Date.now()} */\n`);
    const r = spawnSync(process.execPath, ['scripts/publish-remote.mjs', 'mfe-wallet', '--from', dir, ...flags], {
      cwd: repo, env: { ...process.env, PORTAL_HOME: process.env.PORTAL_E2E_HOME! }, encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`publish failed: ${r.stderr}${r.stdout}`);
    const version = /mfe-wallet (\S+): published/.exec(r.stdout)?.[1];
    if (!version) throw new Error(`no version in: ${r.stdout}`);
    return version;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A signed-in page that records the paths of the scripts it loads. */
async function signedInPage(browser: Browser, baseURL: string, user: { email: string; password: string }) {
  const context = await browser.newContext();
  await signInWithApi(context, baseURL, user);
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname); });
  return { page, scripts, close: () => context.close() };
}

const walletEntry = (version: string) => `/remotes/mfe-wallet/${version}/remoteEntry.js`;
const walletSection = (admin: Page) => admin.getByRole('region', { name: 'mfe-wallet' });
const releaseRow = (admin: Page, version: string) => walletSection(admin).getByRole('row').filter({ hasText: version });

/** A navigation inside the page (as a link click does: history + the router), no reload. */
async function clientNavigate(page: Page, to: string) {
  await page.evaluate((url) => { history.pushState({}, '', url); dispatchEvent(new PopStateEvent('popstate')); }, to);
  await expect(page).toHaveURL(new RegExp(`${to}$`));
}

async function openReleases(admin: Page) {
  await admin.goto('/admin/releases');
  await expect(admin.getByRole('heading', { name: 'Releases', level: 1 })).toBeVisible();
  await expect(walletSection(admin)).toBeVisible();
}

test('Releases: roll back mfe-wallet from the admin page; the next reload loads the earlier version and nothing else is rebuilt', async ({ browser, baseURL }) => {
  const v1 = publishWalletCopy('one');
  const v2 = publishWalletCopy('two');
  const user = await signedInPage(browser, baseURL!, DEMO);
  const admin = await signedInPage(browser, baseURL!, ADMIN);
  try {
    await user.page.goto('/dashboard');
    await expect(user.page.getByTestId('dashboard')).toBeVisible();
    expect(user.scripts).toContain(walletEntry(v2));
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

test("Releases: a staged release is invisible to users and visible in the admin's preview, then promoted", async ({ browser, baseURL }) => {
  const current = publishWalletCopy('current');
  const staged = publishWalletCopy('staged', '--stage');
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

test('Releases: a release that fails to load in a user\'s browser is reported and shown on the Releases page', async ({ browser, baseURL }) => {
  const bad = publishWalletCopy('unreachable');
  const user = await signedInPage(browser, baseURL!, DEMO);
  const admin = await signedInPage(browser, baseURL!, ADMIN);
  try {
    // the release's files cannot be fetched in this browser (a broken CDN path, a bad build)
    await user.page.route(`**/remotes/mfe-wallet/${bad}/**`, (route) => route.abort('connectionrefused'));
    const beacon = user.page.waitForRequest((r) => r.url().endsWith('/api/platform/load-failures') && r.method() === 'POST');
    await user.page.goto('/dashboard');
    expect(JSON.parse((await beacon).postData() ?? '{}')).toMatchObject({ remote: 'mfe-wallet', version: bad });

    await openReleases(admin.page);
    await expect(releaseRow(admin.page, bad)).toContainText('1 in the last hour');
  } finally {
    await user.close();
    await admin.close();
  }
});
