import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { chatWithRoute, startChatRoute } from './routes.js';
import { chatWith, startChat } from './service.js';

export const show: RouteHandler<typeof chatWithRoute, AppEnv> = async (c) =>
  c.json(await chatWith(currentUser(c).id, c.req.valid('param').userId), 200);
export const start: RouteHandler<typeof startChatRoute, AppEnv> = async (c) =>
  c.json(await startChat(currentUser(c).id, c.req.valid('param').userId, c.req.valid('json')), 201);
