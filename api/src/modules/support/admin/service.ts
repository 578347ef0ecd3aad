import type { z } from '@hono/zod-openapi';
import { recordAudit } from '../../../platform/audit/index.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { lockRow } from '../../../platform/db/lock.js';
import { Prisma, getPrisma } from '../../../platform/db/prisma.js';
import { notFound } from '../../../platform/errors.js';
import { notify } from '../../../platform/notifications/index.js';
import { tellStatusChanged } from '../notify.js';
import { containsPattern, inPageOrder, newestFirst } from '../../../platform/db/keyset.js';
import { ADMIN_TICKET_NOT_FOUND } from '../schemas.js';
import { ADMIN_FILES, TICKETS, adminTicketInclude, adminTicketView, responseView, responsesOf } from '../views.js';
import type { AdminTicketsQuery, TicketUpdate } from './routes.js';

const chosen = <T extends string>(value: T | 'all' | undefined): T | null => (value && value !== 'all' ? value : null);

/**
 * The Tickets page's filters as SQL: equality on status and priority; the search text in the ticket
 * ID or subject (trigram indexes) or in the user's name, username or e-mail (those of the user search).
 */
function ticketFilters(query: z.infer<typeof AdminTicketsQuery>): Prisma.Sql[] {
  const status = chosen(query.status);
  const priority = chosen(query.priority);
  const pattern = containsPattern(query.q);
  return [
    ...(status ? [Prisma.sql`t.status = ${status}::ticket_status`] : []),
    ...(priority ? [Prisma.sql`t.priority = ${priority}::ticket_priority`] : []),
    ...(pattern
      ? [
          Prisma.sql`(t.ticket_id ILIKE ${pattern} OR t.subject ILIKE ${pattern} OR t.user_id IN (
          SELECT id FROM profiles WHERE full_name ILIKE ${pattern} OR username ILIKE ${pattern}
          UNION SELECT id FROM users WHERE email ILIKE ${pattern}))`,
        ]
      : []),
  ];
}

/** Every ticket newest first (docs/product.md "Admin" tickets), one keyset page, with its user. */
export async function adminTickets(query: z.infer<typeof AdminTicketsQuery>) {
  const { ids, next_cursor } = await newestFirst(TICKETS, ticketFilters(query), query.cursor);
  const rows = await getPrisma().customerSupportTicket.findMany({
    where: { id: { in: ids } },
    include: adminTicketInclude,
  });
  return { tickets: inPageOrder(ids, rows).map(adminTicketView), next_cursor };
}

/** Any ticket, for admins (the admin ticket page's GET and the ticket's live topic). */
export async function readTicket(id: string) {
  const t = await getPrisma().customerSupportTicket.findUnique({ where: { id }, include: adminTicketInclude });
  if (!t) throw notFound(ADMIN_TICKET_NOT_FOUND);
  return t;
}

export async function adminTicket(id: string) {
  const ticket = await readTicket(id);
  const responses = await getPrisma().ticketResponse.findMany(responsesOf(id));
  return { ticket: adminTicketView(ticket), responses: responses.map((r) => responseView(r, ADMIN_FILES)) };
}

const stateSelect = {
  status: true,
  priority: true,
  resolvedAt: true,
  ticketId: true,
  userId: true,
} satisfies Prisma.CustomerSupportTicketSelect;
type TicketState = Prisma.CustomerSupportTicketGetPayload<{ select: typeof stateSelect }>;
const audited = (s: TicketState) => ({
  status: s.status,
  priority: s.priority,
  resolved_at: s.resolvedAt?.toISOString() ?? null,
});

/**
 * docs/product.md "Support": admins set any status and priority. One transaction with the row locked: the update
 * (the database stamps updated_at and sets or clears resolved_at: support.sql SU2, SU3) and its audit
 * entry with before and after. Nothing changes, and nothing is recorded, when both are as they were.
 * After the commit the user is e-mailed if the status changed.
 */
export async function updateTicket(adminId: string, id: string, input: z.infer<typeof TicketUpdate>, ip: string) {
  const change = await inTransaction(async (db, tx) => {
    if (!(await lockRow(db, 'customer_support_tickets', id))) throw notFound(ADMIN_TICKET_NOT_FOUND);
    const before = await tx.customerSupportTicket.findUniqueOrThrow({ where: { id }, select: stateSelect });
    if (before.status === input.status && before.priority === input.priority) return null;
    const after = await tx.customerSupportTicket.update({
      where: { id },
      data: { status: input.status, priority: input.priority },
      select: stateSelect,
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'admin.ticket.update',
      subject: `ticket:${id}`,
      ip,
      before: audited(before),
      after: audited(after),
      data: { ticket_id: before.ticketId },
    });
    if (after.status === 'resolved' && before.status !== 'resolved') {
      await notify(db, {
        userId: before.userId,
        kind: 'ticket_resolved',
        link: `/support/ticket/${id}`,
        data: { title: before.ticketId },
      });
    }
    return { from: before.status, to: after.status };
  });
  if (change && change.from !== change.to) await tellStatusChanged(id, change.from, change.to);
  return { ticket: adminTicketView(await readTicket(id)) };
}
