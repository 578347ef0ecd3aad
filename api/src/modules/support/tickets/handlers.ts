import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { createTicketRoute, myTicketsRoute, showTicketRoute } from './routes.js';
import { createTicket, myTickets, showTicket } from './service.js';

export const list: RouteHandler<typeof myTicketsRoute, AppEnv> = async (c) =>
  c.json(await myTickets(currentUser(c).id, c.req.valid('query').cursor), 200);
export const create: RouteHandler<typeof createTicketRoute, AppEnv> = async (c) =>
  c.json(await createTicket(currentUser(c).id, c.req.valid('form')), 201);
export const show: RouteHandler<typeof showTicketRoute, AppEnv> = async (c) =>
  c.json(await showTicket(currentUser(c).id, c.req.valid('param').id), 200);
