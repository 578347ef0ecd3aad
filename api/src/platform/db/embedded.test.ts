import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { pickPort, startEmbeddedPostgres, type EmbeddedServer } from './embedded.js';

describe('embedded PostgreSQL does not hide failures', () => {
  it("leaves no 'beforeExit' or 'exit' handler that would exit with code 0 over a failing test run", () => {
    const forcing = [...process.listeners('beforeExit'), ...process.listeners('exit')].filter((l) =>
      l.toString().includes('eventFilters'),
    );
    expect(forcing).toEqual([]);
  });
});

// "Start again after a crash": a start recognises the server of its data folder from
// postmaster.pid, stops it when it is ours and never signals a process that is not.
describe('start after a crash: the data folder is released from postmaster.pid', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  function dataFolder(): string {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-embedded-'));
    fs.chmodSync(home, 0o755); // as root the server runs as the `postgres` user
    cleanups.push(() => fs.rmSync(home, { recursive: true, force: true }));
    return path.join(home, 'pg');
  }

  async function start(dataDir: string, port?: number): Promise<EmbeddedServer> {
    const server = await startEmbeddedPostgres({ dataDir, port: port ?? (await pickPort(0)), persistent: true });
    cleanups.push(() => server.stop());
    return server;
  }

  async function query(url: string, sql: string): Promise<unknown[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }

  const lockFile = (dataDir: string) => path.join(dataDir, 'postmaster.pid');
  const lockPid = (dataDir: string) => Number(fs.readFileSync(lockFile(dataDir), 'utf8').split('\n')[0]);
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  };

  it('starts over a stale postmaster.pid of a server that is gone, with its data', async () => {
    const dataDir = dataFolder();
    const first = await startEmbeddedPostgres({ dataDir, port: await pickPort(0), persistent: true });
    await query(first.adminUrl, 'CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');
    const staleLock = fs.readFileSync(lockFile(dataDir));
    await first.stop();
    fs.writeFileSync(lockFile(dataDir), staleLock); // what a power cut leaves behind

    const second = await start(dataDir);
    expect(await query(second.adminUrl, 'SELECT n FROM kept')).toEqual([{ n: 7 }]);
  });

  /** What `kill -9` of the API leaves: a node process starts the server and is killed; the server runs on. */
  async function orphanServer(dataDir: string, port: number): Promise<number> {
    const starter = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { startEmbeddedPostgres } = await import(${JSON.stringify(path.join(import.meta.dirname, 'embedded.ts'))});
       await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port}, persistent: true });
       console.log('ready'); setInterval(() => {}, 60_000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    cleanups.push(() => void starter.kill('SIGKILL'));
    await new Promise<void>((resolve, reject) => {
      starter.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
      starter.once('exit', (code) => reject(new Error(`starter exited ${code}`)));
    });
    const pid = lockPid(dataDir);
    starter.kill('SIGKILL');
    await new Promise((resolve) => starter.once('exit', resolve));
    cleanups.push(() => {
      if (alive(pid)) process.kill(pid, 'SIGINT');
    });
    return pid;
  }

  it('stops a live server of its own data folder whose starter was killed, left on another port, then starts on the port it was given', async () => {
    const dataDir = dataFolder();
    const orphanPort = await pickPort(0);
    const orphanPid = await orphanServer(dataDir, orphanPort);
    const orphanUrl = `postgresql://postgres:postgres@127.0.0.1:${orphanPort}/postgres`;
    await query(orphanUrl, 'CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');
    expect(alive(orphanPid)).toBe(true);

    const port = await pickPort(0);
    const second = await start(dataDir, port);
    expect(alive(orphanPid)).toBe(false);
    expect(lockPid(dataDir)).not.toBe(orphanPid);
    expect(second.adminUrl).toContain(`:${port}/`);
    expect(await query(second.adminUrl, 'SELECT n FROM kept')).toEqual([{ n: 7 }]);
    await expect(query(orphanUrl, 'SELECT 1')).rejects.toThrow(); // nothing listens on the old port
  });

  it('leaves a server alone while the process that started it still runs (a second start on the same folder) and says so', async () => {
    const dataDir = dataFolder();
    const running = await start(dataDir);
    const pid = lockPid(dataDir);
    await expect(startEmbeddedPostgres({ dataDir, port: await pickPort(0), persistent: true })).rejects.toThrow(
      `PostgreSQL ${pid}`,
    );
    await expect(startEmbeddedPostgres({ dataDir, port: await pickPort(0), persistent: true })).rejects.toThrow(
      /belongs to a portal that is still running \(process \d+\)/,
    );
    expect(alive(pid)).toBe(true);
    expect(await query(running.adminUrl, 'SELECT 1 AS up')).toEqual([{ up: 1 }]);
  });

  it('never signals a live process that is not PostgreSQL named by a stale postmaster.pid, and starts anyway', async () => {
    const dataDir = dataFolder();
    const first = await startEmbeddedPostgres({ dataDir, port: await pickPort(0), persistent: true });
    const lock = fs.readFileSync(lockFile(dataDir), 'utf8').split('\n');
    await first.stop();
    // A process of the server's own OS user, so that PostgreSQL alone would take it for a live server.
    const asRoot = process.getuid?.() === 0;
    const owner = asRoot
      ? {
          uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
          gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
        }
      : {};
    const stranger = spawn('sleep', ['300'], { ...owner, stdio: 'ignore' });
    cleanups.push(() => void stranger.kill('SIGKILL'));
    await new Promise((resolve) => stranger.once('spawn', resolve));
    fs.writeFileSync(lockFile(dataDir), [String(stranger.pid), ...lock.slice(1)].join('\n'));

    const second = await start(dataDir);
    expect(await query(second.adminUrl, 'SELECT 1 AS up')).toEqual([{ up: 1 }]);
    expect(stranger.exitCode).toBeNull();
    expect(stranger.signalCode).toBeNull();
    expect(alive(stranger.pid!)).toBe(true);
  });
});
