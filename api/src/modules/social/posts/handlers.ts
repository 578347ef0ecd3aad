import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { createPostRoute, feedRoute, showPostRoute } from './routes.js';
import { createPost, postPage, showPost, type NewPost } from './service.js';
import { replicaRead } from '../../../platform/db/replica.js';

// the feed may lag a moment: a replica reads it (this browser's own writes included, platform/db/replica.ts)
export const feed: RouteHandler<typeof feedRoute, AppEnv> = async (c) =>
  c.json(await replicaRead(c, (db) => postPage(currentUser(c).id, c.req.valid('query').cursor, undefined, db)), 200);
export const create: RouteHandler<typeof createPostRoute, AppEnv> = async (c) =>
  c.json(await createPost(currentUser(c).id, c.req.valid('form') as NewPost), 201);
export const show: RouteHandler<typeof showPostRoute, AppEnv> = async (c) =>
  c.json(await showPost(currentUser(c).id, c.req.valid('param').id), 200);
