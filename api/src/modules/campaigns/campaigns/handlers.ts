import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { browseRoute, createRoute_, editRoute, showRoute, submitRoute } from './routes.js';
import { browseCampaigns, createCampaign, editCampaign, showCampaign, submitCampaign } from './service.js';
import { replicaRead } from '../../../platform/db/replica.js';

// browsing may lag a moment: a replica reads it (platform/db/replica.ts)
export const browse: RouteHandler<typeof browseRoute, AppEnv> = async (c) =>
  c.json(await replicaRead(c, (db) => browseCampaigns(c.req.valid('query'), db)), 200);
export const create: RouteHandler<typeof createRoute_, AppEnv> = async (c) =>
  c.json(await createCampaign(currentUser(c).id, c.req.valid('json')), 201);
export const show: RouteHandler<typeof showRoute, AppEnv> = async (c) =>
  c.json(await showCampaign(currentUser(c).id, c.req.valid('param').id), 200);
export const edit: RouteHandler<typeof editRoute, AppEnv> = async (c) =>
  c.json(await editCampaign(currentUser(c).id, c.req.valid('param').id, c.req.valid('json')), 200);
export const submit: RouteHandler<typeof submitRoute, AppEnv> = async (c) =>
  c.json(await submitCampaign(currentUser(c).id, c.req.valid('param').id), 200);
