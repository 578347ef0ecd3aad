import type { RouteHandler } from '@hono/zod-openapi';
import { isAdmin } from '../../platform/auth/middleware.js';
import { notFound } from '../../platform/errors.js';
import type { AppEnv } from '../../platform/http/env.js';
import { publicRemotes, readRegistry } from '../../platform/http/remote-registry.js';
import { logoSvg } from './logos.js';
import type { logoRoute, remotesRoute } from './routes.js';

export const remotes: RouteHandler<typeof remotesRoute, AppEnv> = async (c) => {
  const user = c.get('user');
  const admin = user ? await isAdmin(user.id) : false;
  const list = admin ? readRegistry() : publicRemotes();
  c.header('Cache-Control', 'no-store'); // differs per caller and changes on publish
  return c.json({ remotes: list }, 200);
};

export const logo: RouteHandler<typeof logoRoute, AppEnv> = (c) => {
  const svg = logoSvg(c.req.valid('param').file.replace(/\.svg$/, ''));
  if (!svg) throw notFound('Unknown asset');
  return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400' });
};
