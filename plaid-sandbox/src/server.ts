// The sandbox's HTTP app: Plaid's API endpoints, the Link stand-in, and Plaid-shaped answers for
// errors and unknown paths.
import { Hono } from 'hono';
import { notFound, PlaidApiError } from './errors.js';
import type { SandboxEnv } from './endpoint.js';
import { newRequestId } from './ids.js';
import { registerItemRoutes } from './routes/items.js';
import { registerLinkRoutes } from './routes/link.js';
import { registerTransferRoutes } from './routes/transfers.js';
import { registerWebhookKeyRoutes } from './routes/webhook-key.js';
import type { Sandbox } from './sandbox.js';

export function createSandboxApp(sandbox: Sandbox): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  app.use('*', async (c, next) => {
    c.set('requestId', newRequestId());
    await next();
    // Method, path and status only: bodies carry access tokens, which must never reach a log.
    sandbox.log(`${c.req.method} ${c.req.path} ${c.res.status}`);
  });
  registerLinkRoutes(app, sandbox);
  registerItemRoutes(app, sandbox);
  registerTransferRoutes(app, sandbox);
  registerWebhookKeyRoutes(app, sandbox);

  app.notFound((c) => c.json({ ...notFound().plaidError, request_id: c.get('requestId') }, 404));
  app.onError((error, c) => {
    if (error instanceof PlaidApiError)
      return c.json({ ...error.plaidError, request_id: c.get('requestId') }, error.status);
    sandbox.log(`${c.req.method} ${c.req.path} failed: ${error.stack ?? error.message}`);
    const internal = {
      error_type: 'API_ERROR',
      error_code: 'INTERNAL_SERVER_ERROR',
      error_message: 'an unexpected error occurred',
      display_message: null,
    };
    return c.json({ ...internal, request_id: c.get('requestId') }, 500);
  });
  return app;
}
