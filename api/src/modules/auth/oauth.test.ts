import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '../../platform/db/pool.js';
import { createTestApp, createUser } from '../../../test/helpers.js';
import { turnOnAppCodes } from '../../../test/second-factor-fixtures.js';
import { loginAtProvider, startTestOidc, type TestOidc } from './testing/oidc-server.js';

// app.request() calls come from http://localhost, so that is the origin and the callback URL.
const ORIGIN = 'http://localhost';
const CALLBACK = `${ORIGIN}/api/auth/callback`;
const app = createTestApp(['auth', 'wallet']);
let oidc: TestOidc;

beforeAll(async () => {
  oidc = await startTestOidc({ redirectUris: [CALLBACK] });
  process.env.GOOGLE_CLIENT_ID = oidc.clientId;
  process.env.GOOGLE_CLIENT_SECRET = oidc.clientSecret;
  process.env.GOOGLE_ISSUER = oidc.issuer;
  // Facebook through the same server, configured by explicit endpoints (no discovery): the
  // userinfo path of the flow.
  process.env.FACEBOOK_CLIENT_ID = oidc.clientId;
  process.env.FACEBOOK_CLIENT_SECRET = oidc.clientSecret;
  process.env.FACEBOOK_AUTHORIZATION_URL = `${oidc.issuer}/auth`;
  process.env.FACEBOOK_TOKEN_URL = `${oidc.issuer}/token`;
  process.env.FACEBOOK_USERINFO_URL = `${oidc.issuer}/me`;
  process.env.FACEBOOK_SCOPE = 'openid email profile';
});
afterAll(async () => {
  for (const k of [
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'GOOGLE_ISSUER',
    'FACEBOOK_CLIENT_ID',
    'FACEBOOK_CLIENT_SECRET',
    'FACEBOOK_AUTHORIZATION_URL',
    'FACEBOOK_TOKEN_URL',
    'FACEBOOK_USERINFO_URL',
    'FACEBOOK_SCOPE',
  ])
    delete process.env[k];
  await oidc?.close();
});

