import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, screenshots, signUpConfirmed } from './helpers';
import {
  clientNavigate,
  openReleases,
  publishWalletCopy,
  releaseRow,
  signedInPage,
  walletSection,
} from './release-helpers';

/**
 * Canary releases (docs/decisions.md "Canary releases"), in Chromium: a wallet release that throws
 * on its main page is served to 50 % of signed-in users; users on it see the area's fallback, users
 * on the current release do not; their browsers' reports arrive; the wallet's rule rolls the canary
 * back by itself; the canary's users get the current release on their next navigation; the Releases
 * page says why, with the figures.
 */
const PASSWORD = 'Canary-e2e-2026';
const SESSIONS = 3;

/** The wallet's App throws when it renders: every wallet page, the dashboard first, shows the area's fallback. */
function throwOnRender(dir: string) {
  const app = readdirSync(dir).find((f) => f.startsWith('__federation_expose_App.'))!;
  const code = readFileSync(path.join(dir, app), 'utf8');
  const marker = '{},{default:function(){return(0';
  expect(code.split(marker), 'the App export of the wallet build').toHaveLength(2);
  writeFileSync(
    path.join(dir, app),
    code.replace(
      marker,
      '{},{default:function(){throw new Error("e2e: this release throws on its main page");return(0',
    ),
  );
}

/** The wallet release GET /api/platform/remotes serves to this user. */
async function walletVersionOf(request: APIRequestContext, email: string): Promise<string> {
  const token = await request.post('/api/auth/token?grant_type=password', { data: { email, password: PASSWORD } });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const registry = await request.get('/api/platform/remotes', { headers: { authorization: `Bearer ${accessToken}` } });
  return ((await registry.json()) as { remotes: { name: string; version: string }[] }).remotes.find(
    (r) => r.name === 'mfe-wallet',
  )!.version;
}

/** Opens the dashboard and waits for this page's health report about `version` to be accepted. */
async function dashboardSession(page: Page, version: string) {
  const reported = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/platform/vitals') &&
      r.request().method() === 'POST' &&
      (JSON.parse(r.request().postData() ?? '{}') as { version?: string }).version === version,
  );
  await page.goto('/dashboard');
  const response = await reported;
  expect(response.status()).toBe(204);
  return JSON.parse(response.request().postData()!) as Record<string, unknown>;
}

