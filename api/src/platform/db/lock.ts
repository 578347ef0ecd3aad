import type pg from 'pg';

/** Tables whose rows a service locks by id before it reads and changes them (the names are SQL, so a closed list). */
export type LockableTable =
  | 'project_milestones'
  | 'project_contracts'
  | 'projects'
  | 'invoices'
  | 'investments'
  | 'funding_campaigns'
  | 'bank_transfers'
  | 'customer_support_tickets'
  | 'contact_messages';

/**
 * A row found by its id is locked this way (docs/architecture.md "A row lock"): `SELECT ... FOR
 * UPDATE` (or FOR SHARE) on the transaction's connection, before the row is read through Prisma on the
 * same transaction; a row found by another key is a typed locking query in the .sql beside its service. False when there is no such row, or (skipLocked) another transaction holds it.
 */
export async function lockRow(
  db: pg.ClientBase,
  table: LockableTable,
  id: string,
  opts: { share?: boolean; skipLocked?: boolean } = {},
): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM ${table} WHERE id = $1 FOR ${opts.share ? 'SHARE' : 'UPDATE'}${opts.skipLocked ? ' SKIP LOCKED' : ''}`,
    [id],
  );
  return rowCount === 1;
}
