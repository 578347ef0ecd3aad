// Debian's Prometheus scraping every process of `npm run start:cluster` (docs/operations.md "Metrics"):
// the repository's configuration and rules (ops/prometheus), the processes' metrics ports as targets.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall } from './tasks.mjs';

export const PROMETHEUS = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';
const ops = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'ops', 'prometheus');

export async function ensurePrometheus() {
  if (existsSync(PROMETHEUS)) return;
  await aptInstall('Installing Debian Prometheus (apt-get)', 'prometheus');
}

/**
 * Starts Prometheus in `dir` on 127.0.0.1:`port` with ops/prometheus/{prometheus,rules}.yml and
 * `targets` ({ address: 'host:port', labels }) as its file-discovered scrape targets.
 */
export async function startPrometheus({ dir, port, targets }) {
  mkdirSync(path.join(dir, 'targets'), { recursive: true });
  for (const file of ['prometheus.yml', 'rules.yml']) copyFileSync(path.join(ops, file), path.join(dir, file));
  writeFileSync(
    path.join(dir, 'targets', 'portal.json'),
    JSON.stringify(targets.map((t) => ({ targets: [t.address], labels: t.labels }))),
  );
  const child = spawn(
    PROMETHEUS,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--storage.tsdb.retention.time=2d',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  const exited = new Promise((r) => child.once('exit', r));
  for (const until = Date.now() + 30_000; ;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/-/ready`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > until) throw new Error(`prometheus did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
