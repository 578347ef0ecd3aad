import type { RouteHandler } from '@hono/zod-openapi';
import { replicaRead } from '../../../platform/db/replica.js';
import type { AppEnv } from '../../../platform/http/env.js';
import type { dashboardRoute } from './routes.js';
import { dashboard } from './service.js';

// the figures may lag a moment: a replica reads them (this browser's own writes included, platform/db/replica.ts)
export const figures: RouteHandler<typeof dashboardRoute, AppEnv> = async (c) =>
  c.json(await replicaRead(c, (db) => dashboard(db)), 200);
