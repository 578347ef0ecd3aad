import type { RouteHandler } from '@hono/zod-openapi';
import { notFound } from '../../../platform/errors.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { logoSvg } from './logos.js';
import type { logoRoute } from './routes.js';

export const logo: RouteHandler<typeof logoRoute, AppEnv> = (c) => {
  const svg = logoSvg(c.req.valid('param').file.replace(/\.svg$/, ''));
  if (!svg) throw notFound('Unknown asset');
  return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400' });
};
