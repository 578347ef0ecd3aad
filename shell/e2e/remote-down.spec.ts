/**
 * Remote down (docs/architecture.md: "a remote that fails to load shows a fallback for its own area only; the
 * header, the shell's pages and every other remote keep working"): for EACH remote of the registry
 * in turn, its files are made unavailable in the browser; its area shows the fallback, the shell's
 * pages and every other remote still render.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from './helpers';
import { remotesFor, signInToken, type RemoteInfo } from './security-pages';

const firstRoute = (r: RemoteInfo) => r.routes.find((p) => !p.includes(':') && !p.includes('{')) ?? r.routes[0]!;

async function expectRemoteRenders(page: Page, r: RemoteInfo) {
  await page.goto(firstRoute(r));
  await expect(
    page.locator(`[data-remote-area="${r.name}"]`).first(),
    `${r.name} renders at ${firstRoute(r)}`,
  ).toBeAttached({ timeout: 20_000 });
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  // let the session refresh of this load finish: navigating away mid-refresh would drop the rotated
  // refresh cookie and the next load would present a used one (strict rotation signs the family out)
  await page.waitForLoadState('networkidle');
}

test('each remote in turn unavailable: its area shows the fallback; the shell and every other remote still work', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000); // remotes x remotes page loads (7 x 7 with mfe-support)
  const remotes = await remotesFor(request, baseURL!);
  expect(remotes.length).toBeGreaterThan(0);
  for (const down of remotes) {
    await test.step(`${down.name} unavailable`, async () => {
      // a fresh admin session per case (an admin may load every remote)
      const context = await browser.newContext();
      await signInToken(context.request, baseURL!, ADMIN);
      const page = await context.newPage();
      const requested: string[] = [];
      await page.route(`**/remotes/${down.name}/**`, (route) => {
        requested.push(route.request().url());
        return route.abort('connectionrefused');
      });

      await page.goto(firstRoute(down));
      const fallback = page.locator(`[data-testid="remote-fallback"][data-remote="${down.name}"]`);
      await expect(fallback, `${down.name}: its area shows the fallback`).toBeVisible({ timeout: 20_000 });
      await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
      expect(requested.length, `${down.name}: the browser really tried its files`).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');

      // the shell's own pages
      await page.goto('/');
      await expect(page.getByTestId('site-header')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.goto('/about-us');
      await expect(page.getByTestId('site-footer')).toBeVisible();
      await page.waitForLoadState('networkidle');

      // every other remote
      for (const other of remotes.filter((r) => r.name !== down.name)) await expectRemoteRenders(page, other);
      await context.close();
    });
  }
});
