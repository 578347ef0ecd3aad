import type { RouteHandler } from '@hono/zod-openapi';
import { AppError, validationError } from '../../../platform/errors.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { setItemStatus } from '../accounts/service.js';
import { syncTransferEvents } from '../events/sync.js';
import type { plaidWebhookRoute } from './routes.js';
import { verifyPlaidWebhook } from './verify.js';

interface PlaidWebhook {
  webhook_type?: string;
  webhook_code?: string;
  item_id?: string;
  error?: { error_code?: string } | null;
}
const MAX_BODY = 64 * 1024;

export const plaidWebhook: RouteHandler<typeof plaidWebhookRoute, AppEnv> = async (c) => {
  const body = await c.req.text();
  if (body.length > MAX_BODY || !(await verifyPlaidWebhook(body, c.req.header('plaid-verification')))) {
    throw new AppError(401, 'UNAUTHENTICATED', 'Webhook verification failed.');
  }
  let hook: PlaidWebhook;
  try {
    hook = JSON.parse(body) as PlaidWebhook;
  } catch {
    throw validationError({ body: 'Malformed JSON body' });
  }
  if (hook.webhook_type === 'TRANSFER' && hook.webhook_code === 'TRANSFER_EVENTS_UPDATE') await syncTransferEvents();
  if (hook.webhook_type === 'ITEM' && hook.item_id) {
    if (hook.webhook_code === 'ERROR' && hook.error?.error_code === 'ITEM_LOGIN_REQUIRED')
      await setItemStatus(hook.item_id, 'login_required');
    if (hook.webhook_code === 'LOGIN_REPAIRED') await setItemStatus(hook.item_id, 'active');
  }
  return c.json({ received: true }, 200);
};
