// Lighthouse (npm lighthouse driving Debian's Chromium, mobile preset = Lighthouse's default config:
// Moto G Power emulation, simulated slow 4G + 4x CPU slowdown) for "/", "/auth" and the main page of
// every remote in the registry (signed in as its audience; /dashboard for mfe-wallet): the
// performance score, LCP, TBT, CLS and navigation -> remote mounted, each the median of BENCH_LH_RUNS (3) runs, every run in a
// fresh Chromium profile. The portal under test is a throw-away one (temp PORTAL_HOME, own
// PostgreSQL) serving the current production build (run the web-bundle suite or build first).
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS } from '../../scripts/lib/chromium-flags.mjs';
import { signInWithSecondFactor } from '../../scripts/lib/second-factor.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const requireRoot = createRequire(path.join(repo, 'package.json'));
const requireLh = createRequire(requireRoot.resolve('lighthouse'));
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const DEMO = { email: 'demo@portal.test', password: 'Portal-demo-2026' };
const ADMIN = { email: 'admin@portal.test', password: 'Portal-demo-2026' };
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

export const name = 'web-lighthouse';

async function startPortal() {
  const home = mkdtempSync(path.join(os.tmpdir(), 'portal-lh-'));
  chmodSync(home, 0o755);
  // BENCH_WEB_PORT / BENCH_WEB_PG_PORT: ports of one's own on a shared machine (+1: web-bundle's portal uses the base ones)
  const port = process.env.BENCH_WEB_PORT ? Number(process.env.BENCH_WEB_PORT) + 1 : await freePort();
  const pgPort = process.env.BENCH_WEB_PG_PORT ? Number(process.env.BENCH_WEB_PG_PORT) + 1 : await freePort();
  const child = spawn(process.execPath, [path.join(repo, 'shell', 'e2e', 'start-portal.mjs'), '--no-build'], {
    env: {
      ...process.env,
      PORTAL_HOME: home,
      PORT: String(port),
      PORTAL_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
    },
    stdio: 'ignore',
    detached: true,
  });
  const base = `http://localhost:${port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet / already gone */
    }
    if (Date.now() > until) throw new Error('portal did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
    stop: async () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* not up yet / already gone */
      }
      await new Promise((r) => setTimeout(r, 2000));
      rmSync(home, { recursive: true, force: true });
    },
  };
}

let ip = 0;
/** A fresh refresh cookie for the user (its own session family; distinct forwarded address per sign-in). */
async function refreshCookie(base, user) {
  ip += 1;
  // an admin answers with an authenticator code, so its /admin pages are measured, not the second-factor setup screen
  const res = await signInWithSecondFactor(base, user, {
    headers: { 'x-forwarded-for': `10.77.${ip >> 8}.${ip & 255}` },
  });
  const cookieOf = (name) =>
    (res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`)) ?? '').split(';')[0].slice(name.length + 1);
  // the admin hint (api/src/platform/http/session-marker.ts) is set for admins only
  return {
    access: (await res.json()).access_token,
    cookie: { name: 'portal_rt', value: cookieOf('portal_rt') },
    adminHint: cookieOf('portal_admin'),
  };
}

