/**
 * `NODE_ENV=production` start check (platform/config/production.ts), on the REAL process: the API is
 * spawned as `npm start` runs it (api/package.json "start") with one unsafe setting at a time; it
 * must exit with EX_CONFIG (78) before touching a database or a port, naming that setting on a line
 * of its own. With every setting right it starts, and then answers only for its configured host,
 * sends HSTS, and has no outbox.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { apiRoot } from '../../src/platform/config.js';
import { EXIT_UNSAFE_CONFIG } from '../../src/platform/config/production.js';
import { getDatabaseUrl, getPool } from '../../src/platform/db/pool.js';

const [program, ...startArgs] = (
  JSON.parse(fs.readFileSync(path.join(apiRoot, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start.split(/\s+/);
if (program !== 'node') throw new Error('api/package.json "start" must be a node command');

const ORIGIN = 'https://portal.example.test';
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-production-'));
afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

const secret = () => crypto.randomBytes(32).toString('hex');
/** Everything production needs, nothing a development machine defaults to. */
const safeSettings = (): Record<string, string> => ({
  NODE_ENV: 'production',
  PUBLIC_ORIGIN: ORIGIN,
  PORTAL_HOME: home,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  JWT_SECRET: secret(),
  PIN_SECRET: secret(),
  BANK_TOKEN_SECRET: secret(),
  MAIL_PROVIDER: 'smtp',
  SMTP_URL: 'smtp://portal:password@127.0.0.1:2525',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC0000',
  TWILIO_AUTH_TOKEN: 'twilio-token',
  TWILIO_FROM: '+15550001111',
  PLAID_CLIENT_ID: 'plaid-client',
  PLAID_SECRET: 'plaid-production-secret',
  PLAID_ENV: 'production',
  DATABASE_URL: getDatabaseUrl(),
});

/** The environment of a shell that runs `npm start`: this one without the test runner's variables. */
function processEnv(settings: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (
      !/^(VITEST|TEST_|PUBLIC_ORIGIN|JWT_SECRET|PIN_SECRET|BANK_TOKEN_SECRET|DATABASE_URL|TRUST_PROXY|PLAID_|MAIL_|SMS_|SMTP_|TWILIO_)/.test(
        k,
      )
    )
      env[k] = v;
  for (const [k, v] of Object.entries(settings)) if (v !== undefined) env[k] = v;
  return env;
}

/** The API process, stopped when the test ends however it ends (a refusal that regressed would keep running). */
function startApi(settings: Record<string, string | undefined>): ChildProcess {
  const child = spawn(process.execPath, startArgs, {
    cwd: apiRoot,
    env: processEnv(settings),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  onTestFinished(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  });
  return child;
}

/** Starts the API and waits for it to exit: its exit code and its problem lines ("  - ..."). */
async function refusal(
  change: Record<string, string | undefined>,
): Promise<{ code: number | null; problems: string[]; stderr: string }> {
  const child = startApi({ ...safeSettings(), PORT: '1', ...change }); // never reached: it must stop before listening
  let stderr = '';
  child.stderr!.on('data', (d) => {
    stderr += String(d);
  });
  child.stdout!.resume();
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    code,
    stderr,
    problems: stderr
      .split('\n')
      .filter((l) => l.startsWith('  - '))
      .map((l) => l.slice(4)),
  };
}

