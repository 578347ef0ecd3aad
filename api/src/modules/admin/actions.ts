import { inTransaction, listAudit, recordAudit, type AuditFilter } from '../../platform/audit/index.js';
import { deleteAccount } from '../../platform/accounts/index.js';
import { getPool } from '../../platform/db/pool.js';
import { conflict, notFound, validationError } from '../../platform/errors.js';
import { notify } from '../../platform/notifications/index.js';
import { submissionColumns, submissionDocument, submissionHead, submissionTail, type SubmissionRow } from '../../platform/kyc/index.js';

type Db = import('pg').PoolClient;
const TAKEN = 'Username already taken. Please choose another.';

// ---------------------------------------------------------------- KYC review

interface QueueRow extends SubmissionRow {
  user_id: string; reviewer_id: string | null; reviewer_name: string | null; full_name: string | null; email: string; username: string | null;
  customer_id: string; kyc_status: string; is_accredited_investor: boolean;
}

/** The review queue: pending first (oldest first, so nobody waits longest), then reviewed ones newest first. */
export async function kycQueue(status: 'pending' | 'all') {
  const { rows } = await getPool().query<QueueRow>(
    `SELECT ${submissionColumns('k')}, k.user_id, k.reviewer_id,
            r.full_name AS reviewer_name, p.full_name, u.email, p.username, p.customer_id, p.kyc_status, p.is_accredited_investor
       FROM kyc_submissions k JOIN profiles p ON p.id = k.user_id JOIN users u ON u.id = k.user_id
       LEFT JOIN profiles r ON r.id = k.reviewer_id
      WHERE $1 = 'all' OR k.status = 'pending'
      ORDER BY (k.status = 'pending') DESC,
               CASE WHEN k.status = 'pending' THEN k.created_at END ASC,
               k.reviewed_at DESC NULLS LAST, k.id
      LIMIT 200`, [status]);
  return rows.map((r) => ({
    ...submissionHead(r),
    document_number: r.document_number,
    ...submissionTail(r),
    reviewer: r.reviewer_id ? { id: r.reviewer_id, full_name: r.reviewer_name } : null,
    user: {
      id: r.user_id, full_name: r.full_name, email: r.email, username: r.username, customer_id: r.customer_id,
      kyc_status: r.kyc_status, is_accredited_investor: r.is_accredited_investor,
    },
  }));
}

/**
 * Users the queue must also show: kyc_status pending with no pending submission, so there is
 * nothing to approve or reject and the user cannot submit either (seed data of earlier versions
 * made bob so). Oldest first; partial index profiles_kyc_pending_idx keeps it off a full scan.
 */
export async function pendingWithoutSubmission() {
  const { rows } = await getPool().query<{ id: string; full_name: string | null; email: string; username: string | null; customer_id: string; kyc_status: string; since: Date }>(
    `SELECT p.id, p.full_name, u.email, p.username, p.customer_id, p.kyc_status, p.updated_at AS since
       FROM profiles p JOIN users u ON u.id = p.id
      WHERE p.kyc_status = 'pending' AND p.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM kyc_submissions k WHERE k.user_id = p.id AND k.status = 'pending')
      ORDER BY p.updated_at, p.id
      LIMIT 200`);
  return rows.map((r) => ({ ...r, since: r.since.toISOString() }));
}

const NOTHING_TO_RESET = 'Only a user marked pending with no submission to review can be reset.';

