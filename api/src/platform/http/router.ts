import { OpenAPIHono } from '@hono/zod-openapi';
import { errorResponse, validationError, zodFields } from '../errors.js';
import type { AppEnv } from './env.js';

/**
 * A module's router. Failed zod validation (params, query, body) becomes the 400 envelope with
 * the offending fields, before any handler runs, so bad input never changes data.
 */
export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return errorResponse(c, validationError(zodFields(result.error)));
    },
  });
  router.onError((err, c) => errorResponse(c, err));
  return router;
}

export type AppRouter = ReturnType<typeof createRouter>;
