import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../platform/http/env.js';
import { runBooksCheck } from '../dashboard/service.js';
import type { booksCheckRoute } from './routes.js';

export const booksCheck: RouteHandler<typeof booksCheckRoute, AppEnv> = async (c) => c.json(await runBooksCheck(), 200);
