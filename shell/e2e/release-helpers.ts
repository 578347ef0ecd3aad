import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { repo, signInWithApi } from './helpers';

/**
 * Publishes a copy of the wallet's existing build as a new release of mfe-wallet (`--from`: nothing
 * is rebuilt): a comment appended to its remoteEntry.js makes its content hash, so its version,
 * differ. `change` may alter the copy's files first (e.g. a release that throws). Returns the version.
 */
export function publishWalletCopy(label: string, flags: string[] = [], change?: (dir: string) => void): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-wallet-copy-'));
  try {
    cpSync(path.join(repo, 'mfe-wallet', 'dist'), dir, { recursive: true });
    appendFileSync(path.join(dir, 'remoteEntry.js'), `\n/* e2e release ${label} ${Date.now()} */\n`);
    change?.(dir);
    const r = spawnSync(process.execPath, ['scripts/publish-remote.mjs', 'mfe-wallet', '--from', dir, ...flags], {
      cwd: repo,
      env: { ...process.env, PORTAL_HOME: process.env.PORTAL_E2E_HOME! },
      encoding: 'utf8',
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
export async function signedInPage(browser: Browser, baseURL: string, user: { email: string; password: string }) {
  const context = await browser.newContext();
  await signInWithApi(context, baseURL, user);
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  return { page, scripts, close: () => context.close() };
}

/** A navigation inside the page (as a link click does: history + the router), no reload. */
export async function clientNavigate(page: Page, to: string) {
  await page.evaluate((url) => {
    history.pushState({}, '', url);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await expect(page).toHaveURL(new RegExp(`${to}$`));
}

export const walletEntry = (version: string) => `/remotes/mfe-wallet/${version}/remoteEntry.js`;
export const walletSection = (admin: Page) => admin.getByRole('region', { name: 'mfe-wallet' });
/** A release's row in the wallet's table of releases. */
export const releaseRow = (admin: Page, version: string) =>
  walletSection(admin).getByLabel('mfe-wallet releases').getByRole('row').filter({ hasText: version });

export async function openReleases(admin: Page) {
  await admin.goto('/admin/releases');
  await expect(admin.getByRole('heading', { name: 'Releases', level: 1 })).toBeVisible();
  await expect(walletSection(admin)).toBeVisible();
}
