import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { createRoute_, editRoute, listRoute, showRoute } from './routes.js';
import { createInvoice, editInvoice, listInvoices, showInvoice } from './service.js';

export const list: RouteHandler<typeof listRoute, AppEnv> = async (c) => {
  const { box, cursor } = c.req.valid('query');
  return c.json(await listInvoices(currentUser(c).id, box, cursor), 200);
};
export const create: RouteHandler<typeof createRoute_, AppEnv> = async (c) =>
  c.json(await createInvoice(currentUser(c).id, c.req.valid('json')), 201);
export const show: RouteHandler<typeof showRoute, AppEnv> = async (c) =>
  c.json(await showInvoice(currentUser(c).id, c.req.valid('param').id), 200);
export const edit: RouteHandler<typeof editRoute, AppEnv> = async (c) =>
  c.json(await editInvoice(currentUser(c).id, c.req.valid('param').id, c.req.valid('json')), 200);
