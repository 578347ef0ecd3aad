/**
 * The security suite again, under the production profile (docs/deploying.md): the authorization
 * matrix and the malformed-input checks, unchanged, against the app configured as production.
 *
 * How: the suite runs in process (app.request()), so this file sets NODE_ENV=production and the
 * settings production requires before it loads the two suites, whose tests then register and run
 * here. Everything that differs in production reads the environment per request (isProduction(),
 * PUBLIC_ORIGIN, the secrets): the host check (app.request() calls come for "localhost", so the
 * configured origin is https://localhost), HSTS, Secure cookies, links, the dev routes' 404, no demo
 * data. What the start check would also demand and a test cannot have is left as in the other runs:
 * mail and SMS stay in the outbox (no SMTP server or Twilio here), banking uses the local Plaid
 * sandbox, the database is this file's own (test/production/start-refusal.test.ts starts the real
 * process with all of them).
 */
import crypto from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../src/app.js';

vi.stubEnv('NODE_ENV', 'production');
vi.stubEnv('PUBLIC_ORIGIN', 'https://localhost');
for (const name of ['JWT_SECRET', 'PIN_SECRET', 'BANK_TOKEN_SECRET'])
  vi.stubEnv(name, crypto.randomBytes(32).toString('hex'));
afterAll(() => {
  vi.unstubAllEnvs();
});

await import('./authorization-matrix.test.js');
await import('./malformed-input.test.js');

describe("the runs above had production's rules in force", () => {
  const app = createTestApp(['auth']);
  it('HSTS on answers, 421 for another host, no outbox', async () => {
    const ours = await app.request('/api/auth/config');
    expect(ours.status).toBe(200);
    expect(ours.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect((await app.request('http://evil.example/api/auth/config')).status).toBe(421);
    expect((await app.request('/api/auth/dev/outbox')).status).toBe(404);
  });
});
