// Backups with point-in-time recovery through pgBackRest (Debian's package), for a PostgreSQL of
// Debian's version 15 (pgBackRest 2.45 predates PostgreSQL 16, so the embedded 18 cannot be backed
// up by it: docs/operations.md). Shared by the operator's restore script (scripts/restore.mjs) and the
// reliability drill (scripts/reliability/restore.mjs). Every server program runs as the `postgres`
// OS user when we are root (initdb and pgBackRest refuse root, and the files must be theirs).
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);
export const PG15_BIN = process.env.POSTGRES_15_BIN ?? '/usr/lib/postgresql/15/bin';
export const STANZA = 'portal';

async function postgresUser() {
  if (process.getuid?.() !== 0) return {};
  const id = async (flag) => Number((await exec('id', [flag, 'postgres'])).stdout.trim());
  return { uid: await id('-u'), gid: await id('-g') };
}

/** Runs a program as the postgres user; resolves with its stdout, rejects with its stderr. */
export async function asPostgres(program, args, options = {}) {
  try {
    const { stdout } = await exec(program, args, { ...(await postgresUser()), maxBuffer: 16 * 2 ** 20, ...options });
    return stdout;
  } catch (e) {
    throw new Error(`${path.basename(program)} ${args.join(' ')}: ${e.stderr || e.message}`, { cause: e });
  }
}

/** A folder the postgres user owns (0700, as PostgreSQL wants its data folder). */
export async function ownedFolder(dir) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { uid, gid } = await postgresUser();
  if (uid !== undefined) chownSync(dir, uid, gid);
  return dir;
}

/**
 * pgBackRest's configuration for one server: the repository (full backups kept: `retention`), the
 * server's data folder, port and socket. Written to `<dir>/pgbackrest.conf`; returns its path.
 */
export async function writeBackRestConfig({ dir, dataDir, port, socketDir, retention = 2 }) {
  const root = await ownedFolder(dir);
  for (const sub of ['repo', 'log', 'lock', 'spool']) await ownedFolder(path.join(root, sub));
  const file = path.join(root, 'pgbackrest.conf');
  writeFileSync(
    file,
    [
      '[global]',
      `repo1-path=${path.join(root, 'repo')}`,
      `repo1-retention-full=${retention}`,
      `log-path=${path.join(root, 'log')}`,
      `lock-path=${path.join(root, 'lock')}`,
      `spool-path=${path.join(root, 'spool')}`,
      'log-level-console=warn',
      'start-fast=y', // a checkpoint now, not at the next scheduled one
      'compress-type=lz4',
      '',
      `[${STANZA}]`,
      `pg1-path=${dataDir}`,
      `pg1-port=${port}`,
      `pg1-socket-path=${socketDir}`,
      'pg1-user=postgres',
      '',
    ].join('\n'),
  );
  return file;
}

export const backRest = (config, ...args) =>
  asPostgres('pgbackrest', [`--config=${config}`, `--stanza=${STANZA}`, ...args]);

/** The settings that make PostgreSQL hand every finished WAL segment to pgBackRest. */
export const archivingSettings = (config) => ({
  wal_level: 'replica',
  archive_mode: 'on',
  max_wal_senders: '3',
  archive_command: `pgbackrest --config=${config} --stanza=${STANZA} archive-push %p`,
});

/** Starts (pg_ctl -w) a PostgreSQL 15 data folder on a loopback port; stop() is an immediate shutdown (a crash). */
export async function startPostgres15({ dataDir, port, socketDir, settings = {}, log }) {
  // pg_ctl hands -o to a shell: each setting in single quotes (none of ours contains one)
  const options = [
    `-p ${port}`,
    `-k ${socketDir}`,
    "-c 'listen_addresses=127.0.0.1'",
    "-c 'max_connections=100'",
    ...Object.entries(settings).map(([name, value]) => `-c '${name}=${value}'`),
  ];
  await asPostgres(path.join(PG15_BIN, 'pg_ctl'), [
    '-D',
    dataDir,
    '-o',
    options.join(' '),
    '-l',
    log,
    '-w',
    '-t',
    '120',
    'start',
  ]);
  return {
    url: (database = 'portal') => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    stop: () => stopPostgres15(dataDir),
  };
}

/** An immediate shutdown (as a crash would leave it); nothing when it is not running. */
export const stopPostgres15 = (dataDir) =>
  asPostgres(path.join(PG15_BIN, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});

/** A fresh PostgreSQL 15 data folder (trust on loopback: the drill and the restore run on this machine). */
export async function initPostgres15(dataDir) {
  await ownedFolder(path.dirname(dataDir));
  await asPostgres(path.join(PG15_BIN, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
}

/** pgBackRest's own view of the repository (backups, their sizes and times), as JSON. */
export async function backupInfo(config) {
  return JSON.parse(await backRest(config, '--output=json', 'info'))[0];
}

export const pgBackRestInstalled = () => existsSync('/usr/bin/pgbackrest');

/**
 * Point-in-time recovery into a fresh data folder: pgBackRest restores the last full backup before
 * `target` and the WAL after it, PostgreSQL replays up to `target` (transactions committed at or
 * before it), then promotes itself to a new timeline and accepts writes again. Resolves once it does.
 */
export async function restoreTo({ config, target, dataDir, port, socketDir, log }) {
  if (existsSync(dataDir))
    throw new Error(`${dataDir} exists: restore into a fresh folder (the damaged one stays for inspection)`);
  await ownedFolder(dataDir);
  await backRest(
    config,
    `--pg1-path=${dataDir}`,
    '--type=time',
    `--target=${target}`,
    '--target-action=promote',
    'restore',
  );
  const server = await startPostgres15({ dataDir, port, socketDir, log, settings: archivingSettings(config) });
  const psql = (sql) =>
    asPostgres(path.join(PG15_BIN, 'psql'), [
      '-h',
      socketDir,
      '-p',
      String(port),
      '-U',
      'postgres',
      '-d',
      'postgres',
      '-Atc',
      sql,
    ]);
  for (const until = Date.now() + 300_000; (await psql('SELECT pg_is_in_recovery()')).trim() !== 'f';) {
    if (Date.now() > until) throw new Error('the restored server did not finish recovery in 5 minutes');
    await new Promise((r) => setTimeout(r, 200));
  }
  return server;
}
