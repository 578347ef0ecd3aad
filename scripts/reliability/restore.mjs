#!/usr/bin/env node
// Restore drill (docs/operations.md "Backups"): the portal on Debian's PostgreSQL 15 archiving its WAL
// to pgBackRest. Transfers run (A), a full backup is taken, more transfers run (B), a time T is
// noted, more transfers run (C), then the database server is killed and its data folder deleted.
// scripts/restore.mjs restores to T into a fresh folder: exactly the transfers A and B answered 201
// must be there, each once, none of C, and the books balanced. Prints backup size and time, restore time.
import { spawn } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  archivingSettings,
  backRest,
  backupInfo,
  initPostgres15,
  ownedFolder,
  startPostgres15,
  stopPostgres15,
  writeBackRestConfig,
} from '../lib/pgbackrest.mjs';
import { assert, books, freePort, log, repo, sleep, transferLoad } from './lib.mjs';
import { PIN, setupPortal } from './setup.mjs';

const LOAD_MS = Number(process.env.RESTORE_LOAD_MS ?? 2000);

/** A PostgreSQL 15 in `dir` whose WAL goes to a pgBackRest repository beside it (stanza created). */
async function archivedPostgres15(dir) {
  const socketDir = await ownedFolder(path.join(dir, 'pg15'));
  const dataDir = path.join(socketDir, 'data');
  const port = await freePort();
  await initPostgres15(dataDir);
  const config = await writeBackRestConfig({ dir: path.join(dir, 'backrest'), dataDir, port, socketDir });
  const server = await startPostgres15({
    dataDir,
    port,
    socketDir,
    log: path.join(socketDir, 'log'),
    settings: archivingSettings(config),
  });
  const { pool } = books(server.url('postgres'));
  await pool.query('CREATE DATABASE portal');
  await pool.end();
  await backRest(config, 'stanza-create');
  return {
    url: server.url(),
    stop: () => server.stop(),
    start: () => {
      throw new Error('not restartable in the drill');
    },
    config,
    dataDir,
    socketDir,
  };
}

/** Transfers for LOAD_MS; every answer is kept (the clients' own record). */
async function transfers(p, api, tag) {
  const load = transferLoad({ bases: [api.base], sessions: p.sessions, pin: PIN, tag, clients: 4 });
  await sleep(LOAD_MS);
  const requests = await load.stop();
  assert(
    requests.every((r) => r.status === 201),
    `${tag}: a transfer was not answered 201: ${JSON.stringify(requests.find((r) => r.status !== 201)?.body)}`,
  );
  return requests;
}

const run = (args) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}: ${out}`)),
    );
  });

export async function restoreCase() {
  const p = await setupPortal('restore', { database: archivedPostgres15 });
  let restored;
  try {
    const api = p.apis[0];
    const a = await transfers(p, api, 'restoreA');

    let started = performance.now();
    await backRest(p.db.config, '--type=full', 'backup');
    const backupSeconds = (performance.now() - started) / 1000;
    const full = (await backupInfo(p.db.config)).backup.at(-1);

    const b = await transfers(p, api, 'restoreB');
    await sleep(1000); // T falls between B's last commit and C's first, a second from each
    const {
      rows: [{ t }],
    } = await p.ledger.pool.query(
      `SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' AS t`,
    );
    await sleep(1000);
    const c = await transfers(p, api, 'restoreC');
    await backRest(p.db.config, 'check'); // switches the WAL segment and waits until it is archived
    log(`restore: ${a.length} transfers before the backup, ${b.length} after it up to T = ${t}, ${c.length} after T`);

    // the disaster: the server dies and its data folder is lost
    await api.stop();
    await p.ledger.end();
    await p.db.stop();
    rmSync(p.db.dataDir, { recursive: true, force: true });

    const port = await freePort();
    const target = path.join(p.db.socketDir, 'restored');
    started = performance.now();
    await run([
      'scripts/restore.mjs',
      '--config',
      p.db.config,
      '--to',
      t,
      '--data',
      target,
      '--port',
      String(port),
      '--socket',
      p.db.socketDir,
    ]);
    const restoreSeconds = (performance.now() - started) / 1000;
    restored = books(`postgresql://postgres@127.0.0.1:${port}/portal`);
    restored.stop = () => stopPostgres15(target);

    const state = await restored.check();
    const counts = await restored.countByDescription('restore');
    const expected = [...a, ...b];
    const missing = expected.filter((r) => counts.get(r.description) !== 1);
    const after = c.filter((r) => counts.has(r.description));
    const unknown = [...counts.keys()].filter((d) => !expected.some((r) => r.description === d));
    log(
      `restore: books ${state.ok ? 'balanced' : 'BROKEN'}; of ${expected.length} transfers up to T, ${missing.length} missing; ${after.length} of ${c.length} after T present; ${unknown.length} unknown`,
    );
    assert(state.ok, `books broken after the restore: ${state.problems.slice(0, 5).join('; ')}`);
    assert(
      missing.length === 0,
      `transfers committed before T missing or doubled: ${missing
        .slice(0, 5)
        .map((r) => r.description)
        .join(', ')}`,
    );
    assert(
      after.length === 0,
      `transfers after T were restored: ${after
        .slice(0, 5)
        .map((r) => r.description)
        .join(', ')}`,
    );
    assert(unknown.length === 0, `rows no client was answered for: ${unknown.slice(0, 5).join(', ')}`);
    return {
      name: 'restore (pgBackRest full backup + WAL, point-in-time recovery on PostgreSQL 15)',
      ok: true,
      transfersBeforeT: expected.length,
      transfersAfterT: c.length,
      backupSeconds: +backupSeconds.toFixed(1),
      backupMiB: +(full.info.repository.delta / 2 ** 20).toFixed(1),
      databaseMiB: +(full.info.size / 2 ** 20).toFixed(1),
      restoreSeconds: +restoreSeconds.toFixed(1),
      restoredDataMiB: +(folderSize(target) / 2 ** 20).toFixed(1),
    };
  } finally {
    await restored?.end().catch(() => {});
    await restored?.stop();
    await p.cleanup();
  }
}

function folderSize(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .reduce((total, e) => total + statSync(path.join(e.parentPath, e.name)).size, 0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await restoreCase());
}
