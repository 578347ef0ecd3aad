import { PrismaPg } from '@prisma/adapter-pg';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { QueryResultRow } from 'pg';
import { PrismaClient, type Prisma } from '../../generated/prisma/client.js';
import { isProduction } from '../config.js';
import { getPool, poolTimeouts } from './pool.js';
import { getPrisma } from './prisma.js';
import { currentWalPosition, replayedUpTo } from './replica.queries.js';

// Reads that may lag go to a read replica (docs/scaling.md "Adding machines", the replica-safe list:
// the feed, public profiles, campaign and project browsing and search, the admin dashboard's figures,
// wallet history pages past the first) when DATABASE_REPLICA_URL is set; without it every read stays on the primary. Nothing that moves money
// or checks a rule before writing reads here. A browser that wrote reads its own writes: a successful
// write answers with the primary's WAL position in a cookie, and a replica read for that browser
// runs only once the replica has replayed that position (checked on the same connection as the read),
// else on the primary.

export const WROTE_COOKIE = 'portal_wrote_lsn';
const LSN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i;

let replica: { url: string; client: PrismaClient } | undefined;

function replicaClient(): PrismaClient | undefined {
  const url = process.env.DATABASE_REPLICA_URL;
  if (!url) return undefined;
  if (replica?.url !== url) {
    replica = {
      url,
      client: new PrismaClient({
        adapter: new PrismaPg({
          connectionString: url,
          max: Number(process.env.REPLICA_POOL_MAX ?? 4),
          ...poolTimeouts,
        }),
      }),
    };
  }
  return replica.client;
}

export type ReadClient = Prisma.TransactionClient;

/** SQL text and positional values in, rows out: what node-postgres' pool and a read client both answer. */
export interface SqlReader {
  query<R extends QueryResultRow>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

/** The raw-SQL reads (wallet history, audit log) on a read client, as they run on the pool. */
export const sqlReader = (db: ReadClient): SqlReader => ({
  query: async <R extends QueryResultRow>(text: string, values: unknown[] = []) => ({
    rows: await db.$queryRawUnsafe<R[]>(text, ...values),
  }),
});

/**
 * Runs a replica-safe read: on the replica when one is configured and it has replayed this browser's
 * last write (cookie), else on the primary. `read` gets the client to query.
 */
export async function replicaRead<T>(c: Context, read: (db: ReadClient) => Promise<T>): Promise<T> {
  const client = replicaClient();
  if (!client) return read(getPrisma());
  const wrote = getCookie(c, WROTE_COOKIE);
  if (!wrote || !LSN.test(wrote)) return read(client);
  const onReplica = await client.$transaction(async (tx) => {
    const [row] = await replayedUpTo.run({ wrote }, sqlReader(tx));
    return row?.replayed ? { value: await read(tx) } : undefined;
  });
  return onReplica ? onReplica.value : read(getPrisma());
}

/**
 * After a successful write (any method but GET/HEAD/OPTIONS answered below 400) while a replica is
 * configured: the primary's WAL position goes to the browser, so its next replica reads wait for it.
 */
export const rememberWrites: MiddlewareHandler = async (c, next) => {
  await next();
  if (!process.env.DATABASE_REPLICA_URL || ['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) || c.res.status >= 400)
    return;
  const secure = isProduction() || new URL(c.req.url).protocol === 'https:'; // as the refresh cookie
  try {
    const [position] = await currentWalPosition.run(undefined, getPool());
    setCookie(c, WROTE_COOKIE, position!.lsn, {
      path: '/api',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: 3600,
      secure,
    });
  } catch {
    // the write is done and answered; without its position this browser reads the primary for a minute
    setCookie(c, WROTE_COOKIE, 'FFFFFFFF/FFFFFFFF', {
      path: '/api',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: 60,
      secure,
    });
  }
};

export async function closeReplica(): Promise<void> {
  const r = replica;
  replica = undefined;
  await r?.client.$disconnect();
}
