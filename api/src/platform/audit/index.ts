import type pg from 'pg';
import { getPool } from '../db/pool.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

export interface AuditEntry {
  /** Who: the acting user (admin), or null for the system. */
  actorId: string | null;
  /** What: a dotted verb, e.g. 'admin.user.update', 'admin.kyc.approve'. */
  action: string;
  /** Which record: e.g. 'user:<uuid>', 'kyc_submission:<uuid>'. */
  subject: string;
  /** The affected fields before and after the change. */
  before?: AuditFields;
  after?: AuditFields;
  /** Extra context (reason, request id). */
  data?: AuditFields;
  ip?: string | null;
}

/**
 * Appends to audit_log (who, what, when, before and after). Pass the transaction's client so the
 * entry is written atomically with the change it records: no change without its entry, and no
 * entry for a change that rolled back.
 */
export async function recordAudit(db: Queryable | undefined, e: AuditEntry): Promise<void> {
  const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
  await (db ?? getPool()).query(
    `INSERT INTO audit_log (actor_id, action, subject, before, after, data, ip) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7)`,
    [e.actorId, e.action, e.subject, json(e.before), json(e.after), json(e.data), e.ip ?? null]);
}

/** Recorded fields of an entry: a JSON object (jsonb), or null when none were given. */
export type AuditFields = Record<string, unknown>;

export interface AuditRow {
  id: string;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  subject: string | null;
  before: AuditFields | null;
  after: AuditFields | null;
  data: AuditFields | null;
  created_at: string;
}

/** Entries, newest first, optionally for one subject. */
export async function listAudit(opts: { subject?: string; limit?: number } = {}): Promise<AuditRow[]> {
  const { rows } = await getPool().query<AuditRow & { created_at: Date }>(
    `SELECT a.id::text, a.actor_id, p.full_name AS actor_name, a.action, a.subject, a.before, a.after, a.data, a.created_at
       FROM audit_log a LEFT JOIN profiles p ON p.id = a.actor_id
      WHERE ($1::text IS NULL OR a.subject = $1) ORDER BY a.created_at DESC, a.id DESC LIMIT $2`,
    [opts.subject ?? null, Math.min(opts.limit ?? 100, 500)]);
  return rows.map((r) => ({ ...r, created_at: (r.created_at as unknown as Date).toISOString() }));
}

/** Kept here for the modules that import it with the audit helpers (it lives in platform/db/transaction). */
export { inTransaction } from '../db/transaction.js';
