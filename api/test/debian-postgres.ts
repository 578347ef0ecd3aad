import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pickPort } from '../src/platform/db/embedded.js';

const run = promisify(execFile);

/**
 * A throw-away PostgreSQL server from Debian's package of one major version (postgresql-15: what the
 * operators' Patroni, PgBouncer and pgBackRest run; `npm test` installs it, scripts/lib/tasks.mjs), in
 * a temporary folder on a free loopback port, trusting local connections. As root it runs as the
 * package's `postgres` user (initdb refuses root).
 */
export interface DebianPostgres {
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export const debianPostgresBin = (major: number) =>
  process.env[`POSTGRES_${major}_BIN`] ?? `/usr/lib/postgresql/${major}/bin`;

async function postgresUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
  return { uid: await id('-u'), gid: await id('-g') };
}

export async function startDebianPostgres(major: number): Promise<DebianPostgres> {
  const bin = debianPostgresBin(major);
  if (!fs.existsSync(path.join(bin, 'postgres')))
    throw new Error(
      `PostgreSQL ${major} is not installed (${bin}): apt-get install postgresql-${major}, or npm test installs it`,
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-pg${major}-`));
  const user = await postgresUser();
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const as = { ...user, cwd: dir };
  const data = path.join(dir, 'data');
  const port = await pickPort(0);
  await run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], as);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=20`;
  await run(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start'], as);
  return {
    urlFor: (database) => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    stop: async () => {
      await run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], as).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
