import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../platform/auth/middleware.js';
import { errorResponse as err } from '../../platform/http/schemas.js';
import { SubmissionHeadFields, SubmissionTailFields } from '../../platform/kyc/index.js';
import { uploadBodyLimit, uploadLimitResponses } from '../../platform/storage/index.js';
import { KycForm } from './rules.js';


export const SubmissionSchema = z.object({
  ...SubmissionHeadFields,
  document_number_last4: z.string(),
  ...SubmissionTailFields,
}).openapi('KycSubmission');

export const KycSchema = z.object({
  kyc_status: z.enum(['not_started', 'pending', 'verified', 'rejected']),
  is_accredited_investor: z.boolean(),
  submission: SubmissionSchema.nullable(),
}).openapi('Kyc');

export const getKycRoute = createRoute({
  method: 'get', path: '/', 'x-access': 'user', tags: ['kyc'],
  summary: "The caller's KYC status and latest submission (spec 000 §4 KYC status)",
  middleware: [requireAuth] as const, security: [{ bearer: [] }],
  responses: { 200: { description: 'KYC', content: { 'application/json': { schema: KycSchema } } }, 401: err('Not signed in') },
});

export const countriesRoute = createRoute({
  method: 'get', path: '/countries', 'x-access': 'public', tags: ['kyc'],
  summary: 'The country codes a KYC submission accepts (ISO 3166-1 alpha-2, sorted); the form lists these',
  responses: { 200: { description: 'Country codes', content: { 'application/json': { schema: z.object({ countries: z.array(z.string()) }).openapi('KycCountries') } } } },
});

export const submitKycRoute = createRoute({
  method: 'post', path: '/submissions', 'x-access': 'user', tags: ['kyc'],
  summary: 'Submit identity documents (18 or older); status becomes pending. The image is stored privately.',
  middleware: [requireAuth, uploadBodyLimit('kyc_documents', 'document')] as const, security: [{ bearer: [] }],
  request: { body: { required: true, content: { 'multipart/form-data': { schema: KycForm } } } },
  responses: {
    201: { description: 'Submitted', content: { 'application/json': { schema: SubmissionSchema } } },
    400: err('Invalid field'), 401: err('Not signed in'), 409: err('Already pending or verified'), ...uploadLimitResponses,
  },
});

export const documentRoute = createRoute({
  method: 'get', path: '/submissions/{id}/document', 'x-access': 'owner', tags: ['kyc'],
  summary: "The document image of one of the caller's own submissions (private; never cached)",
  middleware: [requireAuth] as const, security: [{ bearer: [] }],
  request: { params: z.object({ id: z.uuid('Invalid submission id') }) },
  responses: {
    200: { description: 'Image', content: { 'image/*': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } } },
    400: err('Invalid id'), 401: err('Not signed in'), 404: err('Not found or not yours'),
  },
});
