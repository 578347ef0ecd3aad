import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { listCommentsRoute, postCommentRoute } from './routes.js';
import { parseCursor } from '../views.js';
import { listComments, postComment } from './service.js';

export const list: RouteHandler<typeof listCommentsRoute, AppEnv> = async (c) =>
  c.json(await listComments(currentUser(c).id, c.req.valid('param').id, parseCursor(c.req.valid('query').cursor)), 200);
export const post: RouteHandler<typeof postCommentRoute, AppEnv> = async (c) =>
  c.json(await postComment(currentUser(c).id, c.req.valid('param').id, c.req.valid('json').comment_text), 201);
