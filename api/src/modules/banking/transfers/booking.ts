import type pg from 'pg';
import { Prisma } from '../../../platform/db/prisma.js';
import { hold, postTransfer, refund, release } from '../../../platform/ledger/index.js';
import type { LockedTransfer } from './locked.js';

/**
 * What a bank transfer does to the ledger (prisma/sql/banking.sql BK1, BK2). Every function runs in
 * the caller's database transaction, with the transfer's row locked (FOR UPDATE) first, and returns
 * the ledger transaction's id for the row.
 */
export type BookedTransfer = Pick<
  LockedTransfer,
  'id' | 'userId' | 'direction' | 'amount' | 'fee' | 'institutionName' | 'accountMask' | 'asset'
>;
const reference = (t: { id: string }) => ({ type: 'withdrawal', id: t.id });
const bank = (t: BookedTransfer) => `${t.institutionName}${t.accountMask ? ` ••${t.accountMask}` : ''}`;

/** Withdrawal requested: amount + fee leave the wallet into escrow (LD010 when the wallet has less). */
export async function holdWithdrawal(db: pg.ClientBase, t: BookedTransfer) {
  const total = t.amount.plus(t.fee).toFixed();
  return (
    await hold(db, {
      reference: reference(t),
      payerId: t.userId,
      assetSymbol: t.asset.symbol,
      amount: total,
      description: `Withdrawal to ${bank(t)}`,
    })
  ).transactionId;
}

/** Declined, or failed / returned before settling: a withdrawal's hold goes back whole; a deposit moved nothing. */
export async function undoUnsettled(db: pg.ClientBase, t: BookedTransfer, why: string) {
  if (t.direction === 'deposit') return null;
  return (await refund(db, { reference: reference(t), description: `Withdrawal to ${bank(t)} not made: ${why}` }))
    .transactionId;
}

/** Settled: a deposit credits the wallet; a withdrawal's hold is paid out to the bank with its quoted fee. */
export async function bookSettled(db: pg.PoolClient, t: BookedTransfer) {
  const amount = t.amount.toFixed();
  if (t.direction === 'deposit') {
    return (
      await postTransfer({
        type: 'deposit',
        assetSymbol: t.asset.symbol,
        from: { system: 'deposits' },
        to: { userId: t.userId },
        amount,
        description: `Deposit from ${bank(t)}`,
        client: db,
      })
    ).transactionId;
  }
  return (
    await release(db, {
      reference: reference(t),
      to: { system: 'withdrawals' },
      amount,
      fee: t.fee.toFixed(),
      feeType: 'withdrawal',
      description: `Withdrawal to ${bank(t)}`,
    })
  ).transactionId;
}

/**
 * Returned after settling. A withdrawal's amount comes back to the wallet (the fee stays: the spec's
 * FAQ, no refunds of service fees; the instant transfer was made). A deposit's credit is taken back as
 * far as the wallet still holds it; what it no longer holds is the shortfall, for the operators.
 */
export async function undoSettled(
  db: pg.PoolClient,
  t: BookedTransfer,
  why: string,
): Promise<{ transactionId: string | null; shortfall: Prisma.Decimal }> {
  const symbol = t.asset.symbol;
  if (t.direction === 'withdrawal') {
    const back = await postTransfer({
      type: 'bank_reversal',
      assetSymbol: symbol,
      from: { system: 'withdrawals' },
      to: { userId: t.userId },
      amount: t.amount.toFixed(),
      description: `Withdrawal to ${bank(t)} returned: ${why}`,
      client: db,
    });
    return { transactionId: back.transactionId, shortfall: new Prisma.Decimal(0) };
  }
  // a locking read of the wallet (FOR UPDATE): SQL
  const { rows } = await db.query<{ balance: string }>(
    `SELECT w.balance::text FROM user_wallets w JOIN assets a ON a.id = w.asset_id WHERE w.user_id = $1 AND a.symbol = $2 FOR UPDATE OF w`,
    [t.userId, symbol],
  );
  const take = Prisma.Decimal.min(new Prisma.Decimal(rows[0]?.balance ?? 0), t.amount);
  const shortfall = t.amount.minus(take);
  if (take.lte(0)) return { transactionId: null, shortfall };
  const back = await postTransfer({
    type: 'bank_reversal',
    assetSymbol: symbol,
    from: { userId: t.userId },
    to: { system: 'deposits' },
    amount: take.toFixed(),
    description: `Deposit from ${bank(t)} returned: ${why}`,
    client: db,
  });
  return { transactionId: back.transactionId, shortfall };
}
