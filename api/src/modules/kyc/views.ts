import { z } from '@hono/zod-openapi';
import {
  submissionHead,
  submissionTail,
  SubmissionHeadFields,
  SubmissionTailFields,
  type SubmissionRow,
} from '../../platform/kyc/index.js';

// A submission as its owner sees it: the row, its columns and its JSON shape.

export const SubmissionSchema = z
  .object({
    ...SubmissionHeadFields,
    document_number_last4: z.string(),
    ...SubmissionTailFields,
  })
  .openapi('KycSubmission');

/** The owner's view: the number is masked to its last 4 characters (the owner typed it; the screen need not echo it). */
export function ownerSubmission(r: SubmissionRow) {
  return { ...submissionHead(r), document_number_last4: r.documentNumber.slice(-4), ...submissionTail(r) };
}
