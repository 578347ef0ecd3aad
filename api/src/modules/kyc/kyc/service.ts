import { getPool } from '../../../platform/db/pool.js';
import { notFound } from '../../../platform/errors.js';
import type { SubmissionRow } from '../../../platform/kyc/index.js';
import { ownerSubmission, SUBMISSION_COLS } from '../views.js';

/** Status, accredited flag and the latest submission (with the reviewer's reason when rejected). */
export async function getKyc(userId: string) {
  const pool = getPool();
  const [{ rows: p }, { rows: s }] = await Promise.all([
    pool.query<{ kyc_status: string; is_accredited_investor: boolean }>(
      'SELECT kyc_status, is_accredited_investor FROM profiles WHERE id = $1 AND deleted_at IS NULL',
      [userId],
    ),
    pool.query<SubmissionRow>(
      `SELECT ${SUBMISSION_COLS} FROM kyc_submissions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [userId],
    ),
  ]);
  if (!p[0]) throw notFound('Could not load profile data.');
  return {
    kyc_status: p[0].kyc_status as 'not_started' | 'pending' | 'verified' | 'rejected',
    is_accredited_investor: p[0].is_accredited_investor,
    submission: s[0] ? ownerSubmission(s[0]) : null,
  };
}
