import type pg from 'pg';
import { Prisma } from '../../../platform/db/prisma.js';
import { AppError } from '../../../platform/errors.js';

/**
 * How much one user may add from their banks (docs/decisions.md "Deposit limits"), in US dollars
 * (deposits are USD only), over rolling windows: the last 24 hours and the last 7 days. Every deposit
 * the bank has not refused counts from the moment it is requested: requested, pending, posted,
 * settled, funds available, and returned too (a return is no reason to pull again). Declined and
 * failed ones moved nothing and do not count.
 */
export const DEPOSIT_LIMITS = [
  { period: 'daily', hours: 24, limit: '2500.00', window: 'in 24 hours' },
  { period: 'weekly', hours: 7 * 24, limit: '10000.00', window: 'in 7 days' },
] as const;
export type DepositPeriod = (typeof DEPOSIT_LIMITS)[number]['period'];

/** One window: dollars as decimal strings ('2500.00'), and as the messages write them ('2,500.00', money_usd in prisma/sql/money.sql). */
export interface DepositRoom {
  period: DepositPeriod;
  limit: string;
  used: string;
  remaining: string;
  shown: { limit: string; remaining: string };
}

/** The user's room under each limit now (one index range scan of the user's transfers per window). */
export async function depositRoom(db: pg.Pool | pg.ClientBase, userId: string): Promise<DepositRoom[]> {
  // sums per window and money_usd() in one statement: SQL
  const { rows } = await db.query<{
    period: DepositPeriod;
    limit_usd: string;
    used: string;
    remaining: string;
    limit_shown: string;
    remaining_shown: string;
  }>(
    `SELECT w.period, w.lim::numeric(38,2)::text AS limit_usd, u.used::numeric(38,2)::text AS used,
            greatest(w.lim - u.used, 0)::numeric(38,2)::text AS remaining,
            money_usd(w.lim) AS limit_shown, money_usd(greatest(w.lim - u.used, 0)) AS remaining_shown
       FROM unnest($2::text[], $3::int[], $4::numeric[]) WITH ORDINALITY AS w(period, hours, lim, n)
       CROSS JOIN LATERAL (
         SELECT coalesce(sum(t.amount), 0) AS used FROM bank_transfers t
          WHERE t.user_id = $1 AND t.direction = 'deposit' AND t.status NOT IN ('declined', 'failed')
            AND t.created_at > now() - make_interval(hours => w.hours)) u
      ORDER BY w.n`,
    [
      userId,
      DEPOSIT_LIMITS.map((l) => l.period),
      DEPOSIT_LIMITS.map((l) => l.hours),
      DEPOSIT_LIMITS.map((l) => l.limit),
    ],
  );
  return rows.map((r) => ({
    period: r.period,
    limit: r.limit_usd,
    used: r.used,
    remaining: r.remaining,
    shown: { limit: r.limit_shown, remaining: r.remaining_shown },
  }));
}

/** 409 LIMIT_EXCEEDED, as the wallet's send limits answer (details: the period and the dollars). */
function limitExceeded(room: DepositRoom, amount: string): AppError {
  const { window } = DEPOSIT_LIMITS.find((l) => l.period === room.period)!;
  return new AppError(
    409,
    'LIMIT_EXCEEDED',
    `This deposit would exceed your ${room.period} deposit limit of $${room.shown.limit}. You can add $${room.shown.remaining} more ${window}.`,
    {
      title: 'Limit Exceeded',
      period: room.period,
      limit_usd: room.limit,
      used_usd: room.used,
      remaining_usd: room.remaining,
      amount_usd: amount,
    },
  );
}

/** Throws when `amount` does not fit in every window. */
export function checkDepositRoom(rooms: DepositRoom[], amount: string): void {
  const over = rooms.find((r) => new Prisma.Decimal(amount).gt(r.remaining));
  if (over) throw limitExceeded(over, amount);
}

/**
 * In the transaction that books the deposit, before Plaid is asked: the user's money lock
 * (money_lock_user, prisma/sql/money.sql: the lock every money movement of a user takes), then the
 * room. Concurrent deposits of one user wait here, and each sees the ones booked before it.
 */
export async function admitDeposit(db: pg.ClientBase, userId: string, amount: string): Promise<void> {
  await db.query('SELECT money_lock_user($1)', [userId]); // the ledger's per-user lock (a SQL function)
  checkDepositRoom(await depositRoom(db, userId), amount);
}