test('Canary: a release throwing on its main page as a 50 % canary is rolled back by its rule; its users get the current release on their next navigation', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const current = publishWalletCopy('canary-current');
  const throwing = publishWalletCopy('canary-throws', ['--stage'], throwOnRender);
  const admin = await signedInPage(browser, baseURL!, ADMIN);
  try {
    await openReleases(admin.page);
    // the wallet's rule: judged after 3 sessions (the default waits for 20)
    const canaryPanel = walletSection(admin.page).getByTestId('canary-mfe-wallet');
    await canaryPanel.getByRole('button', { name: 'Edit rule' }).click();
    await admin.page.getByLabel('Minimum sessions').fill(String(SESSIONS));
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Save rule' }).click();
    await expect(canaryPanel).toContainText(`Automatic rollback: after ${SESSIONS} sessions`);

    await releaseRow(admin.page, throwing).getByRole('button', { name: 'Canary' }).click();
    await admin.page.getByLabel('Share of users (%)').fill('50');
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Serve to 50 %' }).click();
    await expect(releaseRow(admin.page, throwing)).toContainText('Canary 50 %');
    await expect(canaryPanel).toContainText(`${throwing} for 50 % of signed-in users`);

    // new users until one is on each side of the split (sticky: the hash of the release and the user)
    const sides: { canary?: string; current?: string } = {};
    for (let i = 0; i < 16 && !(sides.canary && sides.current); i++) {
      const email = await signUpConfirmed(request, { prefix: 'canary', password: PASSWORD, fullName: 'Canary User' });
      sides[(await walletVersionOf(request, email)) === throwing ? 'canary' : 'current'] ??= email;
    }
    expect(sides.canary && sides.current, 'a user on each side of a 50 % split').toBeTruthy();
    const onCanary = await signedInPage(browser, baseURL!, { email: sides.canary!, password: PASSWORD });
    const onCurrent = await signedInPage(browser, baseURL!, { email: sides.current!, password: PASSWORD });
    try {
      for (let i = 0; i < SESSIONS; i++) {
        const body = await dashboardSession(onCurrent.page, current);
        expect(body).toMatchObject({
          remote: 'mfe-wallet',
          session_start: true,
          error_session: false,
          boundary_errors: 0,
        });
        await expect(onCurrent.page.getByTestId('dashboard')).toBeVisible();
        await expect(onCurrent.page.getByTestId('remote-fallback')).toHaveCount(0);
      }
      // the reports say nothing about the user or the page
      expect(Object.keys(await dashboardSession(onCurrent.page, current)).sort()).toEqual([
        'boundary_errors',
        'error_session',
        'errors',
        'remote',
        'session_start',
        'version',
        'vitals',
      ]);
      for (let i = 0; i < SESSIONS; i++) {
        await expect(canaryPanel).toBeVisible();
        const body = await dashboardSession(onCanary.page, throwing);
        expect(body).toMatchObject({
          remote: 'mfe-wallet',
          version: throwing,
          session_start: true,
          error_session: true,
          boundary_errors: 1,
        });
        await expect(onCanary.page.getByTestId('remote-fallback')).toHaveAttribute('data-remote', 'mfe-wallet');
        expect(onCanary.scripts).toContain(`/remotes/mfe-wallet/${throwing}/remoteEntry.js`);
      }

      // the rule rolled it back with the third canary session: the canary's users, on their next navigation
      onCanary.scripts.length = 0;
      await clientNavigate(onCanary.page, '/feed');
      await clientNavigate(onCanary.page, '/dashboard');
      await expect(onCanary.page.getByTestId('dashboard')).toBeVisible();
      await expect(onCanary.page.locator('[data-remote-area="mfe-wallet"]')).toHaveAttribute(
        'data-remote-version',
        current,
      );
      expect(
        onCanary.scripts.filter((p) => p.startsWith(`/remotes/mfe-wallet/${current}/`)),
        "the current release's code",
      ).not.toEqual([]);
    } finally {
      await onCanary.close();
      await onCurrent.close();
    }

    await openReleases(admin.page);
    await expect(canaryPanel).toContainText('Rolled back automatically');
    await expect(canaryPanel).toContainText(`Last canary ${throwing}`);
    await expect(canaryPanel).toContainText(
      /Error rate at least \d+(\.\d)? % above the current release's \(margin 5 %\)/,
    );
    const figures = canaryPanel.getByRole('table', { name: 'mfe-wallet last canary beside the current release' });
    await expect(figures.getByRole('row', { name: /^Sessions/ })).toHaveText(`Sessions${SESSIONS}${SESSIONS + 1}`);
    await expect(figures.getByRole('row', { name: /^Error rate/ })).toHaveText(`Error rate100 % (${SESSIONS})0 % (0)`);
    await expect(releaseRow(admin.page, throwing)).toContainText('Staged');
    await admin.page.screenshot({ path: path.join(screenshots, 'releases-canary-rolled-back.png'), fullPage: true });

    // the admins were told
    const outbox = await request.get(`/api/auth/dev/outbox?recipient=${encodeURIComponent(ADMIN.email)}&channel=email`);
    const mails = ((await outbox.json()) as { messages: { subject: string; body: string }[] }).messages;
    expect(mails.find((m) => m.subject === 'Canary of mfe-wallet rolled back automatically')?.body).toContain(
      `The canary ${throwing} of mfe-wallet was rolled back automatically`,
    );
  } finally {
    await admin.close();
  }
});
