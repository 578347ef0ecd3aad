import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { fileResponse } from '../../../platform/storage/index.js';
import type { pdfRoute } from './routes.js';
import { invoicePdf } from './service.js';

export const pdf: RouteHandler<typeof pdfRoute, AppEnv> = async (c) => {
  const { bytes, fileName } = await invoicePdf(currentUser(c).id, c.req.valid('param').id, c.req.valid('query').tz);
  return fileResponse({ bytes, contentType: 'application/pdf' }, { public: false, fileName });
};