const idTokenGrant = (body: unknown) =>
  app.request('/api/auth/token?grant_type=id_token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const refreshCookie = (res: Response) => res.headers.get('set-cookie')?.match(/portal_rt=([^;]+)/)?.[1];

const stateCookie = (res: Response) => res.headers.get('set-cookie')?.match(/portal_oauth_state=([^;]+)/)?.[1];

async function oauthLogin(provider: 'google' | 'facebook', login: string, redirectTo = `${ORIGIN}/dashboard`) {
  const start = await app.request(
    `/api/auth/authorize?provider=${provider}&redirect_to=${encodeURIComponent(redirectTo)}`,
  );
  expect(start.status).toBe(302);
  const authUrl = new URL(start.headers.get('location')!);
  expect(stateCookie(start)).toBe(authUrl.searchParams.get('state'));
  expect(start.headers.get('set-cookie')).toMatch(/HttpOnly/i);
  expect(start.headers.get('set-cookie')).toMatch(/SameSite=Lax/i);
  const callbackUrl = new URL(await loginAtProvider(authUrl.toString(), login, CALLBACK));
  return {
    authUrl,
    res: await app.request(callbackUrl.pathname + callbackUrl.search, {
      headers: { cookie: `portal_oauth_state=${stateCookie(start)}` },
    }),
  };
}

describe('OAuth sign-in through a real OpenID Connect provider (GET /api/auth/authorize, /callback)', () => {
  it('google: state + PKCE S256 + nonce, code exchange, new account, refresh cookie, redirect to /dashboard', async () => {
    const { authUrl, res } = await oauthLogin('google', 'olivia');
    expect(authUrl.origin).toBe(oidc.issuer);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authUrl.searchParams.get('state')).toBeTruthy();
    expect(authUrl.searchParams.get('redirect_uri')).toBe(CALLBACK);

    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${ORIGIN}/dashboard`);
    const cookie = refreshCookie(res);
    expect(cookie).toBeTruthy();
    const session = await app.request('/api/auth/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { cookie: `portal_rt=${cookie}` },
    });
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ user: { email: 'olivia@oidc.test' } });
    const { rows } = await getPool().query(
      `SELECT u.email_confirmed_at IS NOT NULL AS confirmed, p.full_name, i.provider::text AS provider, i.subject
         FROM users u JOIN profiles p ON p.id = u.id JOIN user_identities i ON i.user_id = u.id WHERE u.email = 'olivia@oidc.test'`,
    );
    expect(rows).toEqual([{ confirmed: true, full_name: 'OIDC olivia', provider: 'google', subject: 'olivia' }]);
    // signing in again reuses the account
    await oauthLogin('google', 'olivia');
    expect(
      (await getPool().query(`SELECT count(*)::int AS n FROM users WHERE email = 'olivia@oidc.test'`)).rows[0].n,
    ).toBe(1);
  });

  it('a callback in another browser (no state cookie: login CSRF) or a used state is refused: back to /auth with the error', async () => {
    const start = await app.request(`/api/auth/authorize?provider=google`);
    const cookie = { cookie: `portal_oauth_state=${stateCookie(start)}` };
    const callbackUrl = new URL(await loginAtProvider(start.headers.get('location')!, 'replay', CALLBACK));
    const forwarded = await app.request(callbackUrl.pathname + callbackUrl.search);
    expect(forwarded.headers.get('location')).toMatch(
      /^\/auth\?error=This\+sign-in\+did\+not\+start\+in\+this\+browser/,
    );
    expect(refreshCookie(forwarded)).toBeUndefined();
    expect(
      (await app.request(callbackUrl.pathname + callbackUrl.search, { headers: cookie })).headers.get('location'),
    ).toBe(`${ORIGIN}/dashboard`);
    const replay = await app.request(callbackUrl.pathname + callbackUrl.search, { headers: cookie });
    expect(replay.status).toBe(302);
    expect(replay.headers.get('location')).toMatch(/^\/auth\?error=/);
    expect(refreshCookie(replay)).toBeUndefined();
  });

  it('facebook (endpoints from configuration, identity from userinfo) links to the existing account with that verified e-mail', async () => {
    const existing = await createUser({ email: 'frank@oidc.test' });
    const { res } = await oauthLogin('facebook', 'frank');
    expect(res.headers.get('location')).toBe(`${ORIGIN}/dashboard`);
    const { rows } = await getPool().query(
      `SELECT user_id, provider::text AS provider FROM user_identities WHERE subject = 'frank'`,
    );
    expect(rows).toEqual([{ user_id: existing.id, provider: 'facebook' }]);
  });

  it('an account with a second factor is not signed in by the provider: back to /auth with the second step in the fragment', async () => {
    const existing = await createUser({ email: 'grace@oidc.test' });
    const app2fa = await turnOnAppCodes(existing.id);
    const { res } = await oauthLogin('google', 'grace');
    expect(res.status).toBe(302);
    expect(refreshCookie(res)).toBeUndefined();
    const location = new URL(res.headers.get('location')!, ORIGIN);
    expect(location.pathname).toBe('/auth');
    expect(location.search).toBe(''); // the ticket stays out of server logs and Referer headers
    const step = new URLSearchParams(location.hash.slice(1));
    expect(step.get('methods')).toBe('totp,recovery_code');
    const signedIn = await app.request('/api/auth/second-factor/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ticket: step.get('second_factor'), code: app2fa.code() }),
    });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ user: { id: existing.id } });
  });

  it('redirect_to on another origin is refused (no open redirect); an unknown provider is a 400', async () => {
    const evil = await app.request(
      `/api/auth/authorize?provider=google&redirect_to=${encodeURIComponent('https://evil.example/dashboard')}`,
    );
    expect(evil.status).toBe(400);
    expect(await evil.json()).toMatchObject({ details: { fields: { redirect_to: expect.any(String) } } });
    expect((await app.request('/api/auth/authorize?provider=myspace')).status).toBe(400);
  });
});

describe('Google One Tap (POST /api/auth/token?grant_type=id_token)', () => {
  it('an id token signed by the provider key, for our client, unexpired, signs in', async () => {
    const token = await oidc.signIdToken({
      sub: 'tap-1',
      email: 'tapper@oidc.test',
      email_verified: true,
      name: 'Tina Tap',
    });
    const res = await idTokenGrant({ provider: 'google', id_token: token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ token_type: 'bearer', user: { email: 'tapper@oidc.test' } });
    expect(refreshCookie(res)).toBeTruthy();
  });

  it('an account with a second factor gets 403 SECOND_FACTOR_REQUIRED with a ticket, no session', async () => {
    const existing = await createUser({ email: 'tapper2fa@oidc.test' });
    await turnOnAppCodes(existing.id);
    const token = await oidc.signIdToken({ sub: 'tap-2fa', email: existing.email, email_verified: true });
    const res = await idTokenGrant({ provider: 'google', id_token: token });
    expect(res.status).toBe(403);
    expect(refreshCookie(res)).toBeUndefined();
    expect(await res.json()).toMatchObject({
      code: 'SECOND_FACTOR_REQUIRED',
      details: { second_factor: { ticket: expect.any(String), methods: ['totp', 'recovery_code'] } },
    });
  });

  it('a forged (wrong key), expired, foreign-audience or foreign-issuer token is refused with 401', async () => {
    const claims = { sub: 'tap-2', email: 'mallory@oidc.test', email_verified: true };
    const forged = await idTokenGrant({
      provider: 'google',
      id_token: await oidc.signIdToken(claims, { key: 'forged' }),
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: 'UNAUTHENTICATED', error: 'ID token signature is not valid.' });
    const expired = await idTokenGrant({
      provider: 'google',
      id_token: await oidc.signIdToken(claims, { expiresIn: Math.floor(Date.now() / 1000) - 120 }),
    });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ error: 'ID token has expired.' });
    const audience = await idTokenGrant({
      provider: 'google',
      id_token: await oidc.signIdToken(claims, { audience: 'someone-else' }),
    });
    expect(await audience.json()).toMatchObject({ error: 'ID token audience is not valid.' });
    const issuer = await idTokenGrant({
      provider: 'google',
      id_token: await oidc.signIdToken(claims, { issuer: 'https://evil.example' }),
    });
    expect(await issuer.json()).toMatchObject({ error: 'ID token issuer is not valid.' });
    const garbage = await idTokenGrant({ provider: 'google', id_token: 'not.a.jwt' });
    expect(garbage.status).toBe(401);
    expect(
      (await getPool().query(`SELECT count(*)::int AS n FROM users WHERE email = 'mallory@oidc.test'`)).rows[0].n,
    ).toBe(0);
    const missing = await idTokenGrant({ provider: 'facebook' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      details: { fields: { provider: expect.any(String), id_token: expect.any(String) } },
    });
  });

  it('GET /api/auth/config tells the shell the Google client id (One Tap loads only with one)', async () => {
    expect(await (await app.request('/api/auth/config')).json()).toEqual({
      google_client_id: oidc.clientId,
      providers: { google: true, facebook: true },
    });
  });

  it('a provider counts as configured for its button only with both client id and secret (no button that answers "not configured")', async () => {
    const secret = process.env.FACEBOOK_CLIENT_SECRET;
    delete process.env.FACEBOOK_CLIENT_SECRET;
    try {
      expect(await (await app.request('/api/auth/config')).json()).toMatchObject({
        providers: { google: true, facebook: false },
      });
      const start = await app.request('/api/auth/authorize?provider=facebook');
      expect(start.status).toBe(400);
      expect(await start.json()).toMatchObject({ error: 'Facebook sign-in is not configured on this server.' });
    } finally {
      process.env.FACEBOOK_CLIENT_SECRET = secret;
    }
  });
});
