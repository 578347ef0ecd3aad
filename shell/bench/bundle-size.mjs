#!/usr/bin/env node
// Bundle bench: prints the production build time, the gzip size of the JS the shell loads for a
// first visit of "/", and what each remote's first route adds, measured in Chromium by recording
// the requests a real page makes (not by guessing from the file list), plus the remote mount time and
// what a signed-in user's repeat visit still takes from the network.
//
//   node shell/bench/bundle-size.mjs [--no-build] [--url http://localhost:3000] [--runs 9] [--json]
// Without --url it starts a throw-away portal (temp PORTAL_HOME, embedded PostgreSQL) on port
// $BENCH_WEB_PORT (3290) with PostgreSQL on $BENCH_WEB_PG_PORT (54390): engineers sharing a machine pass their own.
// Sizes: each response body gzip'd at level 9 (what a compressing server would send).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../scripts/lib/chromium-flags.mjs';
import { signInWithSecondFactor } from '../../scripts/lib/second-factor.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const args = process.argv.slice(2);
const urlArg = args.includes('--url') ? args[args.indexOf('--url') + 1] : undefined;
const asJson = args.includes('--json');
const runs = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 9);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const DEMO = { email: 'demo@portal.test', password: 'Portal-demo-2026' };
const ADMIN = { email: 'admin@portal.test', password: 'Portal-demo-2026' };
const log = (...a) => !asJson && console.log(...a);

const rows = [];
const row = (figure, value, unit, what) => rows.push({ figure, value, unit, what });

// 1. build time (all web packages, production, in parallel as scripts/build-web.mjs does)
if (!args.includes('--no-build')) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['scripts/build-web.mjs'], { cwd: repo, stdio: asJson ? 'ignore' : 'inherit' });
  if (r.status !== 0) process.exit(1);
  row(
    'web build time',
    +((performance.now() - t0) / 1000).toFixed(1),
    's',
    'production build of shell + every remote (target <= 60 s)',
  );
}

// 2. a portal to measure
let server;
let home;
let base = urlArg;
if (!base) {
  home = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  chmodSync(home, 0o755); // the embedded PostgreSQL runs as `postgres` when we are root
  const port = Number(process.env.BENCH_WEB_PORT ?? 3290);
  server = spawn(process.execPath, [path.join(here, '..', 'e2e', 'start-portal.mjs'), '--no-build'], {
    // TRUST_PROXY: each sign-in below comes from its own X-Forwarded-For (the limit is 30 per address in 15 minutes)
    env: {
      ...process.env,
      PORTAL_HOME: home,
      PORT: String(port),
      PORTAL_PG_PORT: process.env.BENCH_WEB_PG_PORT ?? '54390',
      TRUST_PROXY: '1',
    },
    stdio: 'ignore',
    detached: true,
  });
  base = `http://localhost:${port}`;
  const until = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not up yet (or body unavailable): ignore
    }
    if (Date.now() > until) throw new Error('portal did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
}

function stopServer() {
  if (!server) return;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  server = undefined;
}
process.on('exit', stopServer);
process.on('SIGINT', () => process.exit(130));
process.on('uncaughtException', (e) => {
  console.error(e);
  process.exit(1);
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});

/**
 * Resolves when the page has set the performance mark `name`, told by a PerformanceObserver: nothing
 * runs in the page until then. Playwright's locator.waitFor polls on every animation frame and measures
 * the element (a forced layout each frame) while React renders the remote in slices: on the same build
 * that put 25-40 ms of the tool's own work into "mounted after navigation" (docs/decisions.md).
 */
function markSet(page, name) {
  return page.evaluate(
    (mark) =>
      new Promise((resolve, reject) => {
        const seen = () => performance.getEntriesByName(mark).length > 0;
        if (seen()) return resolve();
        setTimeout(() => reject(new Error(`no mark ${mark} after 30 s`)), 30_000);
        new PerformanceObserver((_list, observer) => {
          if (seen()) {
            observer.disconnect();
            resolve();
          }
        }).observe({ type: 'mark' });
      }),
    name,
  );
}

