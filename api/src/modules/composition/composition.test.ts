import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser } from '../../../test/helpers.js';
import { publishTestRelease } from './releases/testing.js';

const app = createTestApp(['platform']);

beforeAll(async () => {
  await publishTestRelease('mfe-wallet', '1.0.0');
  await publishTestRelease('mfe-admin', '1.0.0', { audience: 'admin' });
});

type Registry = {
  remotes: { name: string; manifestUrl: string; entryUrl: string; routes: string[]; audience: string }[];
};
const names = async (headers: Record<string, string> = {}) =>
  ((await (await app.request('/api/platform/remotes', { headers })).json()) as Registry).remotes
    .map((r) => r.name)
    .sort();

describe('GET /api/platform/remotes (remote registry, docs/decisions.md)', () => {
  it('a signed-in non-admin does not get the admin remote', async () => {
    const user = await createUser();
    expect(await names(await bearer(user.id))).toEqual(['mfe-wallet']);
  });

  it('a visitor gets only user remotes', async () => {
    expect(await names()).toEqual(['mfe-wallet']);
  });

  it('an admin (checked in the database) also gets the admin remote, with manifest and entry URLs and routes', async () => {
    const admin = await createUser({ admin: true });
    const res = await app.request('/api/platform/remotes', { headers: await bearer(admin.id) });
    const body = (await res.json()) as Registry;
    expect(body.remotes.map((r) => r.name).sort()).toEqual(['mfe-admin', 'mfe-wallet']);
    expect(body.remotes.find((r) => r.name === 'mfe-admin')).toEqual({
      name: 'mfe-admin',
      version: '1.0.0',
      manifestUrl: '/remotes/mfe-admin/1.0.0/mf-manifest.json',
      entryUrl: '/remotes/mfe-admin/1.0.0/remoteEntry.js',
      routes: ['/admin'],
      audience: 'admin',
      preload: ['/remotes/mfe-admin/1.0.0/remoteEntry.js'],
      prefetch: {},
      split: false,
    });
  });

  it('a new release is served at once (no restart), with an ETag that answers 304 while nothing changed', async () => {
    const first = await app.request('/api/platform/remotes');
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect((await app.request('/api/platform/remotes', { headers: { 'if-none-match': etag } })).status).toBe(304);
    await publishTestRelease('mfe-wallet', '1.1.0');
    const next = await app.request('/api/platform/remotes', { headers: { 'if-none-match': etag } });
    expect(next.status).toBe(200);
    expect(((await next.json()) as Registry & { remotes: { version: string }[] }).remotes[0]).toMatchObject({
      name: 'mfe-wallet',
      version: '1.1.0',
    });
  });
});

describe('asset logos', () => {
  it('serves an SVG logo per seeded asset and 404 for an unknown one', async () => {
    const res = await app.request('/api/platform/assets/logo/BTC.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await res.text()).toContain('<svg');
    expect((await app.request('/api/platform/assets/logo/XYZ.svg')).status).toBe(404);
  });
});
