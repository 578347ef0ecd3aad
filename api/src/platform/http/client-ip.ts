import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The caller's IP for rate limits. X-Forwarded-For is trusted only with TRUST_PROXY=1 (behind our
 * own proxy); otherwise a client could pick a fresh "IP" per request. Behind it, the LAST entry is the
 * one our proxy wrote (proxies append the address they saw); earlier entries came from the client and
 * prove nothing, so a client that sends its own header still counts as itself.
 */
export function clientIp(c: Context): string {
  if (process.env.TRUST_PROXY === '1') {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean).at(-1);
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in tests has no socket
  }
}