/**
 * Opens `path` in a fresh context (signed in as `user` if given) and records every JS response.
 * `mark`: the performance mark that says the page is there (waited for without touching the page),
 * then `waitFor` must be on the page.
 */
let signIns = 0;
/** A Set-Cookie line as a cookie of the browser context (the API's cookies are httpOnly and SameSite=Strict). */
function browserCookie(line) {
  const [pair, ...attributes] = line.split(';').map((part) => part.trim());
  const at = pair.indexOf('=');
  const cookiePath = attributes.find((a) => /^path=/i.test(a))?.slice('path='.length) ?? '/';
  return {
    name: pair.slice(0, at),
    value: pair.slice(at + 1),
    domain: new URL(base).hostname,
    path: cookiePath,
    httpOnly: true,
    sameSite: 'Strict',
  };
}
/**
 * The latest session cookies of each user: a visit starts from them and leaves its rotated refresh
 * cookie for the next one, so a user signs in once (an admin's sign-in spends an authenticator code,
 * one per 30 seconds: nine visits would otherwise wait minutes for codes).
 */
const sessions = new Map();
async function visit(pathname, { user, waitFor, mark, exclude = new Set() } = {}) {
  const context = await browser.newContext();
  if (user && sessions.has(user.email)) await context.addCookies(sessions.get(user.email));
  else if (user) {
    // sign in through the API (an admin with an authenticator code) and give the page its session cookies (not counted: no page JS)
    signIns += 1;
    const res = await signInWithSecondFactor(base, user, {
      headers: { 'x-forwarded-for': `10.8.${signIns >> 8}.${signIns & 255}` },
    });
    await context.addCookies(res.headers.getSetCookie().map(browserCookie));
  }
  const page = await context.newPage();
  // bodies are read and gzip'd once the page has settled: during the load, pulling each script
  // through the DevTools protocol and compressing it took CPU from the page being timed
  const responses = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') responses.push(res);
  });
  await page.goto(base + pathname, { waitUntil: mark ? 'commit' : 'load' });
  if (mark) await markSet(page, mark);
  if (waitFor) await page.locator(waitFor).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const marks = await page.evaluate(() =>
    Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)])),
  );
  const visible = await page.evaluate(() => Math.round(performance.now()));
  if (user) sessions.set(user.email, await context.cookies());
  const scripts = new Map();
  for (const res of responses) {
    try {
      scripts.set(new URL(res.url()).pathname, gzipSync(await res.body(), { level: 9 }).length);
    } catch {
      // no body (a failed or aborted request): not counted
    }
  }
  await context.close();
  const added = [...scripts].filter(([p]) => !exclude.has(p));
  return { scripts, added, total: added.reduce((s, [, n]) => s + n, 0), marks, visible };
}
const kb = (n) => +(n / 1024).toFixed(1);

/**
 * A signed-in user comes back: the page twice in one browser context, at Lighthouse's mobile network
 * ("slow 4G": 150 ms round trips, 1.6 Mbps down), by DevTools' throttling. What the second load
 * still takes from the network (Resource Timing transferSize: 0 from the cache, the headers alone
 * for a 304) and when its remote mounted, beside the first load's.
 */
async function comeBack(pathname, { user, mark }) {
  const context = await browser.newContext();
  await context.addCookies(sessions.get(user.email));
  const load = async () => {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6e6 / 8) * 0.9,
      uploadThroughput: (750e3 / 8) * 0.9,
    });
    await page.goto(base + pathname, { waitUntil: 'commit' });
    await markSet(page, mark);
    await page.waitForLoadState('networkidle');
    const seen = await page.evaluate((name) => {
      const js = performance.getEntriesByType('resource').filter((e) => /\.js(\?|$)/.test(e.name));
      return {
        mounted: Math.round(performance.getEntriesByName(name)[0].startTime),
        bytes: js.reduce((sum, e) => sum + e.transferSize, 0),
        requests: js.filter((e) => e.transferSize > 0).length,
      };
    }, mark);
    await page.close();
    return seen;
  };
  const first = await load();
  const again = await load();
  sessions.set(user.email, await context.cookies());
  await context.close();
  return { first, again };
}

