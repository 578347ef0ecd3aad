import { createMiddleware } from 'hono/factory';
import { isProduction } from '../config.js';
import { plaidLinkOrigin } from '../plaid/index.js';

/**
 * Headers on every response. The shell and its remotes are served from this one origin, so
 * scripts, chunks and manifests all come from 'self'. styled-components injects <style> tags,
 * hence style-src 'unsafe-inline'. Avatars and logos may be remote (https:) or data: URLs.
 */
const csp = (gsi: boolean, scriptHashes: string[] = [], link = plaidLinkOrigin()) => [
  "default-src 'self'",
  `script-src 'self'${scriptHashes.map((h) => ` 'sha256-${h}'`).join('')}${gsi ? ` ${GSI}/client` : ''}${link ? ` ${link}` : ''}`,
  `style-src 'self' 'unsafe-inline'${gsi ? ` ${GSI}/style` : ''}`,
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  `connect-src 'self'${gsi ? ` ${GSI}/` : ''}${link ? ` ${link}` : ''}`,
  ...(gsi || link ? [`frame-src${gsi ? ` ${GSI}/` : ''}${link ? ` ${link}` : ''}`] : []),
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
// Google One Tap (spec 000 §2 /auth) loads Google's script, style and iframe; allowed only when a
// Google client id is configured (docs/decisions.md "Auth"), so a portal without Google stays 'self' only.
// Plaid Link (/linked-accounts) loads its script and frame from Plaid's CDN, or from the local Plaid
// sandbox's origin: whichever this process connected to (platform/plaid).
const GSI = 'https://accounts.google.com/gsi';

/** The policy for a page with inline scripts of these sha256 hashes (base64): index.html's early script. */
export const contentSecurityPolicy = (scriptHashes: string[]) => csp(Boolean(process.env.GOOGLE_CLIENT_ID), scriptHashes);

/** The policy of every other response, built once per Plaid origin (the sandbox's is known only once it listens). */
let cached: { key: string; policy: string } | undefined;
function defaultPolicy() {
  const gsi = Boolean(process.env.GOOGLE_CLIENT_ID);
  const link = plaidLinkOrigin();
  const key = `${gsi} ${link}`;
  if (cached?.key !== key) cached = { key, policy: csp(gsi, [], link) };
  return cached.policy;
}

export const securityHeaders = createMiddleware(async (c, next) => {
  await next();
  // a response that set its own policy (index.html, with its inline script's hash) keeps it
  if (!c.res.headers.has('Content-Security-Policy')) c.res.headers.set('Content-Security-Policy', defaultPolicy());
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
  c.res.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  c.res.headers.set('X-Frame-Options', 'DENY');
  c.res.headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  c.res.headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  // Other sites may not embed our responses (scripts, JSON, images) in their pages.
  c.res.headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  c.res.headers.set('X-Permitted-Cross-Domain-Policies', 'none');
  // Production is served over HTTPS only: browsers must never fall back to http for a year.
  if (isProduction) c.res.headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
});
