import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import { clientIp } from '../../../platform/http/client-ip.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { adminTicketRoute, adminTicketsRoute, updateTicketRoute } from './routes.js';
import { adminTicket, adminTickets, updateTicket } from './service.js';

export const list: RouteHandler<typeof adminTicketsRoute, AppEnv> = async (c) =>
  c.json(await adminTickets(c.req.valid('query')), 200);
export const show: RouteHandler<typeof adminTicketRoute, AppEnv> = async (c) =>
  c.json(await adminTicket(c.req.valid('param').id), 200);
export const update: RouteHandler<typeof updateTicketRoute, AppEnv> = async (c) =>
  c.json(await updateTicket(currentUser(c).id, c.req.valid('param').id, c.req.valid('json'), clientIp(c)), 200);
