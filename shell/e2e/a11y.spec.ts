/**
 * Accessibility: axe-core (npm axe-core, injected into the page) on every page of the portal in
 * Chromium: no serious or critical violation. Pages come from shell/e2e/security-pages.ts (the
 * shell's routes plus every route of every remote in the registry), each visited as the audience
 * it is for (visitor, signed-in user, admin); all violations of all pages are reported together.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { ADMIN, DEMO, screenshots } from './helpers';
import { portalPages, type PortalPage } from './security-pages';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult { violations: { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string }[] }[] }

async function signedInContext(browser: Browser, baseURL: string, user: { email: string; password: string } | null, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  if (user) {
    const res = await context.request.post(`${baseURL}/api/auth/token?grant_type=password`, { data: { email: user.email, password: user.password } });
    expect(res.ok()).toBeTruthy();
  }
  return context;
}

async function audit(context: BrowserContext, p: PortalPage) {
  const page = await context.newPage();
  await page.goto(p.path);
  if (p.remote) await page.locator(`[data-remote-area="${p.remote}"], [data-testid="remote-fallback"]`).first().waitFor({ state: 'attached', timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400); // let toasts and lazy sections settle
  await page.evaluate(AXE_SOURCE); // evaluated through the DevTools protocol: not subject to the page's CSP
  const result = (await page.evaluate(() => (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } }).axe.run(document, { resultTypes: ['violations'] }))) as AxeResult;
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length) await page.screenshot({ path: path.join(screenshots, `a11y${p.path.replace(/\//g, '_') || '_root'}.png`), fullPage: true });
  await page.close();
  return bad.map((v) => `${p.path} [${v.impact}] ${v.id}: ${v.help} — ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | ')}${v.nodes.length > 4 ? ` (+${v.nodes.length - 4})` : ''}`);
}

for (const [label, viewport] of [['desktop', undefined], ['mobile', { width: 390, height: 844 }]] as const) {
  test(`axe: no serious or critical accessibility violation on any page of the portal (${label})`, async ({ browser, baseURL, request }) => {
    test.setTimeout(300_000);
    const pages = await portalPages(request, baseURL!);
    const contexts = {
      public: await signedInContext(browser, baseURL!, null, viewport),
      user: await signedInContext(browser, baseURL!, DEMO, viewport),
      admin: await signedInContext(browser, baseURL!, ADMIN, viewport),
    };
    const problems: string[] = [];
    for (const p of pages) {
      await test.step(`${p.path} as ${p.audience}`, async () => { problems.push(...(await audit(contexts[p.audience], p))); });
    }
    console.log(`axe (${label}): ${pages.length} pages audited: ${pages.map((p) => p.path).join(', ')}`);
    for (const c of Object.values(contexts)) await c.close();
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