/** Pending with nothing to review -> not started (the user can then submit documents); audited. */
export async function resetKyc(adminId: string, userId: string, ip: string) {
  return inTransaction(async (db) => {
    const { rows } = await db.query<{ kyc_status: string; waiting: boolean }>(
      `SELECT kyc_status, EXISTS (SELECT 1 FROM kyc_submissions k WHERE k.user_id = p.id AND k.status = 'pending') AS waiting
         FROM profiles p WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [userId]);
    if (!rows[0]) throw notFound('User not found');
    if (rows[0].kyc_status !== 'pending' || rows[0].waiting) throw conflict(NOTHING_TO_RESET);
    await db.query(`UPDATE profiles SET kyc_status = 'not_started', updated_at = now() WHERE id = $1`, [userId]);
    await recordAudit(db, {
      actorId: adminId, action: 'admin.kyc.reset', subject: `user:${userId}`, ip,
      before: { kyc_status: 'pending' }, after: { kyc_status: 'not_started' },
    });
    return { id: userId, kyc_status: 'not_started' };
  });
}

export async function kycDocument(submissionId: string) {
  return submissionDocument(submissionId, { message: 'Submission not found' });
}

/**
 * Approve or reject a pending submission. The reason of a rejection is shown to the user. Only a
 * pending submission can be decided (two admins deciding at once: the first wins, the other 409).
 * The profile's kyc_status follows (verified / rejected) and the audit entry is written in the same
 * transaction.
 */
export async function reviewKyc(adminId: string, submissionId: string, decision: 'approve' | 'reject', reason: string | undefined, ip: string) {
  const note = reason?.trim() || null;
  if (decision === 'reject' && !note) throw validationError({ reason: 'Give the reason the user will see.' });
  return inTransaction(async (db) => {
    const { rows } = await db.query<{ user_id: string; kyc_status: string }>(
      `SELECT k.user_id, p.kyc_status FROM kyc_submissions k JOIN profiles p ON p.id = k.user_id WHERE k.id = $1 FOR UPDATE OF k, p`, [submissionId]);
    if (!rows[0]) throw notFound('Submission not found');
    const status = decision === 'approve' ? 'approved' : 'rejected';
    const upd = await db.query(
      `UPDATE kyc_submissions SET status = $2, reviewer_id = $3, review_note = $4, reviewed_at = now() WHERE id = $1 AND status = 'pending'`,
      [submissionId, status, adminId, note]);
    if (!upd.rowCount) throw conflict('This submission has already been reviewed.');
    const kyc = decision === 'approve' ? 'verified' : 'rejected';
    await db.query(`UPDATE profiles SET kyc_status = $2, updated_at = now() WHERE id = $1`, [rows[0].user_id, kyc]);
    await notify(db, { userId: rows[0].user_id, kind: decision === 'approve' ? 'kyc_approved' : 'kyc_rejected', link: '/profile' });
    await recordAudit(db, {
      actorId: adminId, action: `admin.kyc.${decision}`, subject: `kyc_submission:${submissionId}`, ip,
      before: { submission_status: 'pending', kyc_status: rows[0].kyc_status },
      after: { submission_status: status, kyc_status: kyc, review_note: note },
      data: { user_id: rows[0].user_id },
    });
    return { id: submissionId, status, kyc_status: kyc, review_note: note };
  });
}

// ---------------------------------------------------------------- user actions

interface UserState { full_name: string | null; username: string | null; is_admin: boolean; is_accredited_investor: boolean }

async function lockUser(db: Db, userId: string): Promise<UserState> {
  const { rows } = await db.query<UserState>(
    `SELECT full_name, username, is_admin, is_accredited_investor FROM profiles WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [userId]);
  if (!rows[0]) throw notFound('User not found');
  return rows[0];
}

/**
 * Edit name/username, grant or revoke admin, set the accredited-investor flag. An admin cannot
 * remove their own admin flag (there must always be someone who can undo a mistake). Before and
 * after of the changed fields go to the audit log in the same transaction.
 */
export async function updateUser(adminId: string, userId: string, patch: Partial<UserState>, ip: string) {
  if (userId === adminId && patch.is_admin === false) throw conflict('You cannot remove your own admin access.', { fields: { is_admin: 'You cannot remove your own admin access.' } });
  try {
    return await inTransaction(async (db) => {
      const before = await lockUser(db, userId);
      const changed = (Object.keys(patch) as (keyof UserState)[]).filter((k) => patch[k] !== undefined && patch[k] !== before[k]);
      if (changed.length) {
        const sets = changed.map((k, i) => `${k} = $${i + 2}`);
        await db.query(`UPDATE profiles SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, [userId, ...changed.map((k) => patch[k])]);
        const pick = (s: Partial<UserState>) => Object.fromEntries(changed.map((k) => [k, s[k]]));
        const action = changed.length === 1 && changed[0] === 'is_admin' ? (patch.is_admin ? 'admin.user.grant_admin' : 'admin.user.revoke_admin')
          : changed.length === 1 && changed[0] === 'is_accredited_investor' ? 'admin.user.set_accredited' : 'admin.user.update';
        await recordAudit(db, { actorId: adminId, action, subject: `user:${userId}`, before: pick(before), after: pick({ ...before, ...patch }), ip });
      }
      const after = await lockUser(db, userId);
      return { id: userId, ...after };
    });
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw conflict(TAKEN, { fields: { username: TAKEN } });
    throw e;
  }
}

/**
 * Deletes a user the way self-service deletion does (account_delete(): refused while a wallet
 * holds money, naming them; else sessions revoked, sign-in disabled, personal data removed, records
 * kept). An admin cannot delete their own account here.
 */
export async function deleteUser(adminId: string, userId: string, ip: string) {
  if (userId === adminId) throw conflict('You cannot delete your own account from the admin area.');
  await deleteAccount(userId, {
    audit: { actorId: adminId, action: 'admin.user.delete', ip },
    funded: (listed) => conflict(`This user's wallets still hold money: ${listed}. The account cannot be deleted until they are empty.`, {
      wallets: listed.split(', ').map((w) => { const [symbol, balance] = w.split(' '); return { symbol, balance }; }),
    }),
    notFound: () => notFound('User not found'),
  });
}

const AUDIT_PAGE = 50;
/** One page of the audit log (filters of the Audit page), with the cursor of the next. */
export async function auditEntries(filter: Omit<AuditFilter, 'limit'>) {
  const rows = await listAudit({ ...filter, limit: AUDIT_PAGE + 1 });
  const entries = rows.slice(0, AUDIT_PAGE);
  return { entries, next_cursor: rows.length > AUDIT_PAGE ? entries.at(-1)!.id : null };
}
