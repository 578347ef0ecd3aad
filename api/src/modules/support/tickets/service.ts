import type { z } from '@hono/zod-openapi';
import { Prisma, getPrisma } from '../../../platform/db/prisma.js';
import { notFound } from '../../../platform/errors.js';
import { discardAttachment, storeAttachment } from '../attachments/service.js';
import { inPageOrder, newestFirst } from '../../../platform/db/keyset.js';
import { TICKET_NOT_FOUND, type NewTicketForm } from '../schemas.js';
import { TICKETS, USER_FILES, responseView, responsesOf, ticketInclude, ticketView } from '../views.js';

/** The caller's tickets newest first (docs/product.md "Support"), one keyset page. */
export async function myTickets(userId: string, cursor: string | undefined) {
  const { ids, next_cursor } = await newestFirst(TICKETS, [Prisma.sql`t.user_id = ${userId}::uuid`], cursor);
  const rows = await getPrisma().customerSupportTicket.findMany({ where: { id: { in: ids } }, include: ticketInclude });
  return { tickets: inPageOrder(ids, rows).map((t) => ticketView(t)), next_cursor };
}

/**
 * A new ticket, status open; its ticket_id is the column's default (generate_ticket_id(), support.sql
 * SU1). The file is checked and stored first, so a refused file leaves no ticket; a ticket that could
 * not be saved leaves no file.
 */
export async function createTicket(userId: string, input: z.infer<typeof NewTicketForm>) {
  const file = await storeAttachment(userId, input.attachment);
  try {
    const t = await getPrisma().customerSupportTicket.create({
      data: {
        userId,
        subject: input.subject,
        description: input.description,
        priority: input.priority,
        ...(file ? { attachments: { create: file } } : {}),
      },
      include: ticketInclude,
    });
    return { ticket: ticketView(t) };
  } catch (e) {
    await discardAttachment(file);
    throw e;
  }
}

/** One of the user's tickets; anyone else's is 'not found' in the spec's words, as a missing one. */
export async function ownTicket(userId: string, id: string) {
  const t = await getPrisma().customerSupportTicket.findFirst({ where: { id, userId }, include: ticketInclude });
  if (!t) throw notFound(TICKET_NOT_FOUND);
  return t;
}

export async function showTicket(userId: string, id: string) {
  const ticket = await ownTicket(userId, id);
  const responses = await getPrisma().ticketResponse.findMany(responsesOf(id));
  return { ticket: ticketView(ticket), responses: responses.map((r) => responseView(r, USER_FILES)) };
}
