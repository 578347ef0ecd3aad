import { createMiddleware } from 'hono/factory';
import { isProduction } from '../config.js';
import { plaidLinkOrigin } from '../plaid/index.js';
import { webOrigin } from './origin.js';

/**
 * Headers on every response. The shell and its remotes are served from this one origin, so
 * scripts, chunks and manifests all come from 'self' (unless remote builds are loaded from a bucket
 * or CDN: pagePolicy). styled-components injects <style> tags,
 * hence style-src 'unsafe-inline'. Avatars and logos may be remote (https:) or data: URLs.
 */
const csp = (gsi: boolean, scriptHashes: string[] = [], link: string | null = null, remotes: string | null = null) =>
  [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` 'sha256-${h}'`).join('')}${gsi ? ` ${GSI}/client` : ''}${link ? ` ${link}` : ''}${remotes ? ` ${remotes}` : ''}`,
    `style-src 'self' 'unsafe-inline'${gsi ? ` ${GSI}/style` : ''}`,
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${gsi ? ` ${GSI}/` : ''}${link ? ` ${link}` : ''}${remotes ? ` ${remotes}` : ''}`,
    ...(gsi || link ? [`frame-src${gsi ? ` ${GSI}/` : ''}${link ? ` ${link}` : ''}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
// Google One Tap (docs/product.md "Sign-in and sessions") loads Google's script, style and iframe; allowed only when a
// Google client id is configured (docs/decisions.md "Auth"), so a portal without Google stays 'self' only.
// Plaid Link (/linked-accounts) loads its script and frame from Plaid's CDN, or from the local Plaid
// sandbox's origin: whichever this process connected to (platform/plaid); only the portal's page
// allows it, every other response stays 'self'.
// Remote builds in a bucket or behind a CDN (REMOTES_PUBLIC_URL): the page loads their
// remoteEntry.js and chunks as scripts (script-src) and fetches their mf-manifest.json (connect-src).
const GSI = 'https://accounts.google.com/gsi';

const CSP = csp(false);
const CSP_GSI = csp(true);

/** The policy for a response with inline scripts of these sha256 hashes (base64). */
export const contentSecurityPolicy = (scriptHashes: string[]) =>
  csp(Boolean(process.env.GOOGLE_CLIENT_ID), scriptHashes);
/**
 * The portal's page (index.html with its early script's hash): also Plaid Link's script and frame,
 * and the remote builds' origin when browsers load them from a bucket or CDN (REMOTES_PUBLIC_URL).
 */
export const pagePolicy = (scriptHashes: string[]) =>
  csp(Boolean(process.env.GOOGLE_CLIENT_ID), scriptHashes, plaidLinkOrigin(), remoteBuildsOrigin());

/**
 * The origin of REMOTES_PUBLIC_URL (remote builds in a bucket behind a CDN), or null when
 * the API serves them itself (no bucket configured, or no public URL: storage/objects.ts
 * remoteBuildStore). A value that is not an absolute http(s) URL adds nothing (publishing refuses it).
 */
export function remoteBuildsOrigin(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.REMOTES_S3_BUCKET ? webOrigin(env.REMOTES_PUBLIC_URL) : null;
}

export const securityHeaders = createMiddleware(async (c, next) => {
  await next();
  // a response that set its own policy (index.html, with its inline script's hash) keeps it
  if (!c.res.headers.has('Content-Security-Policy'))
    c.res.headers.set('Content-Security-Policy', process.env.GOOGLE_CLIENT_ID ? CSP_GSI : CSP);
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
  c.res.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  c.res.headers.set('X-Frame-Options', 'DENY');
  c.res.headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  c.res.headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  // Other sites may not embed our responses (scripts, JSON, images) in their pages.
  c.res.headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  c.res.headers.set('X-Permitted-Cross-Domain-Policies', 'none');
  // Production is served over HTTPS only: browsers must never fall back to http for a year.
  if (isProduction()) c.res.headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
});
