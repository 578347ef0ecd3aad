/**
 * Idempotency for money-moving requests (DESIGN.md Money; issue 4).
 *
 * - `idempotency()` middleware: the `Idempotency-Key` header is required (1-255 visible ASCII
 *   characters, 400 otherwise). It fingerprints the request (method, path, canonical JSON body
 *   without secret fields such as `pin`: a hash of a 4-digit PIN would be trivially reversible) and
 *   leaves { key, requestHash } for the handler (`idempotencyOf(c)`).
 * - Keys live in idempotency_keys (user_id, key) with the request hash and the stored response;
 *   they are kept at least 24 hours (`purgeExpiredKeys`, run hourly by the API process).
 * - The fast path (transfers) passes key and hash to the SQL function wallet_send(), which claims the
 *   key, does the work and stores the answer in ONE statement and one database transaction.
 * - `runIdempotent()` is the general path for other handlers: claim, work and store in one database
 *   transaction on one connection. A concurrent duplicate blocks on the unique key until the first
 *   commits and then replays its answer; the same key with another body gets 422 IDEMPOTENCY_MISMATCH.
 *   An AppError answer (4xx) is stored too, so a retry gets the same answer; a 5xx is not stored
 *   (its work was rolled back, so a retry may run it again).
 */
import crypto from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type pg from 'pg';
import { getPool } from '../db/pool.js';
import { beginTracked, commitTracked, forgetTracked } from '../db/transaction.js';
import { errorBody, ledgerAnswer, toAppError, validationError } from '../errors.js';
import { logger } from '../logger.js';
import { metrics } from '../metrics/index.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const KEY_TTL_HOURS = 24;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyContext { key: string; requestHash: string }
const contexts = new WeakMap<Request, IdempotencyContext>();

/** JSON with object keys sorted, so { a, b } and { b, a } fingerprint the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj).filter((k) => obj[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

export function requestFingerprint(method: string, path: string, body: unknown, omit: readonly string[] = []): string {
  let b = body;
  if (b && typeof b === 'object' && !Array.isArray(b) && omit.length) {
    b = Object.fromEntries(Object.entries(b as Record<string, unknown>).filter(([k]) => !omit.includes(k)));
  }
  return crypto.createHash('sha256').update(`${method} ${path}\n${canonicalJson(b)}`).digest('hex');
}

/** Requires the Idempotency-Key header and fingerprints the request; `omit`: body fields left out (secrets). */
export function idempotency(options: { omit?: readonly string[] } = {}) {
  return createMiddleware(async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (!key) throw validationError({ [IDEMPOTENCY_HEADER]: 'Required: a unique key per money-moving request (e.g. a UUID).' }, 'Idempotency-Key header is required.');
    if (!KEY_PATTERN.test(key)) throw validationError({ [IDEMPOTENCY_HEADER]: 'At most 255 visible ASCII characters.' }, 'Invalid Idempotency-Key header.');
    let body: unknown = null;
    if (c.req.header('content-type')?.includes('application/json')) {
      try {
        body = await c.req.json();
      } catch {
        throw validationError({ body: 'Malformed JSON body' });
      }
    }
    contexts.set(c.req.raw, { key, requestHash: requestFingerprint(c.req.method, c.req.path, body, options.omit) });
    startPurgeTimer();
    await next();
  });
}

export function idempotencyOf(c: Context): IdempotencyContext {
  const ctx = contexts.get(c.req.raw);
  if (!ctx) throw new Error('idempotency() middleware missing on this route');
  return ctx;
}

export interface StoredResponse { status: number; body: unknown; replayed: boolean }

/**
 * Claim + work + store in one database transaction on one connection (see the file comment).
 * `work` runs on `client` inside the transaction and returns the answer to store.
 */
export async function runIdempotent(
  userId: string, ctx: IdempotencyContext, work: (client: pg.PoolClient) => Promise<{ status: number; body: unknown }>,
): Promise<StoredResponse> {
  const client = await getPool().connect();
  try {
    await beginTracked(client);
    const claim = await client.query(
      `INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES ($1, $2, $3) ON CONFLICT (user_id, key) DO NOTHING`,
      [userId, ctx.key, ctx.requestHash]);
    if (claim.rowCount === 0) {
      const { rows } = await client.query<{ request_hash: string; response_status: number | null; response_body: unknown }>(
        'SELECT request_hash, response_status, response_body FROM idempotency_keys WHERE user_id = $1 AND key = $2', [userId, ctx.key]);
      await commitTracked(client);
      const prev = rows[0]!;
      if (prev.request_hash !== ctx.requestHash) throw mismatch();
      if (prev.response_status == null) throw ledgerAnswer({ code: 'IDEMPOTENCY_IN_FLIGHT', details: { retry_after: 1 } });
      metrics.idempotency.inc({ outcome: 'replay' });
      return { status: prev.response_status, body: prev.response_body, replayed: true };
    }
    let answer: { status: number; body: unknown };
    try {
      answer = await work(client);
    } catch (err) {
      await client.query('ROLLBACK');
      forgetTracked(client);
      const e = toAppError(err);
      if (e.status >= 500) throw e;
      // Store the refusal so a retry gets the same answer (its work was rolled back with the claim).
      const body = errorBody(e);
      await client.query(
        `INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id, key) DO NOTHING`, [userId, ctx.key, ctx.requestHash, e.status, JSON.stringify(body)]);
      throw e;
    }
    await client.query('UPDATE idempotency_keys SET response_status = $3, response_body = $4 WHERE user_id = $1 AND key = $2',
      [userId, ctx.key, answer.status, JSON.stringify(answer.body)]);
    await commitTracked(client);
    return { ...answer, replayed: false };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    forgetTracked(client);
    client.release();
  }
}

export const mismatch = () => {
  metrics.idempotency.inc({ outcome: 'conflict' });
  return ledgerAnswer({ code: 'IDEMPOTENCY_MISMATCH' });
};

/** Deletes keys older than the retention (24 hours). Returns how many went. */
export async function purgeExpiredKeys(): Promise<number> {
  const { rowCount } = await getPool().query(`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)`, [KEY_TTL_HOURS]);
  return rowCount ?? 0;
}

let timer: NodeJS.Timeout | undefined;
function startPurgeTimer() {
  if (timer) return;
  timer = setInterval(() => { purgeExpiredKeys().catch((err) => logger.warn({ err }, 'idempotency purge failed')); }, 3600_000);
  timer.unref();
}
