import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type BrowserContext, type Page } from '@playwright/test';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const screenshots = path.join(repo, 'shell', 'test-results', 'screenshots');
export const DEMO = { email: 'demo@portal.test', password: 'Portal-demo-2026', name: 'Dana Demo' };
export const ADMIN = { email: 'admin@portal.test', password: 'Portal-demo-2026', name: 'Ada Admin' };

/** Signs in through the login form, as a user would. */
export async function signInWithForm(page: Page, user: { email: string; password: string }) {
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs in through the API (sets the httpOnly refresh cookie on the context). */
export async function signInWithApi(context: BrowserContext, baseURL: string, user: { email: string; password: string }) {
  const res = await context.request.post(`${baseURL}/api/auth/token?grant_type=password`, { data: { email: user.email, password: user.password } });
  expect(res.ok(), `sign-in as ${user.email}: ${res.status()} ${await res.text()}`).toBeTruthy();
}

/** Records the URL paths of every request the page makes. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(new URL(r.url()).pathname));
  return urls;
}

export function publishRemote(name: string, env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['scripts/publish-remote.mjs', name], {
    cwd: repo,
    env: { ...process.env, PORTAL_HOME: process.env.PORTAL_E2E_HOME!, ...env },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`publish failed: ${r.stderr}${r.stdout}`);
  return r.stdout;
}
