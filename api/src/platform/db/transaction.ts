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
    await client.query('BEGIN');
    const out = await fn(client);
    await client.query('COMMIT');
    return out;
  } catch (e) {
    if (e instanceof CommitThenThrow) {
      try {
        await client.query('COMMIT');
      } catch (commitError) {
        await client.query('ROLLBACK').catch(() => {});
        throw commitError;
      }
      throw e.error;
    }
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  }
}
