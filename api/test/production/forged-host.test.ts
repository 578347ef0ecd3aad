/**
 * Host header poisoning (platform/http/origin.ts): a request that names another host (Host,
 * X-Forwarded-Host, X-Forwarded-Proto) must not put that host into any link the portal sends. Every
 * flow that mails a link or hands a provider a callback address is driven with a forged host, and
 * the messages are read back from outbox_messages: each URL in them is on the configured origin, or
 * without PUBLIC_ORIGIN in development, on the address `npm start` prints.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getPool } from '../../src/platform/db/pool.js';
import { bearer, createTestApp, createUser } from '../helpers.js';
import { invoicesTestClient, person } from '../../src/modules/invoices/testing.js';

const app = createTestApp();
const invoices = invoicesTestClient();
const FORGED = 'evil.example';
const forgedHeaders = {
  host: FORGED,
  'x-forwarded-host': FORGED,
  'x-forwarded-proto': 'https',
  'content-type': 'application/json',
};
const PASSWORD = 'Velvet-lantern-93';

/** A request that arrives for the forged host, as node-server builds it from a forged Host header. */
const forged = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request(`http://${FORGED}${path}`, {
    method,
    headers: { ...forgedHeaders, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Every http(s) URL in the messages sent to `recipient` since `since`. */
async function linksMailedTo(recipient: string, since: string): Promise<string[]> {
  const { rows } = await getPool().query<{ body: string }>(
    'SELECT body FROM outbox_messages WHERE recipient = $1 AND id > $2 ORDER BY id',
    [recipient, since],
  );
  expect(rows.length, `a message to ${recipient}`).toBeGreaterThan(0);
  return rows.flatMap((r) => r.body.match(/https?:\/\/[^\s"'<>)]+/g) ?? []);
}
const lastOutboxId = async () =>
  (await getPool().query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM outbox_messages')).rows[0]!.id;

const FACEBOOK = {
  FACEBOOK_CLIENT_ID: 'facebook-app',
  FACEBOOK_CLIENT_SECRET: 'facebook-secret',
  FACEBOOK_AUTHORIZATION_URL: 'https://facebook.example.test/dialog/oauth',
  FACEBOOK_TOKEN_URL: 'https://facebook.example.test/token',
  FACEBOOK_USERINFO_URL: 'https://facebook.example.test/me',
};
const saved = { ...process.env };
beforeAll(() => {
  Object.assign(process.env, FACEBOOK);
});
afterAll(() => {
  for (const k of [...Object.keys(FACEBOOK), 'PUBLIC_ORIGIN']) delete process.env[k];
  if (saved.PUBLIC_ORIGIN !== undefined) process.env.PUBLIC_ORIGIN = saved.PUBLIC_ORIGIN;
});
// each flow below runs from one in-process "address"; the per-address limits are tested elsewhere
beforeEach(async () => {
  await getPool().query('DELETE FROM rate_limit_buckets');
});

describe.each([
  {
    profile: 'development without PUBLIC_ORIGIN',
    publicOrigin: undefined,
    expected: `http://localhost:${process.env.PORT ?? 3000}`,
  },
  {
    profile: 'PUBLIC_ORIGIN configured',
    publicOrigin: 'https://portal.example.test',
    expected: 'https://portal.example.test',
  },
])('a forged Host / X-Forwarded-Host changes no link ($profile)', ({ publicOrigin, expected }) => {
  beforeEach(() => {
    if (publicOrigin) process.env.PUBLIC_ORIGIN = publicOrigin;
    else delete process.env.PUBLIC_ORIGIN;
  });
  const onExpectedOrigin = (links: string[]) => {
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(new URL(link).origin, link).toBe(expected);
  };

  it('password recovery: the reset link and the password-changed notice', async () => {
    const user = await createUser({ password: PASSWORD });
    const since = await lastOutboxId();
    expect((await forged('POST', '/api/auth/recover', { email: user.email })).status).toBe(200);
    const [reset] = await linksMailedTo(user.email, since);
    expect(reset).toMatch(/\/reset-password#token=/);
    const token = new URL(reset!).hash.replace('#token=', '');
    const afterReset = await lastOutboxId();
    expect((await forged('POST', '/api/auth/recover/reset', { token, password: 'Battery-staple-77' })).status).toBe(
      200,
    );
    onExpectedOrigin([reset!, ...(await linksMailedTo(user.email, afterReset))]);
  });

  it('sign-up: the confirmation link, the resent one, and the "already has an account" notice', async () => {
    const email = `forged-${crypto.randomBytes(4).toString('hex')}@example.test`;
    const since = await lastOutboxId();
    expect(
      (await forged('POST', '/api/auth/signup', { email, password: PASSWORD, data: { full_name: 'Fay Forged' } }))
        .status,
    ).toBe(200);
    expect((await forged('POST', '/api/auth/resend', { type: 'signup', email })).status).toBe(200);
    const existing = await createUser();
    const sinceExisting = await lastOutboxId();
    expect(
      (
        await forged('POST', '/api/auth/signup', {
          email: existing.email,
          password: PASSWORD,
          data: { full_name: 'Again' },
        })
      ).status,
    ).toBe(200);
    const links = await linksMailedTo(email, since);
    expect(links.filter((l) => l.includes('/api/auth/confirm?token='))).toHaveLength(2);
    onExpectedOrigin([...links, ...(await linksMailedTo(existing.email, sinceExisting))]);
  });

  it('invoice sent: the link the client is mailed', async () => {
    const creator = await person('Ivy Issuer');
    const client = await person(
      'Carl Client',
      undefined,
      `client-${crypto.randomBytes(4).toString('hex')}@example.test`,
    );
    const draft = await invoices.draftFor(creator.id, client.id);
    const since = await lastOutboxId();
    expect((await forged('POST', `/api/invoices/${draft.id}/send`, undefined, await bearer(creator.id))).status).toBe(
      200,
    );
    const links = await linksMailedTo(client.email, since);
    expect(links).toContain(`${expected}/invoice/${draft.id}`);
    onExpectedOrigin(links);
  });

  it('OAuth start: the redirect URI given to the provider, and where the sign-in returns', async () => {
    const res = await forged('GET', '/api/auth/authorize?provider=facebook');
    expect(res.status).toBe(302);
    const authorization = new URL(res.headers.get('location')!);
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${expected}/api/auth/callback`);
    const { rows } = await getPool().query<{ redirect_to: string }>(
      'SELECT redirect_to FROM oauth_states WHERE state = $1',
      [authorization.searchParams.get('state')],
    );
    expect(rows[0]?.redirect_to).toBe(`${expected}/dashboard`);
    // and a redirect_to on the forged host is refused as another site
    const elsewhere = await forged(
      'GET',
      `/api/auth/authorize?provider=facebook&redirect_to=${encodeURIComponent(`https://${FORGED}/dashboard`)}`,
    );
    expect(elsewhere.status).toBe(400);
  });
});

describe("in development the request's own origin is used only when it is this machine", () => {
  it.each(['http://localhost:5173', 'http://127.0.0.2:3000', 'http://[::1]:3000'])(
    '%s: links on that origin',
    async (origin) => {
      delete process.env.PUBLIC_ORIGIN;
      const user = await createUser();
      const since = await lastOutboxId();
      const res = await app.request(`${origin}/api/auth/recover`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email }),
      });
      expect(res.status).toBe(200);
      expect((await linksMailedTo(user.email, since)).map((l) => new URL(l).origin)).toEqual([origin]);
    },
  );
});
