import type pg from 'pg';
import { getPool } from '../db/pool.js';
import { afterCommit } from '../db/transaction.js';
import { metrics } from '../metrics/index.js';
import {
  postTransfer as postTransferQuery,
  quoteFee as quoteFeeQuery,
  type IQuoteFeeResult,
} from './post-transfer.queries.js';

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

const userOf = (p: Party) => ('userId' in p ? p.userId : null);
const systemOf = (p: Party) => ('system' in p ? p.system : null);

/** Posts a completed movement atomically; throws (SQLSTATE LD0xx) without changing anything on failure. */
export async function postTransfer(req: TransferRequest): Promise<PostedTransfer> {
  // Format check only; the database checks the sign and the asset's scale (L5).
  if (!DECIMAL.test(req.amount)) throw Object.assign(new Error('amount must be a decimal string'), { code: 'LD001' });
  const db = req.client ?? getPool();
  const rows = await postTransferQuery.run(
    {
      type: req.type,
      assetSymbol: req.assetSymbol,
      fromUser: userOf(req.from),
      fromSystem: systemOf(req.from),
      toUser: userOf(req.to),
      toSystem: systemOf(req.to),
      amount: req.amount,
      description: req.description,
    },
    db,
  );
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
): Promise<IQuoteFeeResult | null> {
  const [quote] = await quoteFeeQuery.run({ type, assetSymbol, amount }, getPool());
  return quote ?? null;
}
