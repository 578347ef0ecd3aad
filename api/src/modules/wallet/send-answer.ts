import type { RouteConfig, RouteConfigToTypedResponse } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { SendAnswer } from '../../platform/ledger/index.js';

/**
 * An answer of wallet_send as the HTTP response of route R (status and JSON decided in SQL; Retry-After
 * for a lock). The JSON is PostgreSQL's text sent as is (no parse and re-serialise on the hot path):
 * wallet_send writes R's SendResult, and a refusal is mapped by platform/errors.ts to R's error body.
 * So this is the one answer typed by assertion rather than checked by the compiler; the wallet's
 * transfer tests read it.
 */
export function sendAnswer<R extends RouteConfig>(c: Context, a: SendAnswer): RouteConfigToTypedResponse<R> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (a.replayed) headers['Idempotent-Replayed'] = 'true';
  if (a.status >= 400 && a.retryAfter != null) headers['Retry-After'] = String(a.retryAfter);
  const response: Response = c.body(a.json, a.status as ContentfulStatusCode, headers);
  return response as unknown as RouteConfigToTypedResponse<R>; // the assertion the comment above explains
}
