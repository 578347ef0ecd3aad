import { describe, expect, it } from 'vitest';
import { createTestApp, createUser } from '../../../test/helpers.js';
import { mayHaveSession } from './session-marker.js';

// Issue 12: a visitor without a session must not call the refresh endpoint. The refresh cookie is
// httpOnly (Path /api/auth), so a readable marker cookie says whether a session may exist.
const app = createTestApp(['auth']);
const PASSWORD = 'Correct-horse-42';

const cookies = (res: Response) => res.headers.getSetCookie();
const marker = (res: Response) => cookies(res).find((c) => c.startsWith('portal_session='));
const refreshValue = (res: Response) => cookies(res).find((c) => c.startsWith('portal_rt='))?.match(/^portal_rt=([^;]*)/)?.[1];
const signIn = (email: string) => app.request('/api/auth/token?grant_type=password', {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }),
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
    const refreshed = await app.request('/api/auth/token?grant_type=refresh_token', { method: 'POST', headers: { cookie: `portal_rt=${first}` } });
    expect(refreshed.status).toBe(200);
    expect(marker(refreshed)).toMatch(/^portal_session=1;/);

    const refused = await app.request('/api/auth/token?grant_type=refresh_token', { method: 'POST', headers: { cookie: 'portal_rt=not-a-token' } });
    expect(refused.status).toBe(401);
    expect(marker(refused)).toMatch(/^portal_session=; Max-Age=0; Path=\//);

    const out = await app.request('/api/auth/logout?scope=local', { method: 'POST', headers: { cookie: `portal_rt=${refreshValue(refreshed)}` } });
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
