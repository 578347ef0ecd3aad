import { describe, expect, it } from 'vitest';
import { createTestApp, createUser } from '../../../test/helpers.js';
import { hasAdminHint, mayHaveSession } from './session-marker.js';

// A visitor without a session must not call the refresh endpoint. The refresh cookie is
// httpOnly (Path /api/auth), so a readable marker cookie says whether a session may exist.
const app = createTestApp(['auth']);
const PASSWORD = 'Correct-horse-42';

const cookies = (res: Response) => res.headers.getSetCookie();
const marker = (res: Response) => cookies(res).find((c) => c.startsWith('portal_session='));
const refreshValue = (res: Response) =>
  cookies(res)
    .find((c) => c.startsWith('portal_rt='))
    ?.match(/^portal_rt=([^;]*)/)?.[1];
const signIn = (email: string) =>
  app.request('/api/auth/token?grant_type=password', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });

describe('session marker cookie (a page can tell whether a session may exist)', () => {
  it('sign-in sets a readable marker on every path, without the token, living as long as the refresh cookie', async () => {
    const user = await createUser({ password: PASSWORD });
    const res = await signIn(user.email);
    expect(res.status).toBe(200);
    const rt = cookies(res).find((c) => c.startsWith('portal_rt='))!;
    const set = marker(res)!;
    expect(set).toMatch(/^portal_session=1;/);
    expect(set).toMatch(/Path=\/;/);
    expect(set).not.toMatch(/HttpOnly/i);
    expect(set.match(/Max-Age=(\d+)/)?.[1]).toBe(rt.match(/Max-Age=(\d+)/)?.[1]);
    expect(set).not.toContain(refreshValue(res)!);
  });

  it('a refresh keeps it; a refused refresh and sign-out clear it', async () => {
    const user = await createUser({ password: PASSWORD });
    const first = refreshValue(await signIn(user.email));
    const refreshed = await app.request('/api/auth/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { cookie: `portal_rt=${first}` },
    });
    expect(refreshed.status).toBe(200);
    expect(marker(refreshed)).toMatch(/^portal_session=1;/);

    const refused = await app.request('/api/auth/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { cookie: 'portal_rt=not-a-token' },
    });
    expect(refused.status).toBe(401);
    expect(marker(refused)).toMatch(/^portal_session=; Max-Age=0; Path=\//);

    const out = await app.request('/api/auth/logout?scope=local', {
      method: 'POST',
      headers: { cookie: `portal_rt=${refreshValue(refreshed)}` },
    });
    expect(out.status).toBe(204);
    expect(marker(out)).toMatch(/^portal_session=; Max-Age=0; Path=\//);
  });

  it('answers that do not touch the refresh cookie leave the marker alone', async () => {
    const res = await app.request('/api/auth/config');
    expect(res.status).toBe(200);
    expect(marker(res)).toBeUndefined();
  });

  it('reads the marker from a Cookie header', () => {
    expect(mayHaveSession('a=b; portal_session=1')).toBe(true);
    expect(mayHaveSession('portal_session=')).toBe(false);
    expect(mayHaveSession(undefined)).toBe(false);
  });
});

describe("admin hint cookie (an admin's page names the admin remote without waiting for the registry)", () => {
  const hint = (res: Response) => cookies(res).find((c) => c.startsWith('portal_admin='));
  const pair = (set: string | undefined) => set?.split(';')[0] ?? '';

  it('an admin sign-in sets a signed, httpOnly hint the page can be trusted with; a refresh renews it; sign-out clears it', async () => {
    const admin = await createUser({ password: PASSWORD, admin: true });
    const res = await signIn(admin.email);
    const set = hint(res)!;
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/Path=\/;/);
    expect(hasAdminHint(`portal_session=1; ${pair(set)}`)).toBe(true);

    const refreshed = await app.request('/api/auth/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { cookie: `portal_rt=${refreshValue(res)}` },
    });
    expect(hasAdminHint(pair(hint(refreshed)))).toBe(true);
    const out = await app.request('/api/auth/logout?scope=local', {
      method: 'POST',
      headers: { cookie: `portal_rt=${refreshValue(refreshed)}` },
    });
    expect(hint(out)).toMatch(/^portal_admin=; Max-Age=0; Path=\//);
  });

  it('a non-admin sign-in clears any hint, and a forged, altered or expired hint is not trusted', async () => {
    const user = await createUser({ password: PASSWORD });
    expect(hint(await signIn(user.email))).toMatch(/^portal_admin=; Max-Age=0/);
    const admin = await createUser({ password: PASSWORD, admin: true });
    const real = pair(hint(await signIn(admin.email))).slice('portal_admin='.length);
    const [id, exp, mac] = real.split('.');
    expect(hasAdminHint(`portal_admin=${user.id}.${exp}.${mac}`)).toBe(false);
    expect(hasAdminHint(`portal_admin=${id}.${Number(exp) + 1}.${mac}`)).toBe(false);
    expect(hasAdminHint(`portal_admin=${id}.${exp}.${'A'.repeat(mac!.length)}`)).toBe(false);
    expect(hasAdminHint('portal_admin=1')).toBe(false);
    expect(hasAdminHint(undefined)).toBe(false);
    const { createHmac } = await import('node:crypto');
    const { jwtSecret } = await import('../auth/secret.js');
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = `${id}.${past}.${createHmac('sha256', jwtSecret()).update(`portal_admin:${id}.${past}`).digest('base64url')}`;
    expect(hasAdminHint(`portal_admin=${expired}`)).toBe(false);
  });
});
