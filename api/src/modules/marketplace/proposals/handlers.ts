import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { acceptRoute, proposeRoute, rejectRoute, withdrawRoute } from './routes.js';
import { acceptProposal, closeProposal, propose as sendProposal } from './service.js';

export const propose: RouteHandler<typeof proposeRoute, AppEnv> = async (c) =>
  c.json(await sendProposal(currentUser(c).id, c.req.valid('param').id, c.req.valid('json')), 201);
export const accept: RouteHandler<typeof acceptRoute, AppEnv> = async (c) =>
  c.json(await acceptProposal(currentUser(c).id, c.req.valid('param').id), 200);
export const reject: RouteHandler<typeof rejectRoute, AppEnv> = async (c) =>
  c.json(await closeProposal(currentUser(c).id, c.req.valid('param').id, 'client'), 200);
export const withdraw: RouteHandler<typeof withdrawRoute, AppEnv> = async (c) =>
  c.json(await closeProposal(currentUser(c).id, c.req.valid('param').id, 'freelancer'), 200);
