import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { createPostRoute, feedRoute, showPostRoute } from './routes.js';
import { createPost, postPage, showPost, type NewPost } from './service.js';

export const feed: RouteHandler<typeof feedRoute, AppEnv> = async (c) => c.json(await postPage(currentUser(c).id, c.req.valid('query').cursor), 200);
export const create: RouteHandler<typeof createPostRoute, AppEnv> = async (c) => c.json(await createPost(currentUser(c).id, c.req.valid('form') as NewPost), 201);
export const show: RouteHandler<typeof showPostRoute, AppEnv> = async (c) => c.json(await showPost(currentUser(c).id, c.req.valid('param').id), 200);
