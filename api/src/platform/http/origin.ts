import type { Context } from 'hono';

/** This site's origin for links in e-mails and callbacks: PUBLIC_ORIGIN when set (behind a proxy), else the request's. */
export function publicOrigin(c: Context): string {
  return (process.env.PUBLIC_ORIGIN ?? new URL(c.req.url).origin).replace(/\/$/, '');
}
