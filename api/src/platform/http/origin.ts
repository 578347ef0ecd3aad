import type { Context } from 'hono';

/** This site's origin for links in e-mails and callbacks: PUBLIC_ORIGIN when set (behind a proxy), else the request's. */
export function publicOrigin(c: Context): string {
  return (process.env.PUBLIC_ORIGIN ?? new URL(c.req.url).origin).replace(/\/$/, '');
}

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
