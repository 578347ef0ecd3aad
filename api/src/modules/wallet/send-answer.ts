import type { Context } from 'hono';
import type { SendAnswer } from '../../platform/ledger/index.js';

/** An answer of wallet_send as the HTTP response (status and JSON decided in SQL; Retry-After for a lock). */
export function sendAnswer(c: Context, a: SendAnswer) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (a.replayed) headers['Idempotent-Replayed'] = 'true';
  if (a.status >= 400 && a.retryAfter != null) headers['Retry-After'] = String(a.retryAfter);
  return c.body(a.json, a.status as 201, headers);
}
