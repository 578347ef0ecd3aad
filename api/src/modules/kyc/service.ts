import { inTransaction } from '../../platform/audit/index.js';
import { getPool } from '../../platform/db/pool.js';
import { conflict, notFound } from '../../platform/errors.js';
import { submissionColumns, submissionDocument, submissionHead, submissionTail, type SubmissionRow } from '../../platform/kyc/index.js';
import { removeUpload, storeUpload } from '../../platform/storage/index.js';
import type { KycFormInput } from './rules.js';

/** The owner's view: the number is masked to its last 4 characters (the owner typed it; the screen need not echo it). */
export function ownerSubmission(r: SubmissionRow) {
  return { ...submissionHead(r), document_number_last4: r.document_number.slice(-4), ...submissionTail(r) };
}

const SUBMISSION_COLS = submissionColumns();

/** Status, accredited flag and the latest submission (with the reviewer's reason when rejected). */
export async function getKyc(userId: string) {
  const pool = getPool();
  const [{ rows: p }, { rows: s }] = await Promise.all([
    pool.query<{ kyc_status: string; is_accredited_investor: boolean }>('SELECT kyc_status, is_accredited_investor FROM profiles WHERE id = $1 AND deleted_at IS NULL', [userId]),
    pool.query<SubmissionRow>(`SELECT ${SUBMISSION_COLS} FROM kyc_submissions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, [userId]),
  ]);
  if (!p[0]) throw notFound('Could not load profile data.');
  return {
    kyc_status: p[0].kyc_status as 'not_started' | 'pending' | 'verified' | 'rejected',
    is_accredited_investor: p[0].is_accredited_investor,
    submission: s[0] ? ownerSubmission(s[0]) : null,
  };
}

/**
 * A new submission (status pending) with the document stored in the private bucket; the profile's
 * kyc_status becomes pending. Allowed when not started or rejected; while one is pending or once
 * verified: 409. Two concurrent submits: the partial unique index lets one win.
 */
export async function submitKyc(userId: string, form: KycFormInput) {
  const { rows } = await getPool().query<{ kyc_status: string }>('SELECT kyc_status FROM profiles WHERE id = $1 AND deleted_at IS NULL', [userId]);
  if (!rows[0]) throw notFound('Could not load profile data.');
  if (rows[0].kyc_status === 'pending') throw conflict('Your identity verification is pending review.');
  if (rows[0].kyc_status === 'verified') throw conflict('Your identity has already been verified.');

  const stored = await storeUpload('kyc_documents', form.document, { ownerId: userId, prefix: userId, field: 'document' });
  try {
    return await inTransaction(async (db) => {
      const { rows: ins } = await db.query<SubmissionRow>(
        `INSERT INTO kyc_submissions (user_id, legal_name, date_of_birth, country, document_type, document_number, document_path, document_content_type)
         VALUES ($1, $2, $3::date, $4, $5, $6, $7, $8) RETURNING ${SUBMISSION_COLS}`,
        [userId, form.legal_name, form.date_of_birth, form.country, form.document_type, form.document_number, stored.key, stored.contentType]);
      const { rowCount } = await db.query(
        `UPDATE profiles SET kyc_status = 'pending', updated_at = now() WHERE id = $1 AND kyc_status IN ('not_started', 'rejected')`, [userId]);
      if (!rowCount) throw conflict('Your identity verification is pending review.');
      return ownerSubmission(ins[0]!);
    });
  } catch (e) {
    await removeUpload('kyc_documents', stored.key);
    if ((e as { code?: string }).code === '23505') throw conflict('Your identity verification is pending review.');
    throw e;
  }
}

/** The document image of one of the caller's own submissions; anyone else's: 404. */
export async function ownDocument(userId: string, submissionId: string) {
  return submissionDocument(submissionId, { userId, message: 'Document not found' });
}
