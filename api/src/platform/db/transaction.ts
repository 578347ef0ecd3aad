import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { getPool } from './pool.js';
import { prismaTransactionOn, type PrismaTx } from './prisma.js';

/**
 * Thrown inside `inTransaction` (`throw commitThen(err)`): what the transaction wrote is committed
 * (a counted wrong attempt, a revoked session family) and then `err` is thrown to the caller.
 */
export class CommitThenThrow extends Error {
  constructor(readonly error: unknown) {
    super('commit, then throw the error');
  }
}
export const commitThen = (error: unknown) => new CommitThenThrow(error);

/** The work of one database transaction: `db` for SQL (ledger functions, locks), `tx` for Prisma, one connection. */
export type TransactionWork<T> = (db: pg.PoolClient, tx: PrismaTx) => Promise<T>;

interface Open {
  db: pg.PoolClient;
  tx: PrismaTx;
}
const open = new AsyncLocalStorage<Open>();

/**
 * Work to do once the transaction on `db` has committed (counting a money movement in the metrics):
 * nothing of a rolled-back transaction may be counted. Outside `inTransaction` (a pool, an
 * autocommit statement) it runs at once.
 */
export function afterCommit(db: object, fn: () => void): void {
  const list = onCommit.get(db);
  if (list) list.push(fn);
  else fn();
}
const onCommit = new WeakMap<object, Array<() => void>>();

/**
 * Runs `work` in ONE database transaction on ONE pooled connection, shared by Prisma (`tx`) and SQL
 * (`db`): committed when `work` returns, rolled back when it throws (docs/decisions.md "One data path
 * per request"). Called inside another `inTransaction` it joins that transaction under a savepoint,
 * so a service keeps its all-or-nothing whoever calls it.
 */
export async function inTransaction<T>(work: TransactionWork<T>): Promise<T> {
  const outer = open.getStore();
  if (outer) return inSavepoint(outer, work);
  const db = await getPool().connect();
  const collected: Array<() => void> = [];
  onCommit.set(db, collected);
  try {
    // A CommitThenThrow is an outcome to commit, so it leaves the Prisma transaction as a value.
    const outcome = await prismaTransactionOn(db, (tx) =>
      open.run({ db, tx }, async () => {
        try {
          return { value: await work(db, tx) };
        } catch (e) {
          if (e instanceof CommitThenThrow) return { thenThrow: e.error };
          throw e;
        }
      }),
    );
    for (const fn of collected) fn();
    if ('thenThrow' in outcome) throw outcome.thenThrow;
    return outcome.value;
  } finally {
    onCommit.delete(db);
  }
}

let savepoints = 0;

/** `work` inside the open transaction: a savepoint undoes only its writes when it throws. */
async function inSavepoint<T>({ db, tx }: Open, work: TransactionWork<T>): Promise<T> {
  const name = `portal_sp_${++savepoints}`;
  await db.query(`SAVEPOINT ${name}`);
  try {
    const out = await work(db, tx);
    await db.query(`RELEASE SAVEPOINT ${name}`);
    return out;
  } catch (e) {
    if (e instanceof CommitThenThrow) {
      await db.query(`RELEASE SAVEPOINT ${name}`);
      throw e.error;
    }
    await db.query(`ROLLBACK TO SAVEPOINT ${name}`);
    throw e;
  }
}

/**
 * BEGIN ... COMMIT on a client the caller holds, SQL only: the migration runner's own connection
 * (it runs before the pool and Prisma serve). Rolled back when fn throws.
 */
export async function inTransactionOn<C extends pg.ClientBase, T>(client: C, fn: (db: C) => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const out = await fn(client);
    await client.query('COMMIT');
    return out;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  }
}
