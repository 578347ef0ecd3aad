import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { clientIp } from './client-ip.js';

// Per-IP limits (sign-in, OTP) must count people, not the proxy, and not what a client claims.
const app = new Hono().get('/', (c) => c.text(clientIp(c)));
const ip = async (xff?: string) => (await app.request('/', { headers: xff ? { 'x-forwarded-for': xff } : {} })).text();
const before = process.env.TRUST_PROXY;
afterEach(() => {
  if (before === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = before;
});

describe('the client address for rate limits', () => {
  it('without TRUST_PROXY the header is ignored (a client cannot pick its own address)', async () => {
    delete process.env.TRUST_PROXY;
    expect(await ip('203.0.113.9')).toBe('unknown');
  });
  it('behind the trusted proxy: the address the proxy appended (the last entry), not one the client sent ahead of it', async () => {
    process.env.TRUST_PROXY = '1';
    expect(await ip('198.51.100.7')).toBe('198.51.100.7');
    expect(await ip('10.9.9.9, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ip('1.2.3.4,  ,198.51.100.8 ')).toBe('198.51.100.8');
  });
  it('TRUST_PROXY as a list: the header counts only on a connection from a listed proxy; anyone else is their own address', async () => {
    process.env.TRUST_PROXY = '127.0.0.1, 10.0.0.0/8';
    const from = async (peer: string, xff: string) =>
      (
        await app.request(
          '/',
          { headers: { 'x-forwarded-for': xff } },
          { incoming: { socket: { remoteAddress: peer } } },
        )
      ).text();
    expect(await from('10.1.2.3', '198.51.100.7')).toBe('198.51.100.7');
    expect(await from('::ffff:127.0.0.1', '198.51.100.8')).toBe('198.51.100.8');
    expect(await from('203.0.113.5', '198.51.100.9')).toBe('203.0.113.5');
    expect(await from('11.0.0.1', '198.51.100.9')).toBe('11.0.0.1');
    expect(await ip('198.51.100.7')).toBe('unknown'); // no connection at all: nothing to trust
  });
});
