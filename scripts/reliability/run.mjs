#!/usr/bin/env node
// `npm run test:reliability`: the slow reliability cases of, each against real processes on
// loopback (own PostgreSQL, API processes started and killed by pid), then the remote-down case in
// Chromium. Prints one line per case and exits non-zero when any fails.
//   node scripts/reliability/run.mjs [crash] [group-commit-crash] [restart] [db-restart] [two-process] [remote-down] [db-freeze] [live-sockets] [worker-kill] [restore] [failover] [split-brain] [pgbouncer-restart] [worker-kill-ha] [replica-lag]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { crashCase } from './crash.mjs';
import { dbFreezeCase } from './db-freeze.mjs';
import { dbRestartCase } from './db-restart.mjs';
import { failoverCase } from './failover.mjs';
import { groupCommitCrashCase } from './group-commit-crash.mjs';
import { pgbouncerRestartCase, replicaLagCase, splitBrainCase } from './ha-cases.mjs';
import { liveSocketsCase } from './live-sockets.mjs';
import { repo } from './lib.mjs';
import { restartCase } from './restart.mjs';
import { restoreCase } from './restore.mjs';
import { twoProcessCase } from './two-process.mjs';
import { workerKillCase } from './worker-kill.mjs';

function remoteDownCase() {
  // The e2e config starts a throw-away portal (build + publish + API) unless E2E_BASE_URL is set.
  const pnpm = path.join(repo, '.tools', 'node_modules', '.bin', 'pnpm');
  const r = spawnSync(pnpm, ['--filter', '@portal/shell', 'exec', 'playwright', 'test', 'e2e/remote-down.spec.ts'], {
    cwd: repo,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`remote-down spec failed (exit ${r.status})`);
  return { name: 'remote down (each remote in turn, Chromium)', ok: true };
}

const cases = {
  crash: crashCase,
  'group-commit-crash': groupCommitCrashCase,
  restart: restartCase,
  'db-restart': dbRestartCase,
  'two-process': twoProcessCase,
  'remote-down': remoteDownCase,
  'db-freeze': dbFreezeCase,
  'live-sockets': liveSocketsCase,
  'worker-kill': workerKillCase,
  restore: restoreCase,
  failover: failoverCase,
  'split-brain': splitBrainCase,
  'pgbouncer-restart': pgbouncerRestartCase,
  'worker-kill-ha': () => workerKillCase({ haId: 5 }),
  'replica-lag': replicaLagCase,
};
const DEFAULT = Object.keys(cases);
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT;
const results = [];
for (const name of chosen) {
  if (!cases[name]) throw new Error(`unknown case ${name} (known: ${Object.keys(cases).join(', ')})`);
  console.log(`\n▶ reliability: ${name}`);
  const started = performance.now();
  try {
    const r = await cases[name]();
    results.push({
      case: name,
      result: 'PASS',
      seconds: +((performance.now() - started) / 1000).toFixed(1),
      details: JSON.stringify({ ...r, name: undefined, ok: undefined }),
    });
  } catch (e) {
    console.error(e);
    results.push({
      case: name,
      result: 'FAIL',
      seconds: +((performance.now() - started) / 1000).toFixed(1),
      details: String(e.message ?? e).slice(0, 300),
    });
  }
}
console.table(results);
process.exit(results.every((r) => r.result === 'PASS') ? 0 : 1);
