import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { profileRoute, userPostsRoute } from './routes.js';
import { postsOf, publicProfile } from './service.js';

export const profile: RouteHandler<typeof profileRoute, AppEnv> = async (c) =>
  c.json(await publicProfile(currentUser(c).id, c.req.valid('param').ref), 200);
export const posts: RouteHandler<typeof userPostsRoute, AppEnv> = async (c) =>
  c.json(await postsOf(currentUser(c).id, c.req.valid('param').id, c.req.valid('query').cursor), 200);
