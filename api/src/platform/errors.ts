import crypto from 'node:crypto';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { sqlState } from './db/sql-state.js';
import { logger } from './logger.js';
import { markError } from './tracing/index.js';

/** Error codes of the envelope (docs/decisions.md "API conventions"). */
export type ErrorCode =
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'INSUFFICIENT_FUNDS'
  | 'LIMIT_EXCEEDED'
  | 'PIN_INCORRECT'
  | 'PIN_NOT_SET'
  | 'PIN_LOCKED'
  | 'IDEMPOTENCY_MISMATCH'
  | 'RATE_LIMITED'
  | 'QUOTA_EXCEEDED'
  | 'UNAVAILABLE'
  | 'INTERNAL'
  | 'MISDIRECTED_REQUEST'
  | 'SECOND_FACTOR_REQUIRED'
  | 'STEP_UP_REQUIRED'
  | 'SECOND_FACTOR_SETUP_REQUIRED';

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  details?: unknown;
}

/** An error whose message is safe to show to the caller. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const validationError = (fields: Record<string, string>, message = 'Invalid request') =>
  new AppError(400, 'VALIDATION', message, { fields });
export const unauthenticated = (message = 'Not authenticated') => new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'Forbidden') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, details?: unknown) => new AppError(409, 'CONFLICT', message, details);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError(
    429,
    'RATE_LIMITED',
    message,
    { retry_after: retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );

/** zod issues -> { "<dotted.path>": reason }; the first reason per field wins. */
export function zodFields(err: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** A refusal of the ledger (prisma/sql/ledger.sql, money.sql): its code and the figures its answer needs. */
export interface LedgerRefusal {
  code: string;
  details?: Record<string, unknown> | null;
}
type Figures = Record<string, unknown>;

const fieldRefusal = (field: string, message: string, status: 400 | 404 = 400) =>
  new AppError(status, status === 400 ? 'VALIDATION' : 'NOT_FOUND', message, { fields: { [field]: message } });
const withRetryAfter = (status: 409 | 423, code: ErrorCode, message: string, d: Figures) =>
  new AppError(status, code, message, d, { 'Retry-After': String(d.retry_after) });
const PERIOD_WINDOW: Record<string, string> = {
  daily: 'today',
  weekly: 'in the last 7 days',
  monthly: 'in the last 30 days',
};

function insufficientFunds(d: Figures): AppError {
  const message = `You do not have enough ${String(d.symbol)}.`;
  return new AppError(409, 'INSUFFICIENT_FUNDS', message, {
    title: 'Insufficient Balance',
    ...d,
    fields: { amount: message },
  });
}

function limitExceeded(d: Figures): AppError {
  const period = String(d.period);
  const message = `This transfer would exceed your ${period} transaction limit of $${String(d.limit_usd)}. You can still send $${String(d.remaining_usd)} ${PERIOD_WINDOW[period] ?? ''}.`;
  return new AppError(409, 'LIMIT_EXCEEDED', message, { title: 'Limit Exceeded', ...d, fields: { amount: message } });
}

export const STEP_UP_MESSAGE = 'Confirm it is you with your passkey or authenticator app first.';

/**
 * The one mapping from the ledger's refusal codes to the answers users get (status, code, the
 * specification's words). SQL returns these codes (wallet_send, pin_attempt, the quotes) or raises
 * them as SQLSTATEs (LEDGER_SQLSTATES); it never decides a status or a sentence.
 */
const LEDGER_ANSWERS: Record<string, (d: Figures) => AppError> = {
  UNKNOWN_ASSET: () => fieldRefusal('assetSymbol', 'Unknown asset.'),
  AMOUNT_NOT_POSITIVE: () => fieldRefusal('amount', 'Amount must be greater than zero.'),
  AMOUNT_SCALE: (d) =>
    fieldRefusal('amount', `${String(d.symbol)} amounts allow at most ${String(d.scale)} decimal places.`),
  BAD_PARTIES: () => fieldRefusal('recipient', 'A payment needs one payer and one different receiver.'),
  FEE_NOT_BELOW_AMOUNT: () => fieldRefusal('amount', 'The amount must be more than its fee.'),
  RECIPIENT_NOT_FOUND: (d) =>
    new AppError(404, 'NOT_FOUND', 'Recipient not found.', {
      fields: { [String(d.field)]: 'No user with this e-mail address.' },
    }),
  SELF_SEND: () => fieldRefusal('recipientEmail', 'You cannot send money to yourself.'),
  PROFILE_NOT_FOUND: () => notFound('Profile not found.'),
  REQUEST_NOT_FOUND: () => notFound('Payment request not found.'),
  REQUEST_NOT_PENDING: (d) => conflict(`This payment request is already ${String(d.status)}.`, { status: d.status }),
  IDEMPOTENCY_MISMATCH: () =>
    new AppError(422, 'IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was already used with a different request.'),
  IDEMPOTENCY_IN_FLIGHT: (d) =>
    withRetryAfter(409, 'CONFLICT', 'A request with this Idempotency-Key is still being processed.', d),
  PIN_NOT_SET: () =>
    new AppError(403, 'PIN_NOT_SET', 'Please set up a transaction PIN in your profile first.', {
      title: 'PIN Not Set',
    }),
  PIN_INCORRECT: (d) => new AppError(403, 'PIN_INCORRECT', 'The PIN you entered is incorrect.', d),
  PIN_INCORRECT_LOCKED: (d) =>
    withRetryAfter(423, 'PIN_LOCKED', 'The PIN you entered is incorrect. Your PIN is now locked for 15 minutes.', d),
  PIN_LOCKED: (d) =>
    withRetryAfter(
      423,
      'PIN_LOCKED',
      `Your PIN is locked after 5 incorrect attempts. Try again in ${Math.ceil(Number(d.retry_after) / 60)} minute(s).`,
      d,
    ),
  INSUFFICIENT_FUNDS: insufficientFunds,
  LIMIT_EXCEEDED: limitExceeded,
  STEP_UP_REQUIRED: () => new AppError(403, 'STEP_UP_REQUIRED', STEP_UP_MESSAGE), // money_step_up_refusal
  HOLD_MISMATCH: () => conflict('This is already held in another asset or for another payer.'),
  NOTHING_HELD: () => notFound('Nothing is held for this.'),
  MORE_THAN_HELD: () => conflict('That is more than is held.'),
};

// SQLSTATEs raised by the ledger functions (prisma/sql/ledger.sql) -> refusal codes; the DETAIL of
// those with figures is a JSON object. Others (LD005 a missing system account, LD011, LD033) are
// the code's mistakes, not the user's: they stay 500s.
const LEDGER_SQLSTATES: Record<string, string> = {
  LD001: 'AMOUNT_NOT_POSITIVE',
  LD002: 'AMOUNT_SCALE',
  LD003: 'UNKNOWN_ASSET',
  LD004: 'BAD_PARTIES',
  LD006: 'FEE_NOT_BELOW_AMOUNT',
  LD010: 'INSUFFICIENT_FUNDS',
  LD030: 'HOLD_MISMATCH',
  LD031: 'NOTHING_HELD',
  LD032: 'MORE_THAN_HELD',
  LD040: 'LIMIT_EXCEEDED',
};

/** The answer to a refusal of the ledger; an unknown code is a programming error (500). */
export function ledgerAnswer(refusal: LedgerRefusal): AppError {
  const answer = LEDGER_ANSWERS[refusal.code];
  if (!answer) throw new Error(`no answer for the ledger's refusal ${refusal.code}`);
  return answer(refusal.details ?? {});
}

/** A raised ledger SQLSTATE as its refusal (DETAIL parsed when it is a JSON object), or undefined. */
function raisedRefusal(e: { code?: unknown; detail?: unknown }): LedgerRefusal | undefined {
  const code = typeof e.code === 'string' ? LEDGER_SQLSTATES[e.code] : undefined;
  if (!code) return undefined;
  const detail =
    typeof e.detail === 'string' && e.detail.startsWith('{') ? (JSON.parse(e.detail) as Figures) : undefined;
  return { code, details: detail };
}

/** The JSON body of an error answer: { error, code, details? }. */
export const errorBody = (e: AppError): ErrorBody => ({
  error: e.message,
  code: e.code,
  ...(e.details !== undefined ? { details: e.details } : {}),
});

const SOCKET_ERRORS = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'];
/** Prisma's names for the same: unreachable, timed out, connection closed, no pooled connection in time. */
const PRISMA_CONNECTION_ERRORS = ['P1001', 'P1002', 'P1008', 'P1017', 'P2024'];

/**
 * The database is down, restarting or not answering: a 503 with Retry-After tells clients (and the
 * shell's retry on 502/503/504) to try again, instead of a 500 that reads as a bug. SQLSTATE classes
 * 08 (connection exception) and 57P (operator intervention), 25006 (a write reached a server that
 * Patroni just demoted: the new primary takes the retry), socket errors (also as Prisma reports them),
 * and pg's client timeouts.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  // Prisma carries the driver's error in meta.driverAdapterError (its cause has the SQLSTATE), pg in cause
  type Link = { code?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
  for (
    let e = err as Link | undefined, depth = 0;
    e && depth < 4;
    e = (e.cause ?? e.meta?.driverAdapterError) as Link | undefined, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (
      /^(08|57P)/.test(code) ||
      code === '53300' ||
      code === '25006' ||
      [...SOCKET_ERRORS, ...PRISMA_CONNECTION_ERRORS].includes(code)
    )
      return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|the database system is (starting up|shutting down)/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}

export const unavailable = () =>
  new AppError(503, 'UNAVAILABLE', 'The service is temporarily unavailable. Please try again in a moment.', undefined, {
    'Retry-After': '2',
  });

/** Maps anything thrown to an AppError; unknown errors become a logged 500 with an id. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return validationError(zodFields(err));
  if (err instanceof HTTPException) {
    if (err.status === 400) return validationError({ body: err.message || 'Malformed request body' });
    if (err.status === 401) return unauthenticated(err.message || undefined);
    return new AppError(err.status as ContentfulStatusCode, err.status === 404 ? 'NOT_FOUND' : 'INTERNAL', err.message);
  }
  const e = err as { code?: unknown; message?: string; detail?: string; meta?: unknown };
  if (typeof e?.code === 'string') {
    const refusal = raisedRefusal(e);
    if (refusal) return ledgerAnswer(refusal);
    // Prisma: record not found / unique violation.
    if (e.code === 'P2025') return notFound();
    if (e.code === 'P2002') return conflict('Already exists');
  }
  // PostgreSQL's unique / foreign key violations, whichever client ran the statement.
  const state = sqlState(err);
  if (state === '23505') return conflict('Already exists');
  if (state === '23503') return conflict('Referenced record does not exist or is still in use');
  // Text PostgreSQL cannot store (a NUL byte, invalid UTF-8): bad input, not a server error (found by test/security).
  if (state === '22021' || state === '22P05')
    return validationError(
      { _: 'Text contains characters that are not allowed' },
      'Text contains characters that are not allowed',
    );
  if (isDatabaseUnavailable(err)) {
    logger.warn({ err }, 'database unavailable');
    return unavailable();
  }
  const errorId = crypto.randomUUID();
  logger.error({ err, errorId }, 'unhandled error');
  markError(errorId, err);
  return new AppError(500, 'INTERNAL', 'An unexpected error occurred.', { errorId });
}

export function errorResponse(c: Context, err: unknown): Response {
  const e = toAppError(err);
  return c.json(errorBody(e), e.status, e.headers);
}
