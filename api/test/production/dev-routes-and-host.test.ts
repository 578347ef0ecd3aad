/**
 * The production profile in process (platform/http/origin.ts, platform/http/development-only.ts):
 * the development outbox answers only in development and only to a caller on this machine; under
 * NODE_ENV=production it does not exist, another host gets 421 in the error envelope, and HSTS is sent.
 * A caller's address is given as node-server gives it to the app: the connection's socket.
 */
import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../helpers.js';

const app = createTestApp(['auth']);
const fromAddress = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
const outbox = (
  address: string,
  headers: Record<string, string> = {},
  url = 'http://localhost/api/auth/dev/outbox?limit=1',
) => app.request(url, { headers }, fromAddress(address));

function production() {
  vi.stubEnv('NODE_ENV', 'production');
  vi.stubEnv('PUBLIC_ORIGIN', 'https://portal.example.test');
  for (const name of ['JWT_SECRET', 'PIN_SECRET', 'BANK_TOKEN_SECRET'])
    vi.stubEnv(name, crypto.randomBytes(32).toString('hex'));
}
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('GET /api/auth/dev/outbox: development only, to this machine only', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])(
    'development, a caller at %s (loopback): the messages',
    async (address) => {
      const res = await outbox(address);
      expect(res.status).toBe(200);
      expect(await res.json()).toHaveProperty('messages');
    },
  );
  it.each(['203.0.113.9', '10.0.0.7', '::ffff:192.0.2.1', '2001:db8::1'])(
    'development, a caller at %s: 404 as if there were no such route',
    async (address) => {
      const res = await outbox(address);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'No such API route', code: 'NOT_FOUND' });
    },
  );
  it('development, a loopback connection carrying X-Forwarded-For or Forwarded (a proxy on this machine, the client elsewhere): 404', async () => {
    expect((await outbox('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    expect((await outbox('127.0.0.1', { forwarded: 'for=203.0.113.9' })).status).toBe(404);
  });
  it('development, a remote caller with a bad query: still 404 (the route is not revealed by its validation)', async () => {
    expect((await outbox('203.0.113.9', {}, 'http://localhost/api/auth/dev/outbox?limit=zero')).status).toBe(404);
  });
  it('production: 404 even from this machine', async () => {
    production();
    const res = await outbox('127.0.0.1', {}, 'http://portal.example.test/api/auth/dev/outbox');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'No such API route', code: 'NOT_FOUND' });
  });
});

describe('production answers only for the host of PUBLIC_ORIGIN', () => {
  it.each(['evil.example', 'portal.example.test.evil.example', 'portal.example.test:8443', '127.0.0.1'])(
    'Host %s: 421 Misdirected Request in the error envelope, with HSTS',
    async (host) => {
      production();
      const res = await app.request(`http://${host}/api/auth/config`, { headers: { host } });
      expect(res.status).toBe(421);
      expect(await res.json()).toEqual({
        error: 'This server does not answer for that host.',
        code: 'MISDIRECTED_REQUEST',
      });
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    },
  );
  it.each(['portal.example.test', 'PORTAL.example.test', 'portal.example.test:443'])(
    'Host %s: served, with HSTS',
    async (host) => {
      production();
      const res = await app.request(`http://${host}/api/auth/config`);
      expect(res.status).toBe(200);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    },
  );
  it('development answers any host and sends no HSTS (http://localhost must keep working)', async () => {
    const res = await app.request('http://evil.example/api/auth/config');
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});
