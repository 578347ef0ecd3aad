// Web bundle bench: wraps shell/bench/bundle-size.mjs (gzip JS of the shell's first load and of each
// remote's first route, recorded from what Chromium really requests; remote mount times, medians of
// cold visits; what a repeat visit still takes from the network at slow 4G) and the production build
// time of every web package, median of BENCH_BUILD_RUNS (3).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export const name = 'web-bundle';

export async function run() {
  const rows = [];
  const builds = [];
  const runs = Number(process.env.BENCH_BUILD_RUNS ?? 3);
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['scripts/build-web.mjs'], { cwd: repo, stdio: 'ignore' });
    if (r.status !== 0) throw new Error('web build failed');
    builds.push((performance.now() - t0) / 1000);
  }
  rows.push({
    figure: 'web production build time',
    value: +median(builds).toFixed(1),
    unit: 's',
    what: `shell + every remote, production, packages in parallel; median of ${runs} (${builds.map((b) => b.toFixed(1)).join(', ')})`,
  });

  const r = spawnSync(
    process.execPath,
    ['shell/bench/bundle-size.mjs', '--no-build', '--json', '--runs', String(process.env.BENCH_VISIT_RUNS ?? 9)],
    { cwd: repo, encoding: 'utf8', maxBuffer: 16 << 20 },
  );
  if (r.status !== 0) throw new Error(`bundle-size failed: ${r.stderr.slice(-2000)}`);
  const json = r.stdout.slice(r.stdout.indexOf('\n[') + 1 || r.stdout.indexOf('['));
  for (const row of JSON.parse(json)) rows.push(row);
  return rows;
}