describe('NODE_ENV=production refuses to start with an unsafe setting, one line per problem', () => {
  const cases: [string, Record<string, string | undefined>, RegExp][] = [
    ['PUBLIC_ORIGIN missing', { PUBLIC_ORIGIN: undefined }, /^PUBLIC_ORIGIN is not set/],
    [
      'PUBLIC_ORIGIN not https',
      { PUBLIC_ORIGIN: 'http://portal.example.test' },
      /^PUBLIC_ORIGIN must be an https:\/\/ address/,
    ],
    [
      'PUBLIC_ORIGIN with a path',
      { PUBLIC_ORIGIN: 'https://portal.example.test/app' },
      /^PUBLIC_ORIGIN must be an origin alone/,
    ],
    ['JWT_SECRET missing', { JWT_SECRET: undefined }, /^JWT_SECRET is not set/],
    ['PIN_SECRET short', { PIN_SECRET: 'short-pin-secret' }, /^PIN_SECRET is 16 characters: at least 32/],
    [
      'BANK_TOKEN_SECRET reusing JWT_SECRET',
      { JWT_SECRET: 'x'.repeat(40), BANK_TOKEN_SECRET: 'x'.repeat(40) },
      /^BANK_TOKEN_SECRET is the same value as JWT_SECRET/,
    ],
    [
      'mail to the outbox (the default)',
      { MAIL_PROVIDER: undefined },
      /^MAIL_PROVIDER is outbox: production delivers e-mail/,
    ],
    ['SMS to the outbox', { SMS_PROVIDER: 'outbox' }, /^SMS_PROVIDER is outbox: production delivers SMS/],
    [
      'banking on the local Plaid sandbox',
      { PLAID_CLIENT_ID: undefined, PLAID_SECRET: undefined },
      /^PLAID_CLIENT_ID and PLAID_SECRET are not both set/,
    ],
    ["Plaid's sandbox environment", { PLAID_ENV: 'sandbox' }, /^PLAID_ENV is sandbox/],
    [
      'the embedded database without an opt-in',
      { DATABASE_URL: undefined },
      /^DATABASE_URL is not set: production would run the embedded PostgreSQL/,
    ],
    [
      'TRUST_PROXY=1 without a proxy list',
      { TRUST_PROXY: '1' },
      /^TRUST_PROXY=1 believes X-Forwarded-For from any peer/,
    ],
    [
      'TRUST_PROXY with a name instead of an address',
      { TRUST_PROXY: '10.0.0.5,nginx' },
      /^TRUST_PROXY has entries that are neither an IP address nor a CIDR range: nginx$/,
    ],
  ];
  it.each(cases)('%s', async (_name, change, line) => {
    const { code, problems, stderr } = await refusal(change);
    expect(code, stderr).toBe(EXIT_UNSAFE_CONFIG);
    expect(problems, stderr).toHaveLength(1);
    expect(problems[0]).toMatch(line);
  });

  it('a secret equal to the development one kept in $PORTAL_HOME is refused', async () => {
    const devHome = fs.mkdtempSync(path.join(home, 'dev-'));
    const devValue = secret();
    fs.writeFileSync(path.join(devHome, 'pin-secret'), `${devValue}\n`);
    const { code, problems } = await refusal({ PORTAL_HOME: devHome, PIN_SECRET: devValue });
    expect(code).toBe(EXIT_UNSAFE_CONFIG);
    expect(problems).toEqual([
      `PIN_SECRET is the development value kept in ${path.join(devHome, 'pin-secret')}: generate a new one for production`,
    ]);
  });

  it('every problem at once, in one message, before creating anything in PORTAL_HOME', async () => {
    const empty = fs.mkdtempSync(path.join(home, 'empty-'));
    const everythingWrong = Object.fromEntries(
      Object.keys(safeSettings())
        .filter((k) => !['NODE_ENV', 'HOST', 'LOG_LEVEL'].includes(k))
        .map((k) => [k, undefined]),
    );
    const { code, problems, stderr } = await refusal({ ...everythingWrong, PORTAL_HOME: empty, TRUST_PROXY: '1' });
    expect(code).toBe(EXIT_UNSAFE_CONFIG);
    expect(stderr).toMatch(/^Refusing to start with NODE_ENV=production: 9 unsafe setting\(s\)/m);
    expect(problems.map((p) => p.split(' ')[0])).toEqual([
      'PUBLIC_ORIGIN',
      'JWT_SECRET',
      'PIN_SECRET',
      'BANK_TOKEN_SECRET',
      'MAIL_PROVIDER',
      'SMS_PROVIDER',
      'PLAID_CLIENT_ID',
      'DATABASE_URL',
      'TRUST_PROXY=1',
    ]);
    expect(fs.readdirSync(empty)).toEqual([]);
  });
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net
      .createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
  });

/** A request with the Host header we choose (fetch would write the URL's own). */
function get(
  port: number,
  pathname: string,
  host: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, headers: { host } }, (res) => {
        let body = '';
        res
          .on('data', (d) => {
            body += String(d);
          })
          .once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .once('error', reject);
  });
}

/** A WebSocket upgrade of /api/realtime for `host`: 101 when it is taken, else the status answered. */
function upgrade(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({
      host: '127.0.0.1',
      port,
      path: '/api/realtime',
      headers: {
        host,
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': crypto.randomBytes(16).toString('base64'),
      },
    });
    req.once('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.once('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('error', reject);
  });
}

describe('NODE_ENV=production with every setting right', () => {
  it('starts, serves /api/health, answers only for its host (421 otherwise, WebSocket upgrades too), sends HSTS, has no outbox nor demo accounts', async () => {
    const port = await freePort();
    const child = startApi({ ...safeSettings(), PORT: String(port), METRICS_PORT: String(await freePort()) });
    let output = '';
    for (const s of [child.stdout!, child.stderr!])
      s.on('data', (d) => {
        output += String(d);
      });
    const until = Date.now() + 90_000;
    let health = await get(port, '/api/health', 'portal.example.test').catch(() => null);
    while (health?.status !== 200) {
      expect(child.exitCode, output).toBeNull();
      expect(Date.now(), `did not start: ${output}`).toBeLessThan(until);
      await new Promise((r) => setTimeout(r, 250));
      health = await get(port, '/api/health', 'portal.example.test').catch(() => null);
    }
    expect(JSON.parse(health.body)).toEqual({ status: 'ok', database: 'ok' });
    expect(output).not.toMatch(/Demo accounts|Portal-demo/);

    const ours = await get(port, '/api/auth/config', 'portal.example.test');
    expect(ours.status).toBe(200);
    expect(ours.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');

    const theirs = await get(port, '/api/auth/config', 'evil.example');
    expect(theirs.status).toBe(421);
    expect(JSON.parse(theirs.body)).toEqual({
      error: 'This server does not answer for that host.',
      code: 'MISDIRECTED_REQUEST',
    });
    expect(theirs.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(await upgrade(port, 'evil.example')).toBe(421);
    expect(await upgrade(port, 'portal.example.test')).toBe(101);
    // health probes come by the process's own address
    expect((await get(port, '/api/health', `127.0.0.1:${port}`)).status).toBe(200);

    const outbox = await get(port, '/api/auth/dev/outbox', 'portal.example.test');
    expect(outbox.status).toBe(404);
    expect(JSON.parse(outbox.body).code).toBe('NOT_FOUND');
    const { rows } = await getPool().query("SELECT count(*)::int AS n FROM users WHERE email LIKE '%@portal.test'");
    expect(rows[0].n, 'no demo accounts in production').toBe(0);
  }, 150_000);
});
