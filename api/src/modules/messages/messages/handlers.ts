import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { listMessagesRoute, sendRoute } from './routes.js';
import { listMessages, sendMessage } from './service.js';

export const list: RouteHandler<typeof listMessagesRoute, AppEnv> = async (c) =>
  c.json(await listMessages(currentUser(c).id, c.req.valid('param').id, c.req.valid('query')), 200);
export const send: RouteHandler<typeof sendRoute, AppEnv> = async (c) =>
  c.json(await sendMessage(currentUser(c).id, c.req.valid('param').id, c.req.valid('json')), 201);
