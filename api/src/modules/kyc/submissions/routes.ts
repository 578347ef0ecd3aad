import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { uploadBodyLimit, uploadLimitResponses } from '../../../platform/storage/index.js';
import { SubmissionSchema } from '../views.js';
import { KycForm } from './rules.js';

export const submitKycRoute = createRoute({
  method: 'post',
  path: '/submissions',
  'x-access': 'user',
  tags: ['kyc'],
  summary: 'Submit identity documents (18 or older); status becomes pending. The image is stored privately.',
  middleware: [requireAuth, uploadBodyLimit('kyc_documents', 'document')] as const,
  security: [{ bearer: [] }],
  request: { body: { required: true, content: { 'multipart/form-data': { schema: KycForm } } } },
  responses: {
    201: { description: 'Submitted', content: { 'application/json': { schema: SubmissionSchema } } },
    400: err('Invalid field'),
    401: err('Not signed in'),
    409: err('Already pending or verified'),
    ...uploadLimitResponses,
  },
});

export const documentRoute = createRoute({
  method: 'get',
  path: '/submissions/{id}/document',
  'x-access': 'owner',
  tags: ['kyc'],
  summary: "The document image of one of the caller's own submissions (private; never cached)",
  middleware: [requireAuth] as const,
  security: [{ bearer: [] }],
  request: { params: z.object({ id: z.uuid('Invalid submission id') }) },
  responses: {
    200: {
      description: 'Image',
      content: { 'image/*': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } },
    },
    400: err('Invalid id'),
    401: err('Not signed in'),
    404: err('Not found or not yours'),
  },
});
