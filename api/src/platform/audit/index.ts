import { getPool } from '../db/pool.js';
import { Prisma, type PrismaTx } from '../db/prisma.js';
import type { SqlReader } from '../db/replica.js';
import { auditPage } from './index.queries.js';
import { auditActionWords, subjectNames, type AuditAction } from './words.js';

export { AUDIT_ACTION_WORDS, auditActionWords, type AuditAction } from './words.js';

export interface AuditEntry {
  /** Who: the acting user (admin), or null for the system. */
  actorId: string | null;
  /** What: a dotted verb with words in ./words.ts, e.g. 'admin.user.update', 'admin.kyc.approve'. */
  action: AuditAction;
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
 * Appends to audit_log (who, what, when, before and after) through the transaction's Prisma client
 * (`inTransaction`), so the entry is written atomically with the change it records: no change without
 * its entry, and no entry for a change that rolled back.
 */
export async function recordAudit(tx: PrismaTx, e: AuditEntry): Promise<void> {
  await tx.auditLog.create({
    data: {
      actorId: e.actorId,
      action: e.action,
      subject: e.subject,
      before: jsonColumn(e.before),
      after: jsonColumn(e.after),
      data: jsonColumn(e.data),
      ip: e.ip ?? null,
    },
  });
}

/**
 * A jsonb column's value: SQL NULL when no fields were given, else the fields as JSON text holds them
 * (Dates as ISO strings, undefined members left out), the value the entry always stored.
 */
function jsonColumn(fields: AuditFields | undefined): Prisma.InputJsonObject | typeof Prisma.DbNull {
  if (fields === undefined) return Prisma.DbNull;
  return JSON.parse(JSON.stringify(fields)) as Prisma.InputJsonObject;
}

/** Recorded fields of an entry: a JSON object (jsonb), or null when none were given. */
export type AuditFields = Record<string, unknown>;

/** A stored before/after/data document: recordAudit writes only objects (jsonb is `unknown` to the SQL types). */
const auditFields = (doc: unknown): AuditFields | null =>
  doc !== null && typeof doc === 'object' && !Array.isArray(doc) ? (doc as AuditFields) : null;

export interface AuditRow {
  id: string;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  /** the action in words (./words.ts) */
  action_words: string;
  subject: string | null;
  /** the subject's name now ('TKT-000123 · Card declined', a person's name), null when the record is gone */
  subject_name: string | null;
  before: AuditFields | null;
  after: AuditFields | null;
  data: AuditFields | null;
  created_at: string;
}

/** Entries, newest first, optionally for one subject. */
export interface AuditFilter {
  /** the actor's name or e-mail contains this (or it is their id) */
  actor?: string;
  /** the action starts with this, e.g. 'admin.campaign' */
  action?: string;
  /** the target: the subject equals this (e.g. 'user:<id>'), or starts with it when it ends in ':' */
  subject?: string;
  from?: Date;
  to?: Date;
  /** entries older than this id (the previous page's last) */
  before?: string;
  limit?: number;
}

/** The audit log newest first (by id: the order entries were written), filtered, one page; `sql` another reader (a replica). */
export async function listAudit(f: AuditFilter = {}, sql: SqlReader = getPool()): Promise<AuditRow[]> {
  const subjectPrefix = f.subject?.endsWith(':') ? f.subject : null;
  // a measured admin read on `sql` (the replica's pg reader), a filtered keyset page: SQL (./index.sql)
  const rows = await auditPage.run(
    {
      subject: subjectPrefix ? null : (f.subject ?? null),
      subjectPrefix,
      actor: f.actor ?? null,
      action: f.action ?? null,
      from: f.from ?? null,
      to: f.to ?? null,
      before: f.before ?? null,
      limit: Math.min(f.limit ?? 100, 500),
    },
    sql,
  );
  const names = await subjectNames(
    sql,
    rows.map((r) => r.subject),
  );
  return rows.map((r) => ({
    ...r,
    before: auditFields(r.before),
    after: auditFields(r.after),
    data: auditFields(r.data),
    action_words: auditActionWords(r.action),
    subject_name: (r.subject && names.get(r.subject)) ?? null,
    created_at: r.created_at.toISOString(),
  }));
}
