import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { isProduction } from '../config.js';
import { AppError } from '../errors.js';
import { isLoopbackAddress } from './client-ip.js';

/**
 * This site's origin for every link in an e-mail or SMS, OAuth redirect URIs and webhook addresses.
 * Never a request header (Host, X-Forwarded-Host), which anyone can forge to have a victim mailed a
 * link to their own site: PUBLIC_ORIGIN (required in production, https); in development without it,
 * the request's origin only when that is this machine (localhost, 127.0.0.0/8, [::1]), else the
 * address `npm start` prints.
 */
export function publicOrigin(c: Context): string {
  const configured = configuredOrigin();
  if (configured) return configured;
  if (isProduction()) throw new Error('PUBLIC_ORIGIN must be set in production');
  const request = new URL(c.req.url);
  return isLoopbackHost(request.hostname) ? request.origin : developmentOrigin();
}

/** PUBLIC_ORIGIN as an origin (scheme, host, port), or null when unset or not an http(s) URL. */
export const configuredOrigin = (env: NodeJS.ProcessEnv = process.env) => webOrigin(env.PUBLIC_ORIGIN);

const developmentOrigin = () => `http://localhost:${process.env.PORT ?? 3000}`;

export const isLoopbackHost = (hostname: string) =>
  hostname.toLowerCase() === 'localhost' || isLoopbackAddress(hostname);

/** A name or an IP (IPv6 in brackets), with an optional port: nothing a URL parser could read as more. */
const HOST_HEADER = /^([a-z\d.-]+|\[[a-f\d:.]+\])(:\d{1,5})?$/i;

/**
 * Whether this process answers a request for `host` (its Host header): in production only the host of
 * PUBLIC_ORIGIN (port omitted or the origin's own), in development any. A proxy or DNS name pointed at
 * us by someone else gets 421 Misdirected Request instead of pages and links under their name.
 */
export function servesHost(host: string | undefined): boolean {
  if (!isProduction()) return true;
  const configured = configuredOrigin();
  if (!configured || !host || !HOST_HEADER.test(host) || !URL.canParse(`http://${host}`)) return false;
  const requested = new URL(`http://${host}`);
  const origin = new URL(configured);
  const port = origin.port || (origin.protocol === 'https:' ? '443' : '80');
  return requested.hostname === origin.hostname && (requested.port === '' || requested.port === port);
}

const misdirected = () => new AppError(421, 'MISDIRECTED_REQUEST', 'This server does not answer for that host.');

/**
 * Production answers only for PUBLIC_ORIGIN's host (servesHost). GET /api/health is exempt: load
 * balancers and orchestrators probe it by the process's own address, and it builds no link.
 */
export const configuredHostOnly = createMiddleware(async (c, next) => {
  if (c.req.path !== '/api/health' && !servesHost(new URL(c.req.url).host)) throw misdirected();
  await next();
});

/**
 * The origin of an absolute http(s) URL, or null for anything else (relative, unparsable, javascript:,
 * data:...): what may go into a Content-Security-Policy source list or be stored as a base URL for browsers.
 */
export function webOrigin(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}
