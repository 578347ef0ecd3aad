import { getPrisma } from '../../platform/db/prisma.js';

/**
 * Sent or viewed invoices whose due date has passed become overdue (issue 19; spec 001 §4 shows them
 * with the destructive badge). Hourly job; a due date is a calendar day in UTC, so an invoice due on
 * the 24th is overdue from the 25th 00:00 UTC. Returns how many changed.
 */
export async function markOverdueInvoices(now = new Date()): Promise<number> {
  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  const { count } = await getPrisma().invoice.updateMany({ where: { status: { in: ['sent', 'viewed'] }, dueDate: { lt: today } }, data: { status: 'overdue' } });
  return count;
}