const landing = await visit('/', { waitFor: 'text=Get Started' });
row(
  'shell first load JS',
  kb(landing.total),
  'KB gzip',
  `JS for "/" (${landing.scripts.size} files: shell + shared libs; target <= 120)`,
);
log('\nshell first load:', [...landing.scripts].map(([p, n]) => `${path.basename(p)} ${kb(n)}`).join(', '));

const firstLoad = new Set(landing.scripts.keys());
// every remote of the registry (as an admin sees it), at its main route, signed in as its audience
const adminToken = await (await signInWithSecondFactor(base, ADMIN)).json();
const registry = await (
  await fetch(`${base}/api/platform/remotes`, { headers: { authorization: `Bearer ${adminToken.access_token}` } })
).json();
const remotes = registry.remotes.map((r) => ({
  name: r.name,
  path: r.routes.find((p) => !p.includes(':')) ?? r.routes[0],
  user: r.audience === 'admin' ? ADMIN : DEMO,
  waitFor: `[data-remote-area="${r.name}"] > *`,
}));
// more of the wallet's pages than its main route (rows named by the page)
for (const pathname of ['/invoices', '/linked-accounts'])
  if (remotes.some((r) => r.name === 'mfe-wallet'))
    remotes.push({
      name: 'mfe-wallet',
      page: pathname,
      path: pathname,
      user: DEMO,
      waitFor: '[data-remote-area="mfe-wallet"] > *',
    });
for (const r of remotes) {
  const label = r.page ? `${r.page} (${r.name})` : r.name;
  // sizes from the first (cold) visit; timings: median of `runs` cold visits (fresh context each)
  const visits = [];
  for (let i = 0; i < runs; i++)
    visits.push(
      await visit(r.path, { user: r.user, mark: `remote:${r.name}:mounted`, waitFor: r.waitFor, exclude: firstLoad }),
    );
  const v = visits[0];
  row(
    `${label} first route JS`,
    kb(v.total),
    'KB gzip',
    `added to the shell's first load by ${r.path}: the shell's federation chunk (runtime, Redux Toolkit, the rest of shared-ui) and the remote's code`,
  );
  row(
    `${label} page JS`,
    kb([...v.scripts.values()].reduce((sum, n) => sum + n, 0)),
    'KB gzip',
    `every script of a cold signed-in visit of ${r.path} (${v.scripts.size} files: shell, federation runtime, remote)`,
  );
  log(`${label} adds:`, v.added.map(([p, n]) => `${p.replace(/^\/remotes\//, '')} ${kb(n)}`).join(', '));
  const mountMs = visits
    .map((x) => x.marks[`remote:${r.name}:mounted`] - x.marks[`remote:${r.name}:load-start`])
    .filter(Number.isFinite);
  const afterNav = visits.map((x) => x.marks[`remote:${r.name}:mounted`]).filter(Number.isFinite);
  if (mountMs.length)
    row(
      `${label} mount time`,
      median(mountMs),
      'ms',
      `remote load start -> its App rendered, median of ${mountMs.length} (localhost)`,
    );
  if (afterNav.length)
    row(
      `${label} mounted after navigation`,
      median(afterNav),
      'ms',
      `navigation start -> remote App rendered, median of ${afterNav.length} (session refresh, registry, remote code)`,
    );
  const { first, again } = await comeBack(r.path, { user: r.user, mark: `remote:${r.name}:mounted` });
  row(
    `${label} repeat visit JS over the network`,
    kb(again.bytes),
    'KB',
    `the second load of ${r.path} in one browser: ${again.requests} scripts not from the cache (first load: ${kb(first.bytes)} KB in ${first.requests})`,
  );
  row(
    `${label} repeat visit mounted after navigation`,
    again.mounted,
    'ms',
    `the second load at Lighthouse's slow 4G (150 ms RTT, 1.6 Mbps, DevTools throttling; first load: ${first.mounted} ms)`,
  );
}

await browser.close();
if (server) {
  stopServer();
  await new Promise((r) => setTimeout(r, 1500));
  rmSync(home, { recursive: true, force: true });
}
if (asJson) console.log(JSON.stringify(rows, null, 2));
else console.table(rows);

/** For the root bench runner (bench/suites): same figures as rows { figure, value, unit, what }. */
export const name = 'bundle-size';
