import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser } from '../../../test/helpers.js';

const app = createTestApp(['platform']);
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-home-'));
const previousHome = process.env.PORTAL_HOME;

beforeAll(() => {
  process.env.PORTAL_HOME = home;
  fs.mkdirSync(path.join(home, 'remotes'), { recursive: true });
  const remote = (name: string, audience: string, routes: string[]) => ({
    version: '1.0.0', manifestPath: `/remotes/${name}/1.0.0/mf-manifest.json`, entryPath: `/remotes/${name}/1.0.0/remoteEntry.js`, routes, audience,
  });
  fs.writeFileSync(path.join(home, 'remotes', 'registry.json'), JSON.stringify({
    remotes: { 'mfe-wallet': remote('mfe-wallet', 'user', ['/dashboard']), 'mfe-admin': remote('mfe-admin', 'admin', ['/admin']) },
  }));
});
afterAll(() => {
  if (previousHome === undefined) delete process.env.PORTAL_HOME; else process.env.PORTAL_HOME = previousHome;
  fs.rmSync(home, { recursive: true, force: true });
});

type Registry = { remotes: { name: string; manifestUrl: string; entryUrl: string; routes: string[]; audience: string }[] };
const names = async (headers: Record<string, string> = {}) =>
  ((await (await app.request('/api/platform/remotes', { headers })).json()) as Registry).remotes.map((r) => r.name).sort();

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
      name: 'mfe-admin', version: '1.0.0', manifestUrl: '/remotes/mfe-admin/1.0.0/mf-manifest.json',
      entryUrl: '/remotes/mfe-admin/1.0.0/remoteEntry.js', routes: ['/admin'], audience: 'admin',
      preload: ['/remotes/mfe-admin/1.0.0/remoteEntry.js'], prefetch: {},
    });
  });

  it('publishing (rewriting registry.json) is picked up without a restart', async () => {
    const file = path.join(home, 'remotes', 'registry.json');
    const reg = JSON.parse(fs.readFileSync(file, 'utf8'));
    reg.remotes['mfe-wallet'].version = '1.1.0';
    fs.writeFileSync(file, JSON.stringify(reg));
    const future = new Date(Date.now() + 5000);
    fs.utimesSync(file, future, future); // make sure the mtime differs even on coarse clocks
    const body = (await (await app.request('/api/platform/remotes')).json()) as Registry & { remotes: { version: string }[] };
    expect(body.remotes[0]).toMatchObject({ name: 'mfe-wallet', version: '1.1.0' });
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
