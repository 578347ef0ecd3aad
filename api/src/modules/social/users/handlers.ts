import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import { replicaRead } from '../../../platform/db/replica.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { profileRoute, userPostsRoute } from './routes.js';
import { postsOf, publicProfile } from './service.js';

// public profiles may lag a moment: a replica reads them (this browser's own writes included, platform/db/replica.ts)
export const profile: RouteHandler<typeof profileRoute, AppEnv> = async (c) =>
  c.json(await replicaRead(c, (db) => publicProfile(currentUser(c).id, c.req.valid('param').ref, db)), 200);
export const posts: RouteHandler<typeof userPostsRoute, AppEnv> = async (c) =>
  c.json(
    await replicaRead(c, (db) => postsOf(currentUser(c).id, c.req.valid('param').id, c.req.valid('query').cursor, db)),
    200,
  );