async function lighthouseOnce(base, pathname, user) {
  const { default: lighthouse } = await import(pathToFileURL(requireRoot.resolve('lighthouse')).href);
  const chromeLauncher = await import(pathToFileURL(requireLh.resolve('chrome-launcher')).href);
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  try {
    if (user) {
      // the session lives in the httpOnly refresh cookie (Path /api/auth): put it in this profile's jar
      const { default: puppeteer } = await import(pathToFileURL(requireLh.resolve('puppeteer-core')).href);
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      const { cookie, adminHint } = await refreshCookie(base, user);
      await page.setCookie({
        name: cookie.name,
        value: cookie.value,
        url: `${base}/api/auth/`,
        path: '/api/auth',
        httpOnly: true,
        sameSite: 'Strict',
      });
      if (adminHint)
        await page.setCookie({
          name: 'portal_admin',
          value: adminHint,
          url: `${base}/`,
          path: '/',
          httpOnly: true,
          sameSite: 'Lax',
        });
      // and the marker that tells the page a session may exist (api/src/platform/http/session-marker.ts)
      await page.setCookie({ name: 'portal_session', value: '1', url: `${base}/`, path: '/', sameSite: 'Lax' });
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(`${base}${pathname}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: Boolean(user),
    });
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`${pathname}: ${lhr.runtimeError.message}`);
    // BENCH_LH_SAVE=<dir>: keep every report (network requests, long tasks, user timings) to see where the time goes
    if (process.env.BENCH_LH_SAVE) {
      mkdirSync(process.env.BENCH_LH_SAVE, { recursive: true });
      writeFileSync(
        path.join(process.env.BENCH_LH_SAVE, `${pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`),
        JSON.stringify(lhr),
      );
    }
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      // performance.mark('remote:<name>:mounted') of the shell (observed, not simulated: the page loads unthrottled)
      marks: Object.fromEntries((lhr.audits['user-timings']?.details?.items ?? []).map((m) => [m.name, m.startTime])),
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    await chrome.kill();
  }
}

export async function run() {
  const runs = Number(process.env.BENCH_LH_RUNS ?? 3);
  // BENCH_URL: measure an already running portal (its sign-ins need TRUST_PROXY=1 for many runs)
  const portal = process.env.BENCH_URL ? { base: process.env.BENCH_URL, stop: async () => {} } : await startPortal();
  const rows = [];
  try {
    const { access } = await refreshCookie(portal.base, ADMIN);
    const registry = await (
      await fetch(`${portal.base}/api/platform/remotes`, { headers: { authorization: `Bearer ${access}` } })
    ).json();
    // the shell's public pages, then the main signed-in route of every remote (a new remote adds its row by publishing)
    const targets = [
      { path: '/', user: null },
      { path: '/auth', user: null },
    ];
    for (const r of registry.remotes) {
      const main = r.routes.find((p) => !p.includes(':')) ?? r.routes[0];
      const pathname = r.name === 'mfe-admin' && main === '/admin' ? '/admin/dashboard' : main;
      if (!targets.some((t) => t.path === pathname))
        targets.push({ path: pathname, user: r.audience === 'admin' ? ADMIN : DEMO, remote: r.name });
    }
    // BENCH_LH_ONLY=/dashboard,/invoices: only these pages (while working on them); a page that is no
    // remote's main route is measured signed in as the demo user
    const only = process.env.BENCH_LH_ONLY?.split(',');
    for (const p of only ?? []) if (!targets.some((t) => t.path === p)) targets.push({ path: p, user: DEMO });
    for (const t of targets.filter((x) => !only || only.includes(x.path))) {
      const results = [];
      for (let i = 0; i < runs; i++) {
        // Lighthouse occasionally fails to record a trace (NO_NAVSTART) on a loaded machine: retry that run
        for (let attempt = 1; ; attempt++) {
          try {
            results.push(await lighthouseOnce(portal.base, t.path, t.user));
            break;
          } catch (e) {
            if (attempt >= 3) throw e;
            console.log(`  ${t.path}: ${e.message}; retrying`);
          }
        }
      }
      const landed = new URL(results[0].finalUrl).pathname;
      if (t.user && landed !== t.path) throw new Error(`${t.path}: ended on ${landed} (session not taken)`);
      const label = `${t.path}${t.user ? ' (signed in)' : ''}`;
      const what = `Lighthouse mobile preset, median of ${runs}${t.remote ? `, ${t.remote} main page` : ''}`;
      rows.push({
        figure: `${label} performance score`,
        value: median(results.map((r) => r.score)),
        unit: '/100',
        what: `${what} (${results.map((r) => r.score).join(', ')})`,
      });
      rows.push({ figure: `${label} LCP`, value: Math.round(median(results.map((r) => r.lcp))), unit: 'ms', what });
      rows.push({ figure: `${label} TBT`, value: Math.round(median(results.map((r) => r.tbt))), unit: 'ms', what });
      rows.push({ figure: `${label} CLS`, value: +median(results.map((r) => r.cls)).toFixed(3), unit: '', what });
      const mounted = results.map((r) => r.marks[`remote:${t.remote}:mounted`]).filter(Number.isFinite);
      if (t.user && mounted.length)
        rows.push({
          figure: `${label} navigation -> remote mounted`,
          value: Math.round(median(mounted)),
          unit: 'ms',
          what: `observed in the Lighthouse run (user timing; the load itself is not throttled), median of ${mounted.length}`,
        });
      console.log(
        `  ${label}: score ${results.map((r) => r.score).join('/')}, LCP ${results.map((r) => Math.round(r.lcp)).join('/')} ms`,
      );
    }
  } finally {
    await portal.stop();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await run());
}
