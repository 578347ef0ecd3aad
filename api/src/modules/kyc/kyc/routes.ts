import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { SubmissionSchema } from '../views.js';

export const KycSchema = z
  .object({
    kyc_status: z.enum(['not_started', 'pending', 'verified', 'rejected']),
    is_accredited_investor: z.boolean(),
    submission: SubmissionSchema.nullable(),
  })
  .openapi('Kyc');

export const getKycRoute = createRoute({
  method: 'get',
  path: '/',
  'x-access': 'user',
  tags: ['kyc'],
  summary: "The caller's KYC status and latest submission (docs/product.md 'Profile, PIN and KYC')",
  middleware: [requireAuth] as const,
  security: [{ bearer: [] }],
  responses: {
    200: { description: 'KYC', content: { 'application/json': { schema: KycSchema } } },
    401: err('Not signed in'),
  },
});
