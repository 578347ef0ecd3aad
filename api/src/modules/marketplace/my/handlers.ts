import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../../platform/auth/middleware.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { myContractsRoute, myProjectsRoute, myProposalsRoute } from './routes.js';
import { myContracts, myProjects, myProposals } from './service.js';

export const projects: RouteHandler<typeof myProjectsRoute, AppEnv> = async (c) =>
  c.json(await myProjects(currentUser(c).id), 200);
export const contracts: RouteHandler<typeof myContractsRoute, AppEnv> = async (c) =>
  c.json(await myContracts(currentUser(c).id), 200);
export const proposals: RouteHandler<typeof myProposalsRoute, AppEnv> = async (c) =>
  c.json(await myProposals(currentUser(c).id), 200);
