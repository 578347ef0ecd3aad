import { getPool } from '../db/pool.js';
import { pinProof } from '../pin/index.js';

/**
 * A user sends money to another user (perform-p2p-transfer), or pays a payment request: PIN,
 * limits, balance, idempotency and the ledger posting in ONE round trip (SQL wallet_send() in
 * migration 20260103000100_money_core). Answers are HTTP-ready: (status, body) where body is the
 * success body { transaction, fee, total, sender_balance } or the error envelope. Business failures
 * are answers, not exceptions; only an unexpected database error throws.
 */
export interface SendRequest {
  senderId: string;
  recipientEmail?: string | null;
  recipientId?: string | null;
  /** Ignored when paying a request (the request fixes asset, amount, recipient and description). */
  assetSymbol?: string | null;
  amount?: string | null;
  description?: string | null;
  pin: string;
  paymentRequestId?: string | null;
  idempotency?: { key: string; requestHash: string } | null;
}

/** `json`: the answer's JSON text as PostgreSQL wrote it (sent as is: no parse and re-serialise on the hot path). */
export interface SendAnswer { status: number; json: string; replayed: boolean; retryAfter: number | null }

const SEND_SQL = `SELECT status, body::text AS json, replayed, (body->'details'->>'retry_after')::int AS "retryAfter" FROM wallet_send($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`;

export async function sendMoney(req: SendRequest): Promise<SendAnswer> {
  const { rows } = await getPool().query<SendAnswer>({
    name: 'wallet_send',
    text: SEND_SQL,
    values: [
      req.senderId, req.recipientEmail ?? null, req.recipientId ?? null, req.assetSymbol ?? null, req.amount ?? null,
      req.description ?? null, pinProof(req.senderId, req.pin), req.idempotency?.key ?? null,
      req.idempotency?.requestHash ?? null, req.paymentRequestId ?? null,
    ],
  });
  return rows[0]!;
}
