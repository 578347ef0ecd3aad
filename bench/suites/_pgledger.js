// Helper of bench/suites/api-transfers.mjs (.js, so bench/run.mjs does not load it as a suite): the
// anchor beside the portal's transfers, pgledger (github.com/pgr0ss/pgledger), a ledger that is one SQL
// function per transfer, driven by Debian's pgbench as its own performance check drives it (20 clients,
// random pairs of 50 accounts). It is never part of this repository: PGLEDGER_DIR names a clone (or a
// bare git directory, read at HEAD); without one the suite says what to run and measures the portal alone.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensurePostgres15 } from '../../scripts/lib/tasks.mjs';
import { cpuSeconds, idleCoreSeconds, pg, repo } from './_portal-api.js';

const DIR = process.env.PGLEDGER_DIR ?? path.join(repo, '.portal', 'pgledger');
// its `just dbload`: the ULID helpers it vendors, then the ledger
const FILES = [
  'vendor/scoville-pgsql-ulid/ulid-to-uuid.sql',
  'vendor/scoville-pgsql-ulid/uuid-to-ulid.sql',
  'pgledger.sql',
];
const ACCOUNTS = 50;
export const PGLEDGER_CLIENTS = 20;

/** A file of the pgledger copy: from the working tree, else from a git directory's HEAD. */
function source(file) {
  const onDisk = path.join(DIR, file);
  if (fs.existsSync(onDisk)) return fs.readFileSync(onDisk, 'utf8');
  return execFileSync('git', ['-C', DIR, 'show', `HEAD:${file}`], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
}

function loadable() {
  try {
    return FILES.map(source);
  } catch {
    console.log(
      `  pgledger side-by-side skipped: no copy at ${DIR}. Run: git clone https://github.com/pgr0ss/pgledger ${path.relative(process.cwd(), DIR) || DIR} (or PGLEDGER_DIR=<a clone>)`,
    );
    return null;
  }
}

/**
 * Creates database `pgledger` beside `portal` in the API's embedded PostgreSQL (same server, same
 * settings), loads pgledger and 50 accounts. Returns { run(seconds) } or null when there is no copy.
 * `owner`: the pid whose process tree holds that PostgreSQL (its CPU is measured per transfer).
 */
export async function preparePgledger(portalUrl, owner) {
  const sql = loadable();
  if (!sql) return null;
  await ensurePostgres15(); // pgbench ships with Debian's postgresql-15
  const pgbench = path.join(process.env.POSTGRES_15_BIN ?? '/usr/lib/postgresql/15/bin', 'pgbench');
  const url = portalUrl.replace(/\/portal$/, '/pgledger');
  const admin = new pg.Client({ connectionString: portalUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE pgledger');
  await admin.end();
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query('BEGIN');
    for (const text of sql) await db.query(text);
    await db.query('CREATE TABLE bench_accounts (n integer PRIMARY KEY, id text NOT NULL)');
    await db.query(
      `INSERT INTO bench_accounts SELECT n, a.id FROM generate_series(1, $1) n CROSS JOIN LATERAL pgledger_create_account('acct' || n, 'USD') a`,
      [ACCOUNTS],
    );
    await db.query('COMMIT');
  } finally {
    await db.end();
  }
  // Two different accounts at random, an amount in 1..2^32-1 as its performance check sends (no balance rule: accounts may go negative).
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pgledger-')), 'transfer.sql');
  fs.writeFileSync(
    script,
    `\\set a random(1, ${ACCOUNTS})
\\set d random(1, ${ACCOUNTS - 1})
\\set amount random(1, 4294967295)
SELECT id FROM pgledger_create_transfer((SELECT id FROM bench_accounts WHERE n = :a), (SELECT id FROM bench_accounts WHERE n = 1 + (:a - 1 + :d) % ${ACCOUNTS}), :amount);
`,
  );
  return {
    /** pgbench for `seconds`: transfers/s, PostgreSQL CPU ms per transfer and the cores it left idle. */
    async run(seconds) {
      const cpu0 = cpuSeconds(owner, true);
      const [idle0, t0] = [idleCoreSeconds(), performance.now()];
      const out = await pgbenchOutput(pgbench, [
        '-n',
        '-M',
        'prepared',
        '-c',
        String(PGLEDGER_CLIENTS),
        '-j',
        '2',
        '-T',
        String(seconds),
        '-f',
        script,
        url,
      ]);
      const cpu = cpuSeconds(owner, true) - cpu0;
      const idleCores = ((idleCoreSeconds() - idle0) * 1000) / (performance.now() - t0);
      const tps = Number(out.match(/tps = ([\d.]+)/)?.[1]);
      const done = Number(out.match(/number of transactions actually processed: (\d+)/)?.[1]);
      const failed = Number(out.match(/number of failed transactions: (\d+)/)?.[1] ?? 0);
      if (!Number.isFinite(tps) || failed > 0) throw new Error(`pgbench: ${out}`);
      return {
        rps: tps,
        dbCpuMs: (cpu * 1000) / done,
        latencyMs: Number(out.match(/latency average = ([\d.]+) ms/)?.[1]),
        idleCores,
      };
    },
  };
}

function pgbenchOutput(bin, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`pgbench exited ${code}: ${out}`))));
  });
}
