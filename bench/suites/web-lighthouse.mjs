// Lighthouse (npm lighthouse driving Debian's Chromium, mobile preset = Lighthouse's default config:
// Moto G Power emulation, simulated slow 4G + 4x CPU slowdown) for "/", "/auth", the main page of
// every remote in the registry (signed in as its audience; /dashboard for mfe-wallet) and the
// wallet's /invoices and /linked-accounts: the performance score, LCP, TBT, CLS and navigation ->
// remote mounted, each the median of BENCH_LH_RUNS (3) runs, every run in a fresh Chromium profile.
// Beside each page: Lighthouse's benchmarkIndex (its own CPU check of the host, higher is faster)
// and the bench's speed check (bench/speed-check.mjs, lower is faster) taken just before that page,
// because a page's score on a shared host says as much about the moment as about the page.
// The portal under test is a throw-away one (temp PORTAL_HOME, own PostgreSQL) serving the current
// production build (run the web-bundle suite or build first).
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS } from '../../scripts/lib/chromium-flags.mjs';
import { signInWithSecondFactor } from '../../scripts/lib/second-factor.mjs';
import { speedCheckMs } from '../speed-check.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const requireRoot = createRequire(path.join(repo, 'package.json'));
const requireLh = createRequire(requireRoot.resolve('lighthouse'));
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const DEMO = { email: 'demo@portal.test', password: 'Portal-demo-2026' };
const ADMIN = { email: 'admin@portal.test', password: 'Portal-demo-2026' };
/** Signed-in pages measured besides each remote's main route (the demo user's, of the wallet remote). */
const MORE_PAGES = [
  { path: '/invoices', remote: 'mfe-wallet' },
  { path: '/linked-accounts', remote: 'mfe-wallet' },
];
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
      benchmarkIndex: lhr.environment.benchmarkIndex,
      // the main thread under the 4x CPU slowdown (simulated from the trace): long tasks, and the
      // JavaScript time (evaluation, compilation, run) per script
      longTasks: lhr.audits['long-tasks']?.details?.items?.length ?? 0,
      scriptMs: lhr.audits['bootup-time']?.numericValue ?? 0,
      scripts: (lhr.audits['bootup-time']?.details?.items ?? []).map((i) => ({
        script: i.url.replace(/^https?:\/\/[^/]+/, ''),
        ms: Math.round(i.scripting),
      })),
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    await chrome.kill();
  }
}

/** The figures of one page on one portal, from its runs. */
function pageRows(label, t, results, speedCheck) {
  const runs = results.length;
  const what = `Lighthouse mobile preset, median of ${runs}${t.remote ? `, ${t.remote}` : ''}`;
  const of = (key) => results.map((r) => r[key]);
  const rows = [
    {
      figure: `${label} performance score`,
      value: median(of('score')),
      unit: '/100',
      what: `${what} (${of('score').join(', ')})`,
    },
    { figure: `${label} LCP`, value: Math.round(median(of('lcp'))), unit: 'ms', what },
    {
      figure: `${label} TBT`,
      value: Math.round(median(of('tbt'))),
      unit: 'ms',
      what: `${what} (${of('tbt').map(Math.round).join(', ')})`,
    },
    { figure: `${label} CLS`, value: +median(of('cls')).toFixed(3), unit: '', what },
    {
      figure: `${label} long tasks`,
      value: median(of('longTasks')),
      unit: '',
      what: `main-thread tasks over 50 ms at 4x CPU (Lighthouse's simulation of the trace), median (${of('longTasks').join(', ')})`,
    },
    {
      figure: `${label} script time`,
      value: Math.round(median(of('scriptMs'))),
      unit: 'ms',
      what: `JavaScript on the main thread at 4x CPU (Lighthouse bootup-time, by the script a task started in), median; first run: ${results[0].scripts
        .slice(0, 4)
        .map((x) => `${x.script} ${x.ms}`)
        .join(', ')}`,
    },
    {
      figure: `${label} benchmarkIndex`,
      value: Math.round(median(of('benchmarkIndex'))),
      unit: '',
      what: `Lighthouse's CPU check of the host during these runs, higher is faster (${of('benchmarkIndex').map(Math.round).join(', ')})`,
    },
    {
      figure: `${label} speed check`,
      value: speedCheck,
      unit: 'ms',
      what: '200,000 sha256 on one core just before this page, lower is faster (bench/speed-check.mjs)',
    },
  ];
  const mounted = results.map((r) => r.marks[`remote:${t.remote}:mounted`]).filter(Number.isFinite);
  if (t.user && mounted.length)
    rows.push({
      figure: `${label} navigation -> remote mounted`,
      value: Math.round(median(mounted)),
      unit: 'ms',
      what: `observed in the Lighthouse run (user timing; the load itself is not throttled), median of ${mounted.length}`,
    });
  console.log(
    `  ${label}: score ${of('score').join('/')}, LCP ${of('lcp').map(Math.round).join('/')} ms, TBT ${of('tbt').map(Math.round).join('/')} ms; benchmarkIndex ${of('benchmarkIndex').map(Math.round).join('/')}, speed check ${speedCheck} ms`,
  );
  return rows;
}

