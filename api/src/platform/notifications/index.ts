import type pg from 'pg';
import type { NotificationKind } from '../../generated/prisma/enums.js';
import { Prisma } from '../db/prisma.js';

/**
 * The one writer of notifications (prisma/sql/notifications.sql, invariants N1-N3): called by a
 * service inside the transaction of its event, on that transaction's connection (a pg client or a
 * Prisma transaction), so the entry exists exactly when the event committed and its user's sockets
 * hear of it on COMMIT. SQL functions that make an event call notification_add() themselves.
 */
export type { NotificationKind };

/** What the text of an entry needs besides its kind and actor (platform/notifications/words.ts). */
export interface NotificationData {
  amount?: string;
  asset?: string;
  title?: string;
  /** milestone_auto_released, invoice_overdue: which side the entry is for */
  role?: 'client' | 'freelancer' | 'creator';
  /** a name to show when there is no actor account (an invoice client by e-mail) */
  name?: string;
}

export interface NewNotification {
  /** who is told (null: nobody, e.g. an invoice client without an account) */
  userId: string | null;
  kind: NotificationKind;
  /** who did it (null: the platform: a job, an administrator, the bank) */
  actorId?: string | null;
  /** the object's page, e.g. /contract/<id> */
  link: string;
  data?: NotificationData;
}

type Db = Pick<pg.ClientBase, 'query'> | Prisma.TransactionClient;

export async function notify(db: Db, n: NewNotification): Promise<void> {
  if (!n.userId) return;
  // a SQL function (notification_add), on the caller's client
  const args = [n.userId, n.kind, n.actorId ?? null, n.link, JSON.stringify(n.data ?? {})] as const;
  if ('$executeRaw' in db) {
    await db.$executeRaw`SELECT 1 FROM notification_add(${args[0]}::uuid, ${args[1]}::notification_kind, ${args[2]}::uuid, ${args[3]}, ${args[4]}::jsonb)`;
  } else {
    await db.query('SELECT 1 FROM notification_add($1::uuid, $2::notification_kind, $3::uuid, $4, $5::jsonb)', [
      ...args,
    ]);
  }
}
