import net from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The caller's IP for rate limits. X-Forwarded-For is believed only from a trusted proxy (TRUST_PROXY);
 * otherwise a client could pick a fresh "IP" per request. TRUST_PROXY is a comma-separated list of the
 * proxies' addresses or CIDR ranges (`127.0.0.1`, `10.0.0.0/8`): the header counts only on a connection
 * from one of them, so a client that reaches the API directly cannot claim an address. `TRUST_PROXY=1`
 * believes any peer: development and in-process tests only (production refuses it at start).
 * Behind the proxy, the LAST entry is the one our proxy wrote (proxies append the address they saw);
 * earlier entries came from the client and prove nothing.
 */
export function clientIp(c: Context): string {
  const peer = peerAddress(c);
  if (forwardingTrusted(peer)) {
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1);
    if (forwarded) return forwarded;
  }
  return peer ?? 'unknown';
}

/**
 * Whether the caller sits on this machine: a loopback peer that no proxy forwarded for (a proxy on
 * the same machine connects from loopback on behalf of anyone). A request without a socket was made
 * in process (app.request() in tests), never over the network.
 */
export function isLoopbackClient(c: Context): boolean {
  if (c.req.header('x-forwarded-for') !== undefined || c.req.header('forwarded') !== undefined) return false;
  if (!hasSocket(c)) return true;
  const peer = peerAddress(c);
  return peer !== null && isLoopbackAddress(peer);
}

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 or ::1 (also written [::1], or IPv4-mapped ::ffff:127.x.y.z). */
export const isLoopbackAddress = (address: string) => listed(LOOPBACK, address);

export interface ProxyList {
  any: boolean;
  proxies: net.BlockList;
  invalid: string[];
}

/** TRUST_PROXY read: `1` (any peer), or addresses and CIDR ranges; entries that are neither are listed in `invalid`. */
export function trustedProxies(value = process.env.TRUST_PROXY): ProxyList {
  const proxies = new net.BlockList();
  const invalid: string[] = [];
  if (value === '1') return { any: true, proxies, invalid };
  for (const entry of (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [ip = '', bits, ...rest] = entry.split('/');
    const family = net.isIP(ip);
    const prefix = bits === undefined ? (family === 4 ? 32 : 128) : Number(bits);
    if (!family || rest.length || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128))
      invalid.push(entry);
    else proxies.addSubnet(ip, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return { any: false, proxies, invalid };
}

let parsed: { value: string | undefined; list: ProxyList } | undefined;
/** TRUST_PROXY is read per request (tests change it) but parsed once per value. */
function currentProxies(): ProxyList {
  const value = process.env.TRUST_PROXY;
  if (!parsed || parsed.value !== value) parsed = { value, list: trustedProxies(value) };
  return parsed.list;
}

function forwardingTrusted(peer: string | null): boolean {
  const { any, proxies } = currentProxies();
  return any || (peer !== null && listed(proxies, peer));
}

/** Whether an address is in the list: brackets dropped, an IPv4-mapped IPv6 address (a dual-stack socket's view of an IPv4 peer) read as IPv4. */
function listed(list: net.BlockList, address: string): boolean {
  const ip = address.replace(/^\[(.*)\]$/, '$1').replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  const family = net.isIP(ip);
  return family !== 0 && list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

const hasSocket = (c: Context) => {
  const env = c.env as { incoming?: unknown; server?: { incoming?: unknown } } | undefined;
  return Boolean(env?.incoming ?? env?.server?.incoming);
};

function peerAddress(c: Context): string | null {
  if (!hasSocket(c)) return null; // app.request() in tests has no socket
  return getConnInfo(c).remote.address ?? null;
}
