import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { addFriendRoute, removeFriendRoute } from './routes.js';
import { addFriend, removeFriend } from './service.js';

export const add: RouteHandler<typeof addFriendRoute, AppEnv> = async (c) =>
  c.json(await addFriend(currentUser(c).id, c.req.valid('param').id), 200);
export const remove: RouteHandler<typeof removeFriendRoute, AppEnv> = async (c) =>
  c.json(await removeFriend(currentUser(c).id, c.req.valid('param').id), 200);