/** One Lighthouse run; it occasionally fails to record a trace (NO_NAVSTART) on a loaded machine: retried. */
async function lighthouseRun(base, t) {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await lighthouseOnce(base, t.path, t.user);
      const landed = new URL(result.finalUrl).pathname;
      if (t.user && landed !== t.path) throw new Error(`${t.path}: ended on ${landed} (session not taken)`);
      return result;
    } catch (e) {
      if (attempt >= 3) throw e;
      console.log(`  ${t.path}: ${e.message}; retrying`);
    }
  }
}

/**
 * BENCH_URL: measure already running portals instead (their sign-ins need TRUST_PROXY=1 for many runs):
 * one URL, or `label=url,label=url` (e.g. before=...,after=...): each page's runs alternate between
 * them, so a before/after comparison shares the machine's moments; rows are prefixed with the label.
 */
function portalsToMeasure() {
  if (!process.env.BENCH_URL) return undefined;
  return process.env.BENCH_URL.split(',').map((item) => {
    const at = item.indexOf('=');
    return at < 0
      ? { label: '', base: item, stop: async () => {} }
      : { label: `[${item.slice(0, at)}] `, base: item.slice(at + 1), stop: async () => {} };
  });
}

/** "/", "/auth", the main signed-in route of every remote (a new remote adds its row by publishing), MORE_PAGES. */
async function pagesOf(base) {
  const { access } = await refreshCookie(base, ADMIN);
  const registry = await (
    await fetch(`${base}/api/platform/remotes`, { headers: { authorization: `Bearer ${access}` } })
  ).json();
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
  for (const p of MORE_PAGES) if (registry.remotes.some((r) => r.name === p.remote)) targets.push({ ...p, user: DEMO });
  // BENCH_LH_ONLY=/dashboard,/invoices: only these pages (while working on them); a page that is no
  // remote's main route is measured signed in as the demo user
  const only = process.env.BENCH_LH_ONLY?.split(',');
  for (const p of only ?? []) if (!targets.some((t) => t.path === p)) targets.push({ path: p, user: DEMO });
  return targets.filter((x) => !only || only.includes(x.path));
}

export async function run() {
  const runs = Number(process.env.BENCH_LH_RUNS ?? 3);
  const portals = portalsToMeasure() ?? [{ label: '', ...(await startPortal()) }];
  const rows = [];
  try {
    for (const t of await pagesOf(portals[0].base)) {
      const speedCheck = speedCheckMs();
      const results = portals.map(() => []);
      for (let i = 0; i < runs; i++)
        for (const [k, portal] of portals.entries()) results[k].push(await lighthouseRun(portal.base, t));
      for (const [k, portal] of portals.entries())
        rows.push(...pageRows(`${portal.label}${t.path}${t.user ? ' (signed in)' : ''}`, t, results[k], speedCheck));
    }
  } finally {
    for (const portal of portals) await portal.stop();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await run());
}
