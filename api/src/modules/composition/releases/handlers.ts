import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import { isProduction } from '../../../platform/config.js';
import { notFound } from '../../../platform/errors.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { clearPreviewCookie, previewCookie, previewedRelease } from '../../../platform/http/release-preview.js';
import type { endPreviewRoute, listReleasesRoute, makeCurrentRoute, previewRoute } from './routes.js';
import { listReleases, makeCurrent, releaseExists } from './service.js';

const secureCookies = (url: string) => isProduction() || new URL(url).protocol === 'https:';

export const list: RouteHandler<typeof listReleasesRoute, AppEnv> = async (c) => {
  const admin = currentUser(c);
  c.header('Cache-Control', 'no-store');
  return c.json({ remotes: await listReleases(), preview_id: previewedRelease(c.req.header('cookie'), admin.id) }, 200);
};

export const current: RouteHandler<typeof makeCurrentRoute, AppEnv> = async (c) => {
  const { id } = c.req.valid('param');
  const { expected_current_id: expected } = c.req.valid('json');
  return c.json(await makeCurrent(id, expected, currentUser(c).id), 200);
};

export const preview: RouteHandler<typeof previewRoute, AppEnv> = async (c) => {
  const { id } = c.req.valid('param');
  if (!(await releaseExists(id))) throw notFound('Release not found');
  c.header('Set-Cookie', previewCookie(id, currentUser(c).id, secureCookies(c.req.url)));
  return c.body(null, 204);
};

export const endPreview: RouteHandler<typeof endPreviewRoute, AppEnv> = async (c) => {
  c.header('Set-Cookie', clearPreviewCookie(secureCookies(c.req.url)));
  return c.body(null, 204);
};
