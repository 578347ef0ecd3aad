import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { editProjectRoute, findWorkRoute, postProjectRoute, projectRoute } from './routes.js';
import { editProject, findWork, postProject, showProject } from './service.js';
import { replicaRead } from '../../../platform/db/replica.js';

// browsing may lag a moment: a replica reads it (platform/db/replica.ts)
export const find: RouteHandler<typeof findWorkRoute, AppEnv> = async (c) =>
  c.json(await replicaRead(c, (db) => findWork(c.req.valid('query'), db)), 200);
export const post: RouteHandler<typeof postProjectRoute, AppEnv> = async (c) =>
  c.json(await postProject(currentUser(c).id, c.req.valid('json')), 201);
export const show: RouteHandler<typeof projectRoute, AppEnv> = async (c) =>
  c.json(await showProject(currentUser(c).id, c.req.valid('param').id), 200);
export const edit: RouteHandler<typeof editProjectRoute, AppEnv> = async (c) =>
  c.json(await editProject(currentUser(c).id, c.req.valid('param').id, c.req.valid('json')), 200);
