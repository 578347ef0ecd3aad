import { describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { readOutbox } from '../../../platform/outbound/index.js';
import { createTestApp, createUser } from '../../../../test/helpers.js';
import { passkeySession, SoftwareAuthenticator } from '../../../../test/software-authenticator.js';

const app = createTestApp(['auth', 'admin']);
const PASSWORD = 'Correct-horse-42';
// app.request targets http://localhost: the public origin in development on this machine.
const RP = { origin: 'http://localhost', rpId: 'localhost' };

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function signedIn(email: string) {
  const res = await post('/api/auth/token?grant_type=password', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
}

async function addPasskey(headers: Record<string, string>, authenticator: SoftwareAuthenticator, name = 'Laptop') {
  const options = (await (await post('/api/auth/passkeys/registration-options', {}, headers)).json()) as {
    challenge: string;
    user: { id: string };
  };
  return post('/api/auth/passkeys', { name, response: authenticator.register(options, RP) }, headers);
}

async function passkeySignIn(authenticator: SoftwareAuthenticator, rp = RP) {
  const options = (await (await post('/api/auth/passkeys/sign-in-options', {})).json()) as { challenge: string };
  return post('/api/auth/passkeys/sign-in', { response: authenticator.assert(options, rp) });
}

const counterOf = async (userId: string) =>
  (
    await getPool().query<{ counter: string }>('SELECT counter::text FROM passkey_credentials WHERE user_id = $1', [
      userId,
    ])
  ).rows[0]?.counter;

describe('passkeys with a software authenticator', () => {
  it('registers a named passkey, lists it, and signs in with it alone (discoverable): a session with a second factor', async () => {
    const user = await createUser({ password: PASSWORD });
    const headers = await signedIn(user.email);
    const authenticator = new SoftwareAuthenticator();
    const added = await addPasskey(headers, authenticator, 'Work laptop');
    expect(added.status).toBe(201);
    const list = (await (await app.request('/api/auth/passkeys', { headers })).json()) as {
      passkeys: { name: string; last_used_at: string | null }[];
    };
    expect(list.passkeys).toEqual([expect.objectContaining({ name: 'Work laptop', last_used_at: null })]);

    const res = await passkeySignIn(authenticator);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { id: string }; access_token: string };
    expect(body.user.id).toBe(user.id);
    expect(res.headers.get('set-cookie')).toMatch(/portal_rt=/);
    expect(await counterOf(user.id)).toBe('1');
    const status = (await (
      await app.request('/api/auth/second-factor', { headers: { authorization: `Bearer ${body.access_token}` } })
    ).json()) as { session_verified: boolean };
    expect(status.session_verified).toBe(true);
    // The new passkey was mailed about and is in the security activity.
    const mails = await readOutbox({ recipient: user.email, channel: 'email' });
    expect(mails.map((m) => m.subject)).toContain('A passkey was added to your Portal account');
    const activity = (await (await app.request('/api/auth/security-activity', { headers })).json()) as {
      events: { words: string }[];
    };
    expect(activity.events.map((e) => e.words)).toContain('Added a passkey');
  });

  it('refuses a cloned authenticator: a signature counter that does not move forward', async () => {
    const user = await createUser({ password: PASSWORD });
    const authenticator = new SoftwareAuthenticator();
    expect((await addPasskey(await signedIn(user.email), authenticator)).status).toBe(201);
    const clone = authenticator.clone();
    expect((await passkeySignIn(authenticator)).status).toBe(200);
    expect((await passkeySignIn(authenticator)).status).toBe(200);
    const refused = await passkeySignIn(clone); // counter 1 after the server saw 2
    expect(refused.status).toBe(401);
    expect(await counterOf(user.id)).toBe('2');
  });

  it('refuses an assertion made for another origin or another relying party ID, and a reused challenge', async () => {
    const user = await createUser({ password: PASSWORD });
    const authenticator = new SoftwareAuthenticator();
    expect((await addPasskey(await signedIn(user.email), authenticator)).status).toBe(201);
    expect((await passkeySignIn(authenticator, { origin: 'https://evil.example', rpId: 'localhost' })).status).toBe(
      401,
    );
    expect((await passkeySignIn(authenticator, { origin: 'http://localhost', rpId: 'evil.example' })).status).toBe(401);
    const options = (await (await post('/api/auth/passkeys/sign-in-options', {})).json()) as { challenge: string };
    expect((await post('/api/auth/passkeys/sign-in', { response: authenticator.assert(options, RP) })).status).toBe(
      200,
    );
    expect((await post('/api/auth/passkeys/sign-in', { response: authenticator.assert(options, RP) })).status).toBe(
      401,
    );
  });

  it('refuses a registration for another origin and one without user verification; nothing is stored', async () => {
    const user = await createUser({ password: PASSWORD });
    const headers = await signedIn(user.email);
    const opts1 = (await (await post('/api/auth/passkeys/registration-options', {}, headers)).json()) as {
      challenge: string;
      user: { id: string };
    };
    const wrongOrigin = await post(
      '/api/auth/passkeys',
      {
        name: 'x',
        response: new SoftwareAuthenticator().register(opts1, { origin: 'https://evil.example', rpId: 'localhost' }),
      },
      headers,
    );
    expect(wrongOrigin.status).toBe(400);
    const opts2 = (await (await post('/api/auth/passkeys/registration-options', {}, headers)).json()) as {
      challenge: string;
      user: { id: string };
    };
    const noUv = await post(
      '/api/auth/passkeys',
      { name: 'x', response: new SoftwareAuthenticator().register(opts2, RP, { userVerified: false }) },
      headers,
    );
    expect(noUv.status).toBe(400);
    expect(await counterOf(user.id)).toBeUndefined();
  });

  it('as the second step: a password sign-in of an account with a passkey answers 403 with a ticket; the passkey completes it', async () => {
    const user = await createUser({ password: PASSWORD });
    const authenticator = new SoftwareAuthenticator();
    expect((await addPasskey(await signedIn(user.email), authenticator)).status).toBe(201);
    const first = await post('/api/auth/token?grant_type=password', { email: user.email, password: PASSWORD });
    expect(first.status).toBe(403);
    const err = (await first.json()) as {
      code: string;
      details: { second_factor: { ticket: string; methods: string[] } };
    };
    expect(err.code).toBe('SECOND_FACTOR_REQUIRED');
    expect(err.details.second_factor.methods).toEqual(['passkey']);
    expect(first.headers.get('set-cookie')).toBeNull();
    const ticket = err.details.second_factor.ticket;
    const options = (await (await post('/api/auth/passkeys/sign-in-options', { ticket })).json()) as {
      challenge: string;
      allowCredentials: { id: string }[];
    };
    expect(options.allowCredentials.map((c) => c.id)).toEqual([authenticator.credentialId.toString('base64url')]);
    const done = await post('/api/auth/passkeys/sign-in', { ticket, response: authenticator.assert(options, RP) });
    expect(done.status).toBe(200);
  });

  it("removing a passkey needs a fresh second-factor check; another user's passkey is 404", async () => {
    const owner = await createUser({ password: PASSWORD });
    const other = await createUser({ password: PASSWORD });
    const authenticator = new SoftwareAuthenticator();
    expect((await addPasskey(await signedIn(owner.email), authenticator)).status).toBe(201);
    const { id } = (
      await getPool().query<{ id: string }>('SELECT id FROM passkey_credentials WHERE user_id = $1', [owner.id])
    ).rows[0]!;
    expect(
      (await app.request(`/api/auth/passkeys/${id}`, { method: 'DELETE', headers: await signedIn(other.email) }))
        .status,
    ).toBe(404);
    // Adding the passkey counted as a check 6 minutes ago: stale.
    await getPool().query(
      `UPDATE session_second_factors SET verified_at = now() - interval '6 minutes' WHERE user_id = $1`,
      [owner.id],
    );
    const session = (await (await passkeySignIn(authenticator)).json()) as { access_token: string };
    const headers = { authorization: `Bearer ${session.access_token}` };
    await getPool().query(
      `UPDATE session_second_factors SET verified_at = now() - interval '6 minutes' WHERE user_id = $1`,
      [owner.id],
    );
    const stale = await app.request(`/api/auth/passkeys/${id}`, { method: 'DELETE', headers });
    expect(stale.status).toBe(403);
    expect(((await stale.json()) as { code: string }).code).toBe('STEP_UP_REQUIRED');
    const options = (await (await post('/api/auth/step-up/passkey-options', {}, headers)).json()) as {
      challenge: string;
    };
    expect(
      (await post('/api/auth/step-up/passkey', { response: authenticator.assert(options, RP) }, headers)).status,
    ).toBe(200);
    expect((await app.request(`/api/auth/passkeys/${id}`, { method: 'DELETE', headers })).status).toBe(204);
    expect(await counterOf(owner.id)).toBeUndefined();
  });
});

describe('admin routes need a session that proved a second factor', () => {
  it('refuses an admin signed in with a password alone (403 SECOND_FACTOR_SETUP_REQUIRED), admits the same admin after a passkey sign-in', async () => {
    const admin = await createUser({ password: PASSWORD, admin: true });
    const passwordOnly = await signedIn(admin.email);
    const refused = await app.request('/api/admin/users', { headers: passwordOnly });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('SECOND_FACTOR_SETUP_REQUIRED');
    expect((await app.request('/api/admin/users', { headers: await passkeySession(app, passwordOnly) })).status).toBe(
      200,
    );
  });
});
