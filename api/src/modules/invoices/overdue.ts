import { getPrisma } from '../../platform/db/prisma.js';
import { notify } from '../../platform/notifications/index.js';

/**
 * Sent or viewed invoices whose due date has passed become overdue (docs/product.md "Invoices" shows them
 * with the destructive badge). Hourly job; a due date is a calendar day in UTC, so an invoice due on
 * the 24th is overdue from the 25th 00:00 UTC. Returns how many changed.
 */
export async function markOverdueInvoices(now = new Date()): Promise<number> {
  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  return getPrisma().$transaction(async (tx) => {
    // one UPDATE ... RETURNING for every due invoice, with what the notes need: SQL
    const due = await tx.$queryRaw<
      { id: string; creator: string; client: string | null; number: string; total: string; symbol: string }[]
    >`
      UPDATE invoices i SET status = 'overdue' FROM assets a
       WHERE a.id = i.asset_id AND i.status IN ('sent', 'viewed') AND i.due_date < ${today}::date
      RETURNING i.id, i.creator_id AS creator, i.client_profile_id AS client, i.invoice_number AS number, round(i.total_amount, 2)::text AS total, a.symbol`;
    for (const i of due) {
      const note = {
        kind: 'invoice_overdue',
        link: `/invoice/${i.id}`,
        data: { title: i.number, amount: i.total, asset: i.symbol },
      } as const;
      await notify(tx, { ...note, userId: i.creator, actorId: i.client, data: { ...note.data, role: 'creator' } });
      await notify(tx, { ...note, userId: i.client, actorId: i.creator, data: { ...note.data, role: 'client' } });
    }
    return due.length;
  });
}
