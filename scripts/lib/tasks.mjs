// Small process helpers for the root commands: run a program, time a step, make sure tools exist.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
export const pnpmBin = path.join(root, '.tools', 'node_modules', '.bin', 'pnpm');
const PNPM_VERSION = '10.34.9';

/** Runs a program with inherited stdio; resolves on exit code 0, rejects otherwise. */
export function run(command, args, { env = {}, cwd = root, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${signal ?? code}`));
    });
  });
}

/** Prints a step's name before and its duration after, so long steps show progress. */
export async function step(name, task) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  await task();
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

export const pnpm = (args, options) => run(pnpmBin, args, options);

/** pnpm lives in .tools/ so no global install (and no corepack download) is needed. */
export async function ensurePnpm() {
  if (existsSync(pnpmBin)) return;
  await step(`Installing pnpm ${PNPM_VERSION} into .tools/`, () =>
    run('npm', ['install', '--prefix', path.join(root, '.tools'), '--no-audit', '--no-fund', `pnpm@${PNPM_VERSION}`]),
  );
}

/** Installs a Debian package with apt-get (through sudo unless root). */
export async function aptInstall(title, pkg) {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => (sudo.length ? run('sudo', ['apt-get', ...args]) : run('apt-get', args));
  await step(title, async () => {
    await apt(['update', '-qq']);
    await apt(['install', '-y', '-qq', pkg]);
  });
}

/** End-to-end tests use Debian's Chromium; test tools never download browsers here. */
export async function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromium)) return;
  await aptInstall('Installing Debian Chromium (apt-get)', 'chromium');
}

/**
 * The API tests migrate a database on Debian's PostgreSQL 15 as well as on the embedded 18
 * (api/src/platform/db/postgres-versions.test.ts): 15 is what the operators' cluster runs.
 */
export async function ensurePostgres15() {
  const bin = process.env.POSTGRES_15_BIN ?? '/usr/lib/postgresql/15/bin';
  if (existsSync(path.join(bin, 'postgres'))) return;
  await aptInstall('Installing Debian PostgreSQL 15 (apt-get)', 'postgresql-15');
}

/** Backups and point-in-time recovery (scripts/restore.mjs, the reliability drill `restore`): Debian's pgBackRest. */
export async function ensurePgBackRest() {
  await ensurePostgres15();
  if (existsSync('/usr/bin/pgbackrest')) return;
  await aptInstall('Installing Debian pgBackRest (apt-get)', 'pgbackrest');
}
