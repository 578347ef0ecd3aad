import crypto from 'node:crypto';
import type { RouteHandler } from '@hono/zod-openapi';
import { isAdmin } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { remotesFor } from '../../../platform/http/canary-split.js';
import { etagMatches } from '../../../platform/http/conditional.js';
import { previewedRelease } from '../../../platform/http/release-preview.js';
import { publicRemotes, releaseEntry, withPreview } from '../../../platform/http/remote-registry.js';
import type { remotesRoute } from './routes.js';

/**
 * The registry for this caller: the current releases or a canary's (canary-split.ts; admin remotes for admins only; an admin's
 * previewed release in place of its remote's current one). `no-cache` + ETag: every page load asks
 * again (a change shows on the next load) and an unchanged registry costs a 304 with no body.
 */
export const remotes: RouteHandler<typeof remotesRoute, AppEnv> = async (c) => {
  const user = c.get('user');
  const admin = user ? await isAdmin(user.id) : false;
  const previewId = admin ? previewedRelease(c.req.header('cookie'), user!.id) : null;
  const all = withPreview(await remotesFor(user?.id ?? null), previewId ? await releaseEntry(previewId) : null);
  const list = (admin ? all : publicRemotes(all)).map(({ releaseId: _, ...entry }) => entry);
  const etag = `"${crypto.createHash('sha256').update(JSON.stringify(list)).digest('base64url').slice(0, 27)}"`;
  c.header('Cache-Control', 'private, no-cache');
  c.header('Vary', 'Authorization, Cookie');
  c.header('ETag', etag);
  if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304);
  return c.json({ remotes: list }, 200);
};
