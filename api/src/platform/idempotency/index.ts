/**
 * Idempotency for money-moving requests (docs/architecture.md "The money model").
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
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { createMiddleware } from 'hono/factory';
import { getPrisma, Prisma } from '../db/prisma.js';
import { inTransaction, type TransactionWork } from '../db/transaction.js';
import { AppError, errorBody, ledgerAnswer, toAppError, validationError, type ErrorBody } from '../errors.js';
import type { IdempotencyKey } from '../../generated/prisma/client.js';
import { logger } from '../logger.js';
import { metrics } from '../metrics/index.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const KEY_TTL_HOURS = 24;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyContext {
  key: string;
  requestHash: string;
}
const contexts = new WeakMap<Request, IdempotencyContext>();

/** JSON with object keys sorted, so { a, b } and { b, a } fingerprint the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`)
    .join(',')}}`;
}

export function requestFingerprint(method: string, path: string, body: unknown, omit: readonly string[] = []): string {
  let b = body;
  if (b && typeof b === 'object' && !Array.isArray(b) && omit.length) {
    b = Object.fromEntries(Object.entries(b as Record<string, unknown>).filter(([k]) => !omit.includes(k)));
  }
  return crypto
    .createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(b)}`)
    .digest('hex');
}

/** Requires the Idempotency-Key header and fingerprints the request; `omit`: body fields left out (secrets). */
export function idempotency(options: { omit?: readonly string[] } = {}) {
  return createMiddleware(async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (!key)
      throw validationError(
        { [IDEMPOTENCY_HEADER]: 'Required: a unique key per money-moving request (e.g. a UUID).' },
        'Idempotency-Key header is required.',
      );
    if (!KEY_PATTERN.test(key))
      throw validationError(
        { [IDEMPOTENCY_HEADER]: 'At most 255 visible ASCII characters.' },
        'Invalid Idempotency-Key header.',
      );
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

/** A refusal stored under the key by an earlier run: its error body and 4xx status. */
interface StoredRefusal {
  status: ContentfulStatusCode;
  body: ErrorBody;
  replayed: true;
}

/** The work's answer, or a refusal stored under the key by an earlier run (replayed as it was answered). */
export type StoredResponse<S extends number = ContentfulStatusCode, B = unknown> =
  { status: S; body: B; replayed: boolean } | StoredRefusal;

/** What a handler answers: the work's answer; a stored refusal is thrown again as the error it was (the error handler answers it). */
export function answerOrRefusal<S extends number, B>(
  answer: StoredResponse<S, B>,
): { status: S; body: B; replayed: boolean } {
  if (!isStoredRefusal(answer)) return answer;
  const { error, code, details } = answer.body;
  throw new AppError(answer.status, code, error, details);
}
const isStoredRefusal = (a: StoredResponse<number, unknown>): a is StoredRefusal => a.replayed && a.status >= 400;

/** The work's refusal (4xx): its writes are rolled back with the claim, then the refusal is stored. */
class Refused extends Error {
  constructor(readonly answer: AppError) {
    super(answer.message);
  }
}

/**
 * Claim + work + store in one database transaction on one connection (see the file comment).
 * `work` runs inside that transaction (`db` for SQL, `tx` for Prisma) and returns the answer to store.
 */
export async function runIdempotent<S extends number, B>(
  userId: string,
  ctx: IdempotencyContext,
  work: TransactionWork<{ status: S; body: B }>,
): Promise<StoredResponse<S, B>> {
  const id = { userId_key: { userId, key: ctx.key } };
  try {
    return await inTransaction(async (db, tx) => {
      // A duplicate in flight holds the key's row: this insert waits for it to commit, then skips.
      const { count } = await tx.idempotencyKey.createMany({
        data: { userId, key: ctx.key, requestHash: ctx.requestHash },
        skipDuplicates: true,
      });
      if (count === 0) return replay<S, B>(await tx.idempotencyKey.findUniqueOrThrow({ where: id }), ctx);
      const answer = await work(db, tx).catch((err: unknown) => {
        const e = toAppError(err);
        throw e.status >= 500 ? e : new Refused(e);
      });
      await tx.idempotencyKey.update({
        where: id,
        data: { responseStatus: answer.status, responseBody: toJson(answer.body) },
      });
      return { ...answer, replayed: false };
    });
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    // Store the refusal so a retry gets the same answer (its work was rolled back with the claim).
    await getPrisma().idempotencyKey.createMany({
      data: {
        userId,
        key: ctx.key,
        requestHash: ctx.requestHash,
        responseStatus: err.answer.status,
        responseBody: toJson(errorBody(err.answer)),
      },
      skipDuplicates: true,
    });
    throw err.answer;
  }
}

/**
 * The stored answer of a key claimed before; another body under the same key is refused. A stored
 * answer is the JSON of what this route answered for the same key and request, so it has the route's
 * answer type again (a refusal: an error body with its 4xx status).
 */
function replay<S extends number, B>(prev: IdempotencyKey, ctx: IdempotencyContext): StoredResponse<S, B> {
  if (prev.requestHash !== ctx.requestHash) throw mismatch();
  if (prev.responseStatus == null) throw ledgerAnswer({ code: 'IDEMPOTENCY_IN_FLIGHT', details: { retry_after: 1 } });
  metrics.idempotency.inc({ outcome: 'replay' });
  return { status: prev.responseStatus, body: prev.responseBody, replayed: true } as StoredResponse<S, B>;
}

/** An answer as stored in the jsonb column: the JSON the client received (dates as strings, undefined dropped). */
const toJson = (body: unknown): Prisma.InputJsonValue | typeof Prisma.DbNull =>
  body === undefined || body === null ? Prisma.DbNull : JSON.parse(JSON.stringify(body));

export const mismatch = () => {
  metrics.idempotency.inc({ outcome: 'conflict' });
  return ledgerAnswer({ code: 'IDEMPOTENCY_MISMATCH' });
};

/** Deletes keys older than the retention (24 hours). Returns how many went. */
export async function purgeExpiredKeys(): Promise<number> {
  const { count } = await getPrisma().idempotencyKey.deleteMany({
    where: { createdAt: { lt: new Date(Date.now() - KEY_TTL_HOURS * 3600_000) } },
  });
  return count;
}

let timer: NodeJS.Timeout | undefined;
function startPurgeTimer() {
  if (timer) return;
  timer = setInterval(() => {
    purgeExpiredKeys().catch((err) => logger.warn({ err }, 'idempotency purge failed'));
  }, 3600_000);
  timer.unref();
}
