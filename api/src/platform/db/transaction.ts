import type pg from 'pg';
import { getPool } from './pool.js';

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

/**
 * Work to do once the transaction on `db` has committed (counting a money movement in the metrics):
 * nothing of a rolled-back transaction may be counted. Outside a transaction begun by
 * `beginTracked` (a pool, an autocommit statement) it runs at once.
 */
export function afterCommit(db: object, fn: () => void): void {
  const list = onCommit.get(db);
  if (list) list.push(fn);
  else fn();
}
const onCommit = new WeakMap<object, Array<() => void>>();

/** BEGIN, and collect afterCommit work for this client until `commitTracked` or `forgetTracked`. */
export async function beginTracked(client: pg.ClientBase): Promise<void> {
  await client.query('BEGIN');
  onCommit.set(client, []);
}

/** COMMIT, then run the work collected since `beginTracked`. */
export async function commitTracked(client: pg.ClientBase): Promise<void> {
  await client.query('COMMIT');
  const list = onCommit.get(client) ?? [];
  onCommit.delete(client);
  for (const fn of list) fn();
}

/** The transaction was rolled back: its collected work is dropped. */
export const forgetTracked = (client: pg.ClientBase) => onCommit.delete(client);

/** Runs fn in one database transaction on a pooled client: committed when fn returns, rolled back when it throws. */
export async function inTransaction<T>(fn: (db: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await getPool().connect();
  try {
    return await inTransactionOn(client, fn);
  } finally {
    client.release();
  }
}

/** inTransaction on a client the caller holds (the migration runner's own connection). */
export async function inTransactionOn<C extends pg.ClientBase, T>(client: C, fn: (db: C) => Promise<T>): Promise<T> {
  try {
    await beginTracked(client);
    const out = await fn(client);
    await commitTracked(client);
    return out;
  } catch (e) {
    if (e instanceof CommitThenThrow) {
      try {
        await commitTracked(client);
      } catch (commitError) {
        await client.query('ROLLBACK').catch(() => {});
        throw commitError;
      }
      throw e.error;
    }
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    forgetTracked(client);
  }
}
