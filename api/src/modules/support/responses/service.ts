import type { z } from '@hono/zod-openapi';
import { recordAudit } from '../../../platform/audit/index.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { getPrisma } from '../../../platform/db/prisma.js';
import { sqlState } from '../../../platform/db/sql-state.js';
import { conflict, notFound } from '../../../platform/errors.js';
import { notify } from '../../../platform/notifications/index.js';
import { discardAttachment, insertAttachment, storeAttachment } from '../attachments/service.js';
import { tellAnswered } from '../notify.js';
import { ADMIN_TICKET_NOT_FOUND, CLOSED_STATUSES, CLOSED_TO_RESPONSES, type ResponseForm } from '../schemas.js';
import { ownTicket } from '../tickets/service.js';
import { ADMIN_FILES, USER_FILES, responseInclude, responseView } from '../views.js';

type Input = z.infer<typeof ResponseForm>;
interface NewResponse {
  ticketId: string;
  responderId: string;
  text: string;
  attachment: unknown;
  /** an admin's response: written with its audit entry */
  admin?: { ip: string; ticketNumber: string; owner: string };
}

/** The owner answers their ticket while it is neither resolved nor closed (docs/product.md "Support"). */
export async function respondAsUser(userId: string, ticketId: string, input: Input) {
  const ticket = await ownTicket(userId, ticketId);
  // refused before the file is stored; the database refuses it too (support.sql SU4) if the ticket closes meanwhile
  if (CLOSED_STATUSES.includes(ticket.status)) throw conflict(CLOSED_TO_RESPONSES);
  const id = await addResponse({
    ticketId,
    responderId: userId,
    text: input.response_text,
    attachment: input.attachment,
  });
  return { response: responseView(await readResponse(id), USER_FILES) };
}

/** An admin answers any ticket in any status; the user is told by e-mail. */
export async function respondAsAdmin(adminId: string, ticketId: string, input: Input, ip: string) {
  const ticket = await getPrisma().customerSupportTicket.findUnique({
    where: { id: ticketId },
    select: { ticketId: true, userId: true },
  });
  if (!ticket) throw notFound(ADMIN_TICKET_NOT_FOUND);
  const admin = { ip, ticketNumber: ticket.ticketId, owner: ticket.userId };
  const id = await addResponse({
    ticketId,
    responderId: adminId,
    text: input.response_text,
    attachment: input.attachment,
    admin,
  });
  await tellAnswered(ticketId, input.response_text);
  return { response: responseView(await readResponse(id), ADMIN_FILES) };
}

const readResponse = (id: string) =>
  getPrisma().ticketResponse.findUniqueOrThrow({ where: { id }, include: responseInclude });

/**
 * One transaction: the response (its trigger stamps the ticket's updated_at and, for a user, refuses a
 * closed ticket: SQLSTATE SU409), its attachment, and for an admin the audit entry. The file is
 * stored before and removed again when the transaction fails.
 */
async function addResponse(r: NewResponse): Promise<string> {
  const file = await storeAttachment(r.responderId, r.attachment);
  try {
    return await inTransaction(async (db, tx) => {
      const { id } = await tx.ticketResponse.create({
        data: {
          ticketId: r.ticketId,
          responderId: r.responderId,
          responseText: r.text,
          isAdminResponse: Boolean(r.admin),
        },
        select: { id: true },
      });
      if (file) await insertAttachment(tx, r.ticketId, id, file);
      if (r.admin) {
        await recordAudit(tx, {
          actorId: r.responderId,
          action: 'admin.ticket.respond',
          subject: `ticket:${r.ticketId}`,
          ip: r.admin.ip,
          after: { response_id: id, attachment: file?.fileName ?? null },
          data: { ticket_id: r.admin.ticketNumber },
        });
        await notify(db, {
          userId: r.admin.owner,
          kind: 'ticket_answered',
          link: `/support/ticket/${r.ticketId}`,
          data: { title: r.admin.ticketNumber },
        });
      }
      return id;
    });
  } catch (e) {
    await discardAttachment(file);
    if (sqlState(e) === 'SU409') throw conflict(CLOSED_TO_RESPONSES);
    throw e;
  }
}
