import { OpenAPIHono, z, type RouteConfig } from '@hono/zod-openapi';
import { errorResponse, validationError, zodFields } from '../errors.js';
import type { AppEnv } from './env.js';

export const UNKNOWN_QUERY_PARAMETER = 'Unknown query parameter.';

/**
 * Unknown query parameters are refused, never silently ignored (a mistyped filter such as `?to=`
 * must not answer as if there were no filter): the route's query schema refuses every key it does
 * not declare, each named in `details.fields`, and a route without a query schema takes no query at
 * all. A route that receives parameters chosen by someone else (an OAuth provider's callback) opts
 * out with `'x-query': 'open'`.
 */
export function strictQuery<R extends RouteConfig>(route: R): R {
  if ((route as { 'x-query'?: string })['x-query'] === 'open') return route;
  const query = route.request?.query ?? z.object({});
  if (!(query instanceof z.ZodObject)) return route;
  return {
    ...route,
    request: {
      ...route.request,
      query: query.catchall(z.unknown().refine(() => false, { error: UNKNOWN_QUERY_PARAMETER })),
    },
  };
}

/**
 * A module's router. Failed zod validation (params, query, body) becomes the 400 envelope with
 * the offending fields, before any handler runs, so bad input never changes data. With one wrong
 * field its reason is also the message ('Amount must be greater than zero.', as a toast says it).
 */
export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const fields = zodFields(result.error);
        const reasons = Object.values(fields);
        return errorResponse(c, validationError(fields, reasons.length === 1 ? reasons[0] : undefined));
      }
    },
  });
  const openapi = router.openapi.bind(router);
  router.openapi = ((route: RouteConfig, ...rest: unknown[]) =>
    (openapi as (...a: unknown[]) => unknown)(strictQuery(route), ...rest)) as typeof router.openapi;
  router.onError((err, c) => errorResponse(c, err));
  return router;
}

export type AppRouter = ReturnType<typeof createRouter>;
