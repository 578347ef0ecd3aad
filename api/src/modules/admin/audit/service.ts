import { listAudit, type AuditFilter } from '../../../platform/audit/index.js';

const AUDIT_PAGE = 50;
/** One page of the audit log (filters of the Audit page), with the cursor of the next. */
export async function auditEntries(filter: Omit<AuditFilter, 'limit'>) {
  const rows = await listAudit({ ...filter, limit: AUDIT_PAGE + 1 });
  const entries = rows.slice(0, AUDIT_PAGE);
  return { entries, next_cursor: rows.length > AUDIT_PAGE ? entries.at(-1)!.id : null };
}
