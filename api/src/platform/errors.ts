import crypto from 'node:crypto';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { logger } from './logger.js';
import { markError } from './tracing/index.js';

/** Error codes of the envelope (docs/decisions.md "API conventions"). */
export type ErrorCode =
  | 'VALIDATION' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT'
  | 'INSUFFICIENT_FUNDS' | 'IDEMPOTENCY_MISMATCH' | 'LIMIT_EXCEEDED' | 'RATE_LIMITED' | 'QUOTA_EXCEEDED' | 'UNAVAILABLE' | 'INTERNAL';

export interface ErrorBody { error: string; code: ErrorCode; details?: unknown }

/** An error whose message is safe to show to the caller. */
export class AppError extends Error {
  constructor(readonly status: ContentfulStatusCode, readonly code: ErrorCode, message: string, readonly details?: unknown, readonly headers?: Record<string, string>) {
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
  new AppError(429, 'RATE_LIMITED', message, { retry_after: retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) });

/** zod issues -> { "<dotted.path>": reason }; the first reason per field wins. */
export function zodFields(err: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

// SQLSTATEs raised by the ledger functions (prisma/sql/ledger.sql).
const LEDGER_ERRORS: Record<string, { status: ContentfulStatusCode; code: ErrorCode; field?: string }> = {
  LD001: { status: 400, code: 'VALIDATION', field: 'amount' },
  LD002: { status: 400, code: 'VALIDATION', field: 'amount' },
  LD003: { status: 400, code: 'VALIDATION', field: 'assetSymbol' },
  LD004: { status: 400, code: 'VALIDATION', field: 'recipient' },
  LD006: { status: 400, code: 'VALIDATION', field: 'amount' },
  LD010: { status: 409, code: 'INSUFFICIENT_FUNDS' },
  LD030: { status: 409, code: 'CONFLICT' },
  LD031: { status: 404, code: 'NOT_FOUND' },
  LD032: { status: 409, code: 'CONFLICT' },
};

/**
 * The database is down, restarting or not answering: a 503 with Retry-After tells clients (and the
 * shell's retry on 502/503/504) to try again, instead of a 500 that reads as a bug. SQLSTATE classes
 * 08 (connection exception) and 57P (operator intervention), socket errors, and pg's client timeouts.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (/^(08|57P)/.test(code) || code === '53300' || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code)) return true;
    if (/Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|the database system is (starting up|shutting down)/i.test(message)) return true;
  }
  return false;
}

export const unavailable = () =>
  new AppError(503, 'UNAVAILABLE', 'The service is temporarily unavailable. Please try again in a moment.', undefined, { 'Retry-After': '2' });

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
    const ledger = LEDGER_ERRORS[e.code];
    if (ledger) {
      const message = e.code === 'LD010' ? 'Insufficient balance' : (e.message ?? 'Invalid transfer');
      return new AppError(ledger.status, ledger.code, message, ledger.field ? { fields: { [ledger.field]: message } } : undefined);
    }
    // Prisma: record not found / unique violation; pg: unique / foreign key / check violation.
    if (e.code === 'P2025') return notFound();
    if (e.code === 'P2002' || e.code === '23505') return conflict('Already exists');
    if (e.code === '23503') return conflict('Referenced record does not exist or is still in use');
    // Text PostgreSQL cannot store (a NUL byte, invalid UTF-8): bad input, not a server error (found by test/security).
    if (e.code === '22021' || e.code === '22P05') return validationError({ _: 'Text contains characters that are not allowed' }, 'Text contains characters that are not allowed');
  }
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
  const body: ErrorBody = { error: e.message, code: e.code, ...(e.details !== undefined ? { details: e.details } : {}) };
  return c.json(body, e.status, e.headers);
}
