// Lighthouse (npm `lighthouse` 12, Debian's Chromium, mobile preset: simulated slow 4G and 4x CPU
// slowdown) on the public pages people load first: / and /auth. Target: performance >= 95 on both.
// Starts a throw-away portal from the current shell build (temp PORTAL_HOME, embedded PostgreSQL).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const freePort = () => new Promise((resolve, reject) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => resolve(port)); }).on('error', reject);
});

export const name = 'lighthouse';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGES = ['/', '/auth'];
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

async function startPortal() {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lh-'));
  fs.chmodSync(home, 0o755); // the embedded PostgreSQL runs as `postgres` when we are root
  const port = await freePort();
  const build = !fs.existsSync(path.join(repo, 'shell', 'dist', 'index.html'));
  const child = spawn(process.execPath, [path.join(repo, 'shell', 'e2e', 'start-portal.mjs'), ...(build ? [] : ['--no-build'])], {
    env: { ...process.env, PORTAL_HOME: home, PORT: String(port), PORTAL_PG_PORT: String(await freePort()), LOG_LEVEL: 'warn', GOOGLE_CLIENT_ID: '' },
    stdio: 'ignore',
    detached: true,
  });
  const base = `http://localhost:${port}`;
  const until = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch { /* not up yet */ }
    if (Date.now() > until) throw new Error('portal did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
    stop() {
      try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ }
      setTimeout(() => fs.rmSync(home, { recursive: true, force: true }), 2000).unref();
    },
  };
}

function lighthouse(url, attempt = 0) {
  const bin = path.join(repo, 'shell', 'node_modules', '.bin', 'lighthouse');
  const r = spawnSync(bin, [url, '--output=json', '--output-path=stdout', '--only-categories=performance', '--quiet', `--chrome-flags=${CHROME_FLAGS}`], {
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) {
    // A busy machine sometimes loses the trace (NO_NAVSTART, NO_FCP): run that page again.
    if (attempt < 2) return lighthouse(url, attempt + 1);
    throw new Error(`lighthouse failed: ${r.stderr.slice(-2000)}`);
  }
  const lhr = JSON.parse(r.stdout);
  const a = lhr.audits;
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
  };
}

export async function run() {
  const portal = await startPortal();
  const rows = [];
  try {
    for (const page of PAGES) {
      const results = [];
      for (let i = 0; i < RUNS; i++) results.push(lighthouse(`${portal.base}${page}`));
      const m = (k) => median(results.map((x) => x[k]));
      console.log(`  ${page}: scores ${results.map((x) => x.score).join(', ')}`);
      rows.push({ figure: `lighthouse ${page} performance`, value: m('score'), unit: 'score', what: `mobile preset, median of ${RUNS} (target >= 95)` });
      rows.push({ figure: `lighthouse ${page} LCP`, value: Math.round(m('lcp')), unit: 'ms', what: 'largest contentful paint (simulated slow 4G)' });
      rows.push({ figure: `lighthouse ${page} FCP`, value: Math.round(m('fcp')), unit: 'ms', what: 'first contentful paint' });
      rows.push({ figure: `lighthouse ${page} TBT`, value: Math.round(m('tbt')), unit: 'ms', what: 'total blocking time' });
      rows.push({ figure: `lighthouse ${page} CLS`, value: +m('cls').toFixed(3), unit: '', what: 'cumulative layout shift' });
    }
  } finally {
    portal.stop();
  }
  return rows;
}
