import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../../../platform/auth/middleware.js';
import { NOT_STORABLE, storableText, errorResponse as err } from '../../../platform/http/schemas.js';
import { SubmissionHeadFields, SubmissionTailFields } from '../../../platform/kyc/index.js';
import { adminOnly, IdParam } from '../schemas.js';

const QueueItem = z
  .object({
    ...SubmissionHeadFields,
    document_number: z.string(),
    ...SubmissionTailFields,
    reviewer: z.object({ id: z.uuid(), full_name: z.string().nullable() }).nullable(),
    user: z.object({
      id: z.uuid(),
      full_name: z.string().nullable(),
      email: z.string(),
      username: z.string().nullable(),
      customer_id: z.string(),
      kyc_status: z.string(),
      is_accredited_investor: z.boolean(),
    }),
  })
  .openapi('KycQueueItem');

/** A user whose profile says pending KYC with no submission to review (data from before submissions existed). */
const UnreviewableUser = z
  .object({
    id: z.uuid(),
    full_name: z.string().nullable(),
    email: z.string(),
    username: z.string().nullable(),
    customer_id: z.string(),
    kyc_status: z.string(),
    since: z.string().openapi({ format: 'date-time', description: 'Last change of the profile' }),
  })
  .openapi('KycUnreviewableUser');

export const kycQueueRoute = createRoute({
  method: 'get',
  path: '/kyc',
  'x-access': 'admin',
  tags: ['admin'],
  summary:
    'KYC review queue: pending first (oldest first), then reviewed; and every user marked pending with nothing to review',
  middleware: [requireAdmin] as const,
  security: [{ bearer: [] }],
  request: { query: z.object({ status: z.enum(['pending', 'all'], 'Use pending or all.').default('all') }) },
  responses: {
    200: {
      description: 'Queue',
      content: {
        'application/json': {
          schema: z.object({ submissions: z.array(QueueItem), pending_without_submission: z.array(UnreviewableUser) }),
        },
      },
    },
    400: err('Invalid query'),
    ...adminOnly,
  },
});

export const kycDocumentRoute = createRoute({
  method: 'get',
  path: '/kyc/{id}/document',
  'x-access': 'admin',
  tags: ['admin'],
  summary: 'The document image of a submission (private bucket; never cached)',
  middleware: [requireAdmin] as const,
  security: [{ bearer: [] }],
  request: { params: IdParam },
  responses: {
    200: {
      description: 'Image',
      content: { 'image/*': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } },
    },
    400: err('Invalid id'),
    404: err('Not found'),
    ...adminOnly,
  },
});

export const ReviewBody = z
  .object({
    decision: z.enum(['approve', 'reject'], 'Choose approve or reject.'),
    reason: z
      .string()
      .max(500, 'At most 500 characters.')
      .refine(storableText, NOT_STORABLE)
      .optional()
      .openapi({ description: 'Required to reject; shown to the user' }),
  })
  .strict();

export const kycReviewRoute = createRoute({
  method: 'post',
  path: '/kyc/{id}/review',
  'x-access': 'admin',
  tags: ['admin'],
  summary: 'Approve or reject a pending submission (reason required to reject); audited',
  middleware: [requireAdmin] as const,
  security: [{ bearer: [] }],
  request: { params: IdParam, body: { required: true, content: { 'application/json': { schema: ReviewBody } } } },
  responses: {
    200: {
      description: 'Decided',
      content: {
        'application/json': {
          schema: z.object({
            id: z.uuid(),
            status: z.string(),
            kyc_status: z.string(),
            review_note: z.string().nullable(),
          }),
        },
      },
    },
    400: err('Invalid'),
    404: err('Not found'),
    409: err('Already reviewed'),
    ...adminOnly,
  },
});
