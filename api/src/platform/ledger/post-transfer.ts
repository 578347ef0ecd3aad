import type pg from 'pg';
import { getPool } from '../db/pool.js';
import { afterCommit } from '../db/transaction.js';
import { metrics } from '../metrics/index.js';

export type TransactionType =
  | 'p2p_transfer'
  | 'deposit'
  | 'withdrawal'
  | 'milestone_payment'
  | 'investment'
  | 'invoice_payment'
  | 'payment_request_payment'
  | 'escrow_hold'
  | 'escrow_refund'
  | 'bank_reversal';

/** One side of a movement: a user's wallet in the asset, or a platform system account. */
export type Party = { userId: string } | { system: 'deposits' | 'withdrawals' | 'escrow' };

export interface TransferRequest {
  type: TransactionType;
  assetSymbol: string;
  from: Party;
  to: Party;
  /** Decimal string, at most the asset's scale (e.g. "12.50" for USD). Never a JS number. */
  amount: string;
  description?: string | null;
  /** Run inside the caller's transaction instead of taking a pool connection. */
  client?: pg.PoolClient;
}

export interface PostedTransfer {
  transactionId: string;
  createdAt: Date;
  amount: string;
  fee: string;
  /** Sender's balance after the transfer; null when the sender is a system account. */
  senderBalance: string | null;
}

const DECIMAL = /^(?:0|[1-9]\d{0,19})(?:\.\d{1,18})?$/;

const POST_SQL =
  'SELECT transaction_id, created_at, amount::text, fee::text, sender_balance::text FROM ledger_post_transfer($1, $2, $3, $4, $5, $6, $7::numeric, $8)';

const userOf = (p: Party) => ('userId' in p ? p.userId : null);
const systemOf = (p: Party) => ('system' in p ? p.system : null);

/** Posts a completed movement atomically; throws (SQLSTATE LD0xx) without changing anything on failure. */
export async function postTransfer(req: TransferRequest): Promise<PostedTransfer> {
  // Format check only; the database checks the sign and the asset's scale (L5).
  if (!DECIMAL.test(req.amount)) throw Object.assign(new Error('amount must be a decimal string'), { code: 'LD001' });
  const db = req.client ?? getPool();
  const { rows } = await db.query<{
    transaction_id: string;
    created_at: Date;
    amount: string;
    fee: string;
    sender_balance: string | null;
  }>(POST_SQL, [
    req.type,
    req.assetSymbol,
    userOf(req.from),
    systemOf(req.from),
    userOf(req.to),
    systemOf(req.to),
    req.amount,
    req.description ?? null,
  ]);
  const row = rows[0]!;
  afterCommit(db, () => metrics.ledgerTransactions.inc({ type: req.type }));
  return {
    transactionId: row.transaction_id,
    createdAt: row.created_at,
    amount: row.amount,
    fee: row.fee,
    senderBalance: row.sender_balance,
  };
}

/** The fee the ledger would charge, to show before the user confirms. */
export async function quoteFee(
  type: TransactionType,
  assetSymbol: string,
  amount: string,
): Promise<{ fee: string; bearer: 'sender' | 'receiver' } | null> {
  const { rows } = await getPool().query<{ fee: string; bearer: 'sender' | 'receiver' }>(
    `SELECT q.fee::text, q.bearer FROM assets a, ledger_quote_fee($1, a.id, $3::numeric) q WHERE a.symbol = $2`,
    [type, assetSymbol, amount],
  );
  return rows[0] ?? null;
}
