import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { getPool } from '../db/pool.js';
import { AppError, type ErrorCode } from '../errors.js';

/** What a send would do, asked before the PIN: the recipient by e-mail or id (optional) and the amount of an asset. */
export interface SendCheck { recipientEmail?: string | null; recipientId?: string | null; assetSymbol: string; amount: string }

export interface SendQuote {
  asset_symbol: string; amount: string; fee: string; total: string;
  recipient: { id: string; full_name: string | null } | null;
}

/**
 * The send rule without the PIN and without moving money (SQL wallet_send_quote, prisma/sql/money.sql):
 * the quote, or exactly the refusal (status, code, message, field) that the send would give.
 */
export async function quoteSend(senderId: string, q: SendCheck): Promise<SendQuote> {
  const { rows } = await getPool().query<{ status: number; body: SendQuote | { error: string; code: ErrorCode; details?: unknown } }>(
    'SELECT status, body FROM wallet_send_quote($1, $2, $3, $4, $5)',
    [senderId, q.recipientEmail ?? null, q.recipientId ?? null, q.assetSymbol, q.amount]);
  const { status, body } = rows[0]!;
  if (status === 200) return body as SendQuote;
  const refusal = body as { error: string; code: ErrorCode; details?: unknown };
  throw new AppError(status as ContentfulStatusCode, refusal.code, refusal.error, refusal.details);
}
