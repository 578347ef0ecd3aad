/**
 * Accessibility: axe-core (npm axe-core, injected into the page) on every page of the portal in
 * Chromium: no serious or critical violation. Pages come from shell/e2e/security-pages.ts (the
 * shell's routes plus every route of every remote in the registry), each visited as the audience
 * it is for (visitor, signed-in user, admin); all violations of all pages are reported together.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type BrowserContext } from '@playwright/test';
import { ADMIN, DEMO, screenshots } from './helpers';
import { portalPages, signInToken, type PortalPage } from './security-pages';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: string[]; failureSummary?: string }[];
  }[];
}

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;

async function audit(context: BrowserContext, p: PortalPage, viewport: keyof typeof VIEWPORTS) {
  const page = await context.newPage();
  await page.setViewportSize(VIEWPORTS[viewport]);
  await page.goto(p.path);
  if (p.remote) {
    const area = page.locator(`[data-remote-area="${p.remote}"], [data-testid="remote-fallback"]`).first();
    // the machine is shared: one reload if the area has not appeared (a slow load is not an a11y finding)
    await area.waitFor({ state: 'attached', timeout: 20_000 }).catch(async () => {
      await page.reload();
      await area.waitFor({ state: 'attached', timeout: 30_000 });
    });
  }
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400); // let toasts and lazy sections settle
  await page.evaluate(AXE_SOURCE); // evaluated through the DevTools protocol: not subject to the page's CSP
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  )) as AxeResult;
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length)
    await page.screenshot({
      path: path.join(screenshots, `a11y-${viewport}${p.path.replace(/\//g, '_') || '_root'}.png`),
      fullPage: true,
    });
  await page.close();
  return bad.map(
    (v) =>
      `${p.path} (${viewport}) [${v.impact}] ${v.id}: ${v.help} — ${v.nodes
        .slice(0, 4)
        .map((n) => n.target.join(' '))
        .join(' | ')}${v.nodes.length > 4 ? ` (+${v.nodes.length - 4})` : ''}`,
  );
}

test('axe: no serious or critical accessibility violation on any page of the portal (desktop and mobile)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(400_000);
  // one context per audience, one sign-in each (sign-ins are rate limited per address)
  const contexts = {
    public: await browser.newContext(),
    user: await browser.newContext(),
    admin: await browser.newContext(),
  };
  await signInToken(contexts.user.request, baseURL!, DEMO);
  const adminToken = await signInToken(contexts.admin.request, baseURL!, ADMIN);
  const pages = await portalPages(contexts.admin.request, baseURL!, adminToken);
  const problems: string[] = [];
  for (const viewport of ['desktop', 'mobile'] as const) {
    for (const p of pages) {
      await test.step(`${p.path} as ${p.audience} (${viewport})`, async () => {
        problems.push(...(await audit(contexts[p.audience], p, viewport)));
      });
    }
  }
  console.log(`axe: ${pages.length} pages x 2 viewports audited: ${pages.map((p) => p.path).join(', ')}`);
  for (const c of Object.values(contexts)) await c.close();
  expect(problems, problems.join('\n')).toEqual([]);
});
