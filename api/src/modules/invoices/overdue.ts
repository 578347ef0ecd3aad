import { inTransaction } from '../../platform/db/transaction.js';
import { notify } from '../../platform/notifications/index.js';
import { markOverdue } from './overdue.queries.js';

/**
 * Sent or viewed invoices whose due date has passed become overdue (docs/product.md "Invoices" shows them
 * with the destructive badge). Hourly job; a due date is a calendar day in UTC, so an invoice due on
 * the 24th is overdue from the 25th 00:00 UTC. Returns how many changed.
 */
export async function markOverdueInvoices(now = new Date()): Promise<number> {
  const today = now.toISOString().slice(0, 10); // the UTC day, as text: no time zone between here and ::date
  return inTransaction(async (db) => {
    // one UPDATE ... RETURNING for every due invoice, with what the notes need: SQL (overdue.sql)
    const due = await markOverdue.run({ today }, db);
    for (const i of due) {
      const note = {
        kind: 'invoice_overdue',
        link: `/invoice/${i.id}`,
        data: { title: i.number, amount: i.total, asset: i.symbol },
      } as const;
      await notify(db, { ...note, userId: i.creator, actorId: i.client, data: { ...note.data, role: 'creator' } });
      await notify(db, { ...note, userId: i.client, actorId: i.creator, data: { ...note.data, role: 'client' } });
    }
    return due.length;
  });
}
