import type { TransferEvent } from 'plaid';
import type { PrismaTx } from '../../../platform/db/prisma.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { plaid } from '../../../platform/plaid/index.js';
import { applyEvent } from './apply.js';

const PAGE = 100;

/**
 * Plaid's transfer events after the last one applied (/transfer/event/sync after_id), applied in
 * order. Each page is one database transaction under the plaid_event_cursor row lock, so two syncs
 * (two webhooks, a webhook and the job, two API processes) run one after the other and the second
 * starts where the first stopped: no event is applied twice (banking.sql BK3).
 */
export async function syncTransferEvents(): Promise<{ applied: number }> {
  let applied = 0;
  for (let more = true; more;) {
    more = await inTransaction(async (db, tx) => {
      // the cursor's row lock (FOR UPDATE) orders concurrent syncs: SQL
      const { rows } = await db.query<{ last: string }>(
        'SELECT last_event_id::text AS last FROM plaid_event_cursor FOR UPDATE',
      );
      const { transfer_events: events, has_more: hasMore } = (
        await (await plaid()).transferEventSync({ after_id: Number(rows[0]!.last), count: PAGE })
      ).data;
      for (const e of events) applied += (await applyEvent(db, tx, e)) ? 1 : 0;
      if (events.length) await setCursor(tx, events);
      return Boolean(hasMore) && events.length > 0;
    });
  }
  return { applied };
}

async function setCursor(tx: PrismaTx, events: TransferEvent[]) {
  await tx.plaidEventCursor.updateMany({
    data: { lastEventId: Math.max(...events.map((e) => e.event_id)), updatedAt: new Date() },
  });
}
