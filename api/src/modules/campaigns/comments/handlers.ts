import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { commentRoute } from './routes.js';
import { postComment } from './service.js';

export const post: RouteHandler<typeof commentRoute, AppEnv> = async (c) =>
  c.json(await postComment(currentUser(c).id, c.req.valid('param').id, c.req.valid('json').comment_text), 201);
