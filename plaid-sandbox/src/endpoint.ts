// One Plaid API endpoint: JSON body in, the caller's API keys checked (headers PLAID-CLIENT-ID /
// PLAID-SECRET as the official client sends them, or client_id / secret in the body), and the
// handler's result answered with a request_id.
import type { Context } from 'hono';
import { invalidApiKeys, invalidBody } from './errors.js';
import type { RequestBody } from './fields.js';
import type { Sandbox } from './sandbox.js';

export type SandboxEnv = { Variables: { requestId: string } };

export async function jsonBody(c: Context<SandboxEnv>): Promise<RequestBody> {
  const body: unknown = await c.req.json().catch(() => undefined);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidBody();
  return body as RequestBody;
}

function credential(body: RequestBody, field: string, header: string | undefined): string | undefined {
  const value = body[field];
  return typeof value === 'string' ? value : header;
}

export function plaidEndpoint(sandbox: Sandbox, handle: (body: RequestBody) => object) {
  return async (c: Context<SandboxEnv>) => {
    const body = await jsonBody(c);
    const clientId = credential(body, 'client_id', c.req.header('PLAID-CLIENT-ID'));
    const secret = credential(body, 'secret', c.req.header('PLAID-SECRET'));
    if (clientId !== sandbox.settings.clientId || secret !== sandbox.settings.secret) throw invalidApiKeys();
    return c.json({ ...handle(body), request_id: c.get('requestId') });
  };
}
