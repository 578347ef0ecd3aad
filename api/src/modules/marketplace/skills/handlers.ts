import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../platform/http/env.js';
import type { skillsRoute } from './routes.js';
import { distinctSkills } from './service.js';

export const skills: RouteHandler<typeof skillsRoute, AppEnv> = async (c) => c.json(await distinctSkills(), 200);
