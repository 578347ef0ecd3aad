// Password sign-in for the project's scripts (reliability cases, benches) now that admins need a second
// factor for /admin and /api/admin (api/src/platform/auth/middleware.ts): an admin without one gets
// authenticator-app codes turned on through the API, then every sign-in answers the 403
// SECOND_FACTOR_REQUIRED ticket with an RFC 6238 code. Secrets are remembered by user id (a seeded
// user's id differs per database, and one database may sit behind several base URLs), in this process
// and in a file (PORTAL_SECOND_FACTORS, default: the temp folder's portal-second-factors.json, owner
// only) so that another process (a second bench against the same running portal) can sign in too.
import crypto from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const TOTP_PERIOD_MS = 30_000;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** user id -> { secret, lastStep }: the last 30-second step the API accepted (it refuses a replay). */
const factors = new Map();
const factorsFile = process.env.PORTAL_SECOND_FACTORS ?? path.join(os.tmpdir(), 'portal-second-factors.json');

function savedFactors() {
  try {
    return JSON.parse(readFileSync(factorsFile, 'utf8'));
  } catch {
    return {}; // none saved yet
  }
}

function saveFactor(userId, factor) {
  writeFileSync(factorsFile, JSON.stringify({ ...savedFactors(), [userId]: factor }), { mode: 0o600 });
}

/** The factor of a user this process or an earlier one turned on (undefined: none known). */
function knownFactor(userId) {
  if (!factors.has(userId) && savedFactors()[userId]) factors.set(userId, savedFactors()[userId]);
  return factors.get(userId);
}

function base32Bytes(text) {
  let bits = '';
  for (const ch of text.replace(/=+$/, '').toUpperCase()) {
    const v = BASE32.indexOf(ch);
    if (v < 0) throw new Error(`not base32: ${ch}`);
    bits += v.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => parseInt(b, 2)));
}

/** The 6-digit code of a base32 secret for a 30-second step (RFC 6238 with HMAC-SHA-1). */
export function totpCode(secret, step) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = crypto.createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * The step to answer with and how long to wait first: the current one, or the next unused one. The API
 * accepts a step one either side of its clock, so the step after the current one needs no wait.
 */
export function nextStep(lastStep, now = Date.now()) {
  const current = Math.floor(now / TOTP_PERIOD_MS);
  const step = lastStep === undefined ? current : Math.max(current, lastStep + 1);
  return { step, waitMs: step > current + 1 ? (step - 1) * TOTP_PERIOD_MS - now : 0 };
}

async function spendCode(userId, factor) {
  const { step, waitMs } = nextStep(factor.lastStep);
  factor.lastStep = step; // before waiting: a sign-in running alongside takes the step after
  saveFactor(userId, factor);
  if (waitMs > 0) await new Promise((r) => setTimeout(r, waitMs));
  return totpCode(factor.secret, step);
}

async function call(base, path, { token, body, headers = {}, method = 'POST' } = {}) {
  return fetch(`${base}${path}`, {
    method,
    headers: {
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function expectOk(res, what) {
  if (res.ok) return res.json();
  throw new Error(`${what}: ${res.status} ${await res.text()}`);
}

const ticketUser = (ticket) => JSON.parse(Buffer.from(ticket.split('.')[1], 'base64url').toString()).sub;

/** Turns on authenticator-app codes for the signed-in user and remembers the secret. */
async function enableAppCodes(base, token, userId) {
  const { secret } = await expectOk(await call(base, '/api/auth/second-factor/totp', { token }), 'totp setup');
  const factor = { secret, lastStep: undefined };
  const code = await spendCode(userId, factor);
  await expectOk(await call(base, '/api/auth/second-factor/totp/enable', { token, body: { code } }), 'totp enable');
  factors.set(userId, factor);
}

async function isAdminWithoutSecondFactor(base, res) {
  const { access_token: token, user } = await res.clone().json();
  const me = await call(base, '/api/admin/me', { token, method: 'GET' });
  return me.ok && (await me.json()).is_admin === true ? { token, userId: user.id } : undefined;
}

/**
 * Signs `email` in with a password and, when the account has a second factor this process knows, its code.
 * An admin without a second factor gets authenticator-app codes first (their session then counts for /admin).
 * `headers` go with every sign-in request (e.g. X-Forwarded-For). Resolves the 200 response of the
 * final sign-in: its body is the token answer, its Set-Cookie the session.
 */
export async function signInWithSecondFactor(base, { email, password }, { headers = {} } = {}) {
  const passwordSignIn = () =>
    call(base, '/api/auth/token?grant_type=password', { headers, body: { email, password } });
  let res = await passwordSignIn();
  if (res.status === 200) {
    const admin = await isAdminWithoutSecondFactor(base, res);
    if (!admin) return res;
    await enableAppCodes(base, admin.token, admin.userId);
    res = await passwordSignIn();
  }
  const body = res.status === 403 ? await res.clone().json() : undefined;
  if (body?.code !== 'SECOND_FACTOR_REQUIRED') throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  const { ticket } = body.details.second_factor;
  const userId = ticketUser(ticket);
  const factor = knownFactor(userId);
  if (!factor) throw new Error(`sign-in ${email}: a second factor these scripts did not turn on is needed`);
  const code = await spendCode(userId, factor);
  res = await call(base, '/api/auth/second-factor/sign-in', { headers, body: { ticket, code } });
  if (res.status !== 200) throw new Error(`second step ${email}: ${res.status} ${await res.text()}`);
  return res;
}
