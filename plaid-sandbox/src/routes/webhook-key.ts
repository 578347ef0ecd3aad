// /webhook_verification_key/get: the public key that verifies the sandbox's webhook JWTs.
import type { Hono } from 'hono';
import { plaidEndpoint, type SandboxEnv } from '../endpoint.js';
import { invalidWebhookVerificationKeyId } from '../errors.js';
import { requiredString } from '../fields.js';
import type { Sandbox } from '../sandbox.js';
import { verificationKey } from '../webhooks.js';

export function registerWebhookKeyRoutes(app: Hono<SandboxEnv>, sandbox: Sandbox): void {
  app.post(
    '/webhook_verification_key/get',
    plaidEndpoint(sandbox, (body) => {
      const key = sandbox.data.signing_key;
      if (requiredString(body, 'key_id') !== key.kid) throw invalidWebhookVerificationKeyId();
      return { key: verificationKey(key) };
    }),
  );
}
