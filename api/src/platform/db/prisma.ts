import { AsyncLocalStorage } from 'node:async_hooks';
import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { PrismaClient, type Prisma } from '../../generated/prisma/client.js';
import { getPool, poolTimeouts } from './pool.js';

/** The Prisma client of one interactive transaction (`inTransaction`, db/transaction.ts). */
export type PrismaTx = Prisma.TransactionClient;

/**
 * Longest an `inTransaction` may stay open before Prisma rolls it back. Each statement has its own
 * limit (poolTimeouts.query_timeout); this bounds a transaction that keeps issuing them.
 */
const TRANSACTION_TIMEOUT_MS = 30_000;

let client: PrismaClient | undefined;

/**
 * Prisma client over @prisma/adapter-pg on the process's one pool (db/pool.ts): Prisma and SQL share
 * the connections, and a transaction's connection (prismaTransactionOn).
 */
export function getPrisma(): PrismaClient {
  client ??= new PrismaClient({
    adapter: new PrismaPg(handingOver(getPool())),
    transactionOptions: { maxWait: poolTimeouts.connectionTimeoutMillis, timeout: TRANSACTION_TIMEOUT_MS },
  });
  return client;
}

/** Disconnects Prisma; the pool stays open until closePool (db/pool.ts). */
export async function closePrisma(): Promise<void> {
  const c = client;
  client = undefined;
  await c?.$disconnect();
}

const handover = new AsyncLocalStorage<{ connection?: pg.PoolClient }>();

/**
 * The pool as Prisma sees it. adapter-pg starts an interactive transaction with `pool.connect()`
 * (then BEGIN, and later COMMIT or ROLLBACK and `release()`): inside prismaTransactionOn that call
 * gets the connection the caller already holds, once. Everything else is the pool itself.
 */
function handingOver(pool: pg.Pool): pg.Pool {
  const connect = async () => {
    const waiting = handover.getStore();
    const held = waiting?.connection;
    if (!held) return pool.connect();
    waiting.connection = undefined;
    return held;
  };
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'connect') return connect;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * A Prisma interactive transaction on `connection` (checked out of the pool by the caller), so SQL on
 * `connection` and Prisma calls on `tx` are one database transaction. Prisma commits or rolls back and
 * releases the connection; when it never took it (failed before starting), it is released here. Should
 * Prisma end the transaction while `work` still runs (its timeout), the connection is closed rather
 * than returned to the pool, so a late statement of `work` fails instead of running in another request.
 */
export async function prismaTransactionOn<T>(
  connection: pg.PoolClient,
  work: (tx: PrismaTx) => Promise<T>,
): Promise<T> {
  const waiting: { connection?: pg.PoolClient } = { connection };
  let working = false;
  const release = connection.release;
  connection.release = (err) => release(working ? new Error('the transaction ended while its work still ran') : err);
  try {
    return await handover.run(waiting, () =>
      getPrisma().$transaction(async (tx) => {
        working = true;
        try {
          return await handover.run({}, () => work(tx));
        } finally {
          working = false;
        }
      }),
    );
  } finally {
    waiting.connection?.release();
  }
}

export { Prisma } from '../../generated/prisma/client.js';
