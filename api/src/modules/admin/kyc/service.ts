import { inTransaction, recordAudit } from '../../../platform/audit/index.js';
import { getPool } from '../../../platform/db/pool.js';
import { conflict, notFound, validationError } from '../../../platform/errors.js';
import { notify } from '../../../platform/notifications/index.js';
import {
  submissionColumns,
  submissionDocument,
  submissionHead,
  submissionTail,
  type SubmissionRow,
} from '../../../platform/kyc/index.js';

// The KYC review queue and its decisions (the user's own side is the kyc module).

interface QueueRow extends SubmissionRow {
  user_id: string;
  reviewer_id: string | null;
  reviewer_name: string | null;
  full_name: string | null;
  email: string;
  username: string | null;
  customer_id: string;
  kyc_status: string;
  is_accredited_investor: boolean;
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
      LIMIT 200`,
    [status],
  );
  return rows.map((r) => ({
    ...submissionHead(r),
    document_number: r.document_number,
    ...submissionTail(r),
    reviewer: r.reviewer_id ? { id: r.reviewer_id, full_name: r.reviewer_name } : null,
    user: {
      id: r.user_id,
      full_name: r.full_name,
      email: r.email,
      username: r.username,
      customer_id: r.customer_id,
      kyc_status: r.kyc_status,
      is_accredited_investor: r.is_accredited_investor,
    },
  }));
}

/**
 * Users the queue must also show: kyc_status pending with no pending submission, so there is
 * nothing to approve or reject and the user cannot submit either (seed data of earlier versions
 * made bob so). Oldest first; partial index profiles_kyc_pending_idx keeps it off a full scan.
 */
export async function pendingWithoutSubmission() {
  const { rows } = await getPool().query<{
    id: string;
    full_name: string | null;
    email: string;
    username: string | null;
    customer_id: string;
    kyc_status: string;
    since: Date;
  }>(
    `SELECT p.id, p.full_name, u.email, p.username, p.customer_id, p.kyc_status, p.updated_at AS since
       FROM profiles p JOIN users u ON u.id = p.id
      WHERE p.kyc_status = 'pending' AND p.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM kyc_submissions k WHERE k.user_id = p.id AND k.status = 'pending')
      ORDER BY p.updated_at, p.id
      LIMIT 200`,
  );
  return rows.map((r) => ({ ...r, since: r.since.toISOString() }));
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
export async function reviewKyc(
  adminId: string,
  submissionId: string,
  decision: 'approve' | 'reject',
  reason: string | undefined,
  ip: string,
) {
  const note = reason?.trim() || null;
  if (decision === 'reject' && !note) throw validationError({ reason: 'Give the reason the user will see.' });
  return inTransaction(async (db, tx) => {
    const { rows } = await db.query<{ user_id: string; kyc_status: string }>(
      `SELECT k.user_id, p.kyc_status FROM kyc_submissions k JOIN profiles p ON p.id = k.user_id WHERE k.id = $1 FOR UPDATE OF k, p`,
      [submissionId],
    );
    if (!rows[0]) throw notFound('Submission not found');
    const status = decision === 'approve' ? 'approved' : 'rejected';
    const upd = await db.query(
      `UPDATE kyc_submissions SET status = $2, reviewer_id = $3, review_note = $4, reviewed_at = now() WHERE id = $1 AND status = 'pending'`,
      [submissionId, status, adminId, note],
    );
    if (!upd.rowCount) throw conflict('This submission has already been reviewed.');
    const kyc = decision === 'approve' ? 'verified' : 'rejected';
    await db.query(`UPDATE profiles SET kyc_status = $2, updated_at = now() WHERE id = $1`, [rows[0].user_id, kyc]);
    await notify(db, {
      userId: rows[0].user_id,
      kind: decision === 'approve' ? 'kyc_approved' : 'kyc_rejected',
      link: '/profile',
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: `admin.kyc.${decision}`,
      subject: `kyc_submission:${submissionId}`,
      ip,
      before: { submission_status: 'pending', kyc_status: rows[0].kyc_status },
      after: { submission_status: status, kyc_status: kyc, review_note: note },
      data: { user_id: rows[0].user_id },
    });
    return { id: submissionId, status, kyc_status: kyc, review_note: note };
  });
}
