// The browser side of Link: the link-initialize.js script and the two calls it makes. A page on
// any origin loads these, so they answer CORS; they need no API keys, the link token is the proof.
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { cors } from 'hono/cors';
import { jsonBody, type SandboxEnv } from '../endpoint.js';
import { optionalString, requiredString } from '../fields.js';
import { linkInitializeScript } from '../link/script.js';
import { completeLinkSession, describeLinkSession } from '../link/session.js';
import type { Sandbox } from '../sandbox.js';

export const linkScriptPath = '/link/v2/stable/link-initialize.js';

export function registerLinkRoutes(app: Hono<SandboxEnv>, sandbox: Sandbox): void {
  const browserCors = cors({ origin: '*', allowMethods: ['GET', 'POST', 'OPTIONS'], allowHeaders: ['Content-Type'] });
  app.use(linkScriptPath, browserCors);
  app.use('/link/sandbox/*', browserCors);

  app.get(linkScriptPath, (c) =>
    c.body(linkInitializeScript, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-store',
      // Lets pages that isolate themselves (COEP) still load the script.
      'Cross-Origin-Resource-Policy': 'cross-origin',
    }),
  );

  app.post('/link/sandbox/session', async (c) => {
    const body = await jsonBody(c);
    return c.json({
      ...describeLinkSession(sandbox.data, requiredString(body, 'link_token')),
      request_id: c.get('requestId'),
    });
  });

  app.post('/link/sandbox/complete', async (c) => {
    const body = await jsonBody(c);
    const completed = completeLinkSession(
      sandbox,
      requiredString(body, 'link_token'),
      optionalString(body, 'institution_id'),
      optionalString(body, 'link_session_id') ?? randomUUID(),
    );
    return c.json({ ...completed, request_id: c.get('requestId') });
  });
}
