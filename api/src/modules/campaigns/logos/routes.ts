import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { uploadBodyLimit, uploadLimitResponses } from '../../../platform/storage/index.js';
import { CampaignShape, IdParam, json, security } from '../schemas.js';

// /{id}/logo and /logos/{file}: a company logo uploaded (typed by its bytes, at most 2 MB) or given as a URL in the form.
const FileField = z.any().openapi({ type: 'string', format: 'binary' });

export const uploadLogoRoute = createRoute({
  method: 'post',
  path: '/{id}/logo',
  tags: ['campaigns'],
  'x-access': 'owner',
  security,
  summary:
    'Upload the company logo (JPEG, PNG or WebP, at most 2 MB) while the campaign can be edited; sets company_logo_url',
  middleware: [requireAuth, uploadBodyLimit('campaign_logos', 'file')] as const,
  request: {
    params: IdParam,
    body: { required: true, content: { 'multipart/form-data': { schema: z.object({ file: FileField }) } } },
  },
  responses: {
    200: json('Saved', z.object({ campaign: CampaignShape })),
    400: err('Not an accepted image or too large'),
    401: err('Not signed in'),
    404: err('Campaign not found.'),
    409: err('Not editable'),
    ...uploadLimitResponses,
  },
});

export const logoFileRoute = createRoute({
  method: 'get',
  path: '/logos/{file}',
  tags: ['campaigns'],
  'x-access': 'public',
  summary: 'A company logo (public bucket; immutable: a new upload gets a new name)',
  request: { params: z.object({ file: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/, 'Invalid file name') }) },
  responses: {
    200: {
      description: 'Image',
      content: { 'image/*': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } },
    },
    404: err('No such image'),
  },
});
