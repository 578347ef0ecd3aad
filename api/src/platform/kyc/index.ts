// A KYC submission as the kyc module (the owner) and the admin module (the reviewers) both read it:
// the columns read, the row, the fields both views share (JSON and OpenAPI) and the document lookup.
// Each view adds its own fields: the owner sees only the document number's last 4 characters,
// the reviewers the whole number, the reviewer and the user.
import { z } from '@hono/zod-openapi';
import { getPrisma, type Prisma } from '../db/prisma.js';
import { notFound } from '../errors.js';
import { getStorage } from '../storage/index.js';

export type SubmissionStatus = 'pending' | 'approved' | 'rejected';

/** Columns of `kyc_submissions` a SubmissionRow holds (a Prisma select). */
export const SUBMISSION_COLUMNS = {
  id: true,
  status: true,
  legalName: true,
  dateOfBirth: true,
  country: true,
  documentType: true,
  documentNumber: true,
  createdAt: true,
  reviewedAt: true,
  reviewNote: true,
} satisfies Prisma.KycSubmissionSelect;

export type SubmissionRow = Prisma.KycSubmissionGetPayload<{ select: typeof SUBMISSION_COLUMNS }>;

/** The fields of a submission every view shows, in the JSON's order (the view's own fields go between). */
export function submissionHead(r: SubmissionRow) {
  return {
    id: r.id,
    status: r.status,
    legal_name: r.legalName,
    // a date column: midnight UTC of the day, shown as YYYY-MM-DD
    date_of_birth: r.dateOfBirth.toISOString().slice(0, 10),
    country: r.country,
    document_type: r.documentType,
  };
}
export function submissionTail(r: SubmissionRow) {
  return {
    created_at: r.createdAt.toISOString(),
    reviewed_at: r.reviewedAt?.toISOString() ?? null,
    review_note: r.reviewNote,
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
  const submission = await getPrisma().kycSubmission.findFirst({
    where: { id: submissionId, ...(opts.userId ? { userId: opts.userId } : {}) },
    select: { documentPath: true },
  });
  if (!submission) throw notFound(opts.message);
  const obj = await getStorage().get('kyc_documents', submission.documentPath);
  if (!obj) throw notFound('Document not found');
  return obj;
}
