import { inTransaction } from '../../../platform/audit/index.js';
import { getPool } from '../../../platform/db/pool.js';
import { sqlState } from '../../../platform/db/sql-state.js';
import { conflict, notFound } from '../../../platform/errors.js';
import { submissionDocument, type SubmissionRow } from '../../../platform/kyc/index.js';
import { removeUpload, storeUpload } from '../../../platform/storage/index.js';
import { ownerSubmission, SUBMISSION_COLS } from '../views.js';
import type { KycFormInput } from './rules.js';

/**
 * A new submission (status pending) with the document stored in the private bucket; the profile's
 * kyc_status becomes pending. Allowed when not started or rejected; while one is pending or once
 * verified: 409. Two concurrent submits: the partial unique index lets one win.
 */
export async function submitKyc(userId: string, form: KycFormInput) {
  const { rows } = await getPool().query<{ kyc_status: string }>(
    'SELECT kyc_status FROM profiles WHERE id = $1 AND deleted_at IS NULL',
    [userId],
  );
  if (!rows[0]) throw notFound('Could not load profile data.');
  if (rows[0].kyc_status === 'pending') throw conflict('Your identity verification is pending review.');
  if (rows[0].kyc_status === 'verified') throw conflict('Your identity has already been verified.');

  const stored = await storeUpload('kyc_documents', form.document, {
    ownerId: userId,
    prefix: userId,
    field: 'document',
  });
  try {
    return await inTransaction(async (db) => {
      const { rows: ins } = await db.query<SubmissionRow>(
        `INSERT INTO kyc_submissions (user_id, legal_name, date_of_birth, country, document_type, document_number, document_path, document_content_type)
         VALUES ($1, $2, $3::date, $4, $5, $6, $7, $8) RETURNING ${SUBMISSION_COLS}`,
        [
          userId,
          form.legal_name,
          form.date_of_birth,
          form.country,
          form.document_type,
          form.document_number,
          stored.key,
          stored.contentType,
        ],
      );
      const { rowCount } = await db.query(
        `UPDATE profiles SET kyc_status = 'pending', updated_at = now() WHERE id = $1 AND kyc_status IN ('not_started', 'rejected')`,
        [userId],
      );
      if (!rowCount) throw conflict('Your identity verification is pending review.');
      return ownerSubmission(ins[0]!);
    });
  } catch (e) {
    await removeUpload('kyc_documents', stored.key);
    if (sqlState(e) === '23505') throw conflict('Your identity verification is pending review.');
    throw e;
  }
}

/** The document image of one of the caller's own submissions; anyone else's: 404. */
export async function ownDocument(userId: string, submissionId: string) {
  return submissionDocument(submissionId, { userId, message: 'Document not found' });
}
