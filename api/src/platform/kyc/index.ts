// A KYC submission as the kyc module (the owner) and the admin module (the reviewers) both read it:
// the SQL columns, the row, the fields both views share (JSON and OpenAPI) and the document lookup.
// Each view adds its own fields: the owner sees only the document number's last 4 characters,
// the reviewers the whole number, the reviewer and the user.
import { z } from '@hono/zod-openapi';
import { getPool } from '../db/pool.js';
import { notFound } from '../errors.js';
import { getStorage } from '../storage/index.js';

export type SubmissionStatus = 'pending' | 'approved' | 'rejected';

/** Columns of `kyc_submissions` (alias `alias`) for a SubmissionRow; the date of birth as YYYY-MM-DD. */
export const submissionColumns = (alias = '') => {
  const a = alias ? `${alias}.` : '';
  return `${a}id, ${a}status, ${a}legal_name, to_char(${a}date_of_birth, 'YYYY-MM-DD') AS date_of_birth, ${a}country,
  ${a}document_type, ${a}document_number, ${a}created_at, ${a}reviewed_at, ${a}review_note`;
};

export interface SubmissionRow {
  id: string;
  status: string;
  legal_name: string;
  date_of_birth: string;
  country: string;
  document_type: string;
  document_number: string;
  created_at: Date;
  reviewed_at: Date | null;
  review_note: string | null;
}

/** The fields of a submission every view shows, in the JSON's order (the view's own fields go between). */
export function submissionHead(r: SubmissionRow) {
  return {
    id: r.id,
    status: r.status as SubmissionStatus,
    legal_name: r.legal_name,
    date_of_birth: r.date_of_birth,
    country: r.country,
    document_type: r.document_type,
  };
}
export function submissionTail(r: SubmissionRow) {
  return {
    created_at: r.created_at.toISOString(),
    reviewed_at: r.reviewed_at?.toISOString() ?? null,
    review_note: r.review_note,
  };
}

/** The schema of submissionHead / submissionTail. */
export const SubmissionHeadFields = {
  id: z.uuid(),
  status: z.enum(['pending', 'approved', 'rejected']),
  legal_name: z.string(),
  date_of_birth: z.string().openapi({ format: 'date' }),
  country: z.string(),
  document_type: z.string(),
};
export const SubmissionTailFields = {
  created_at: z.string().openapi({ format: 'date-time' }),
  reviewed_at: z.string().nullable(),
  review_note: z.string().nullable().openapi({ description: "The reviewer's reason, shown to the user when rejected" }),
};

/** The stored document image of a submission (of `userId` when given; anyone else's: 404 `message`). */
export async function submissionDocument(submissionId: string, opts: { userId?: string; message: string }) {
  const { rows } = await getPool().query<{ document_path: string }>(
    'SELECT document_path FROM kyc_submissions WHERE id = $1 AND ($2::uuid IS NULL OR user_id = $2)',
    [submissionId, opts.userId ?? null],
  );
  if (!rows[0]) throw notFound(opts.message);
  const obj = await getStorage().get('kyc_documents', rows[0].document_path);
  if (!obj) throw notFound('Document not found');
  return obj;
}
