import { getPrisma } from '../../../platform/db/prisma.js';
import { conflict, notFound, validationError } from '../../../platform/errors.js';
import { notify } from '../../../platform/notifications/index.js';
import { invoiceOf } from '../invoices/service.js';
import { tellCancelled, tellSent } from '../notify.js';
import { INVALID_INVOICE_DATA, INVOICE_NOT_FOUND } from '../schemas.js';
import { invoiceView } from '../views.js';

/**
 * Send (draft -> sent) and cancel (any unpaid status -> cancelled), by the creator, each under the
 * invoice's row lock so that a payment, a send and a cancel at the same moment end one after the other
 * (the database refuses any other order of statuses: prisma/sql/invoices.sql IN2).
 */
async function transition(userId: string, id: string, step: (current: { status: string; total: string }) => string) {
  return getPrisma().$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<{ status: string; total: string }[]>`
      SELECT status::text, total_amount::text AS total FROM invoices WHERE id = ${id}::uuid AND creator_id = ${userId}::uuid FOR UPDATE`;
    if (!current) throw notFound(INVOICE_NOT_FOUND);
    const next = step(current);
    await tx.$executeRaw`UPDATE invoices SET status = ${next}::invoice_status WHERE id = ${id}::uuid`;
    if (next === 'sent') {
      // read after the update: sending links the invoice to the client's account (IN3)
      const [i] = await tx.$queryRaw<{ client: string | null; number: string; total: string; symbol: string }[]>`
        SELECT i.client_profile_id AS client, i.invoice_number AS number, round(i.total_amount, 2)::text AS total, a.symbol
          FROM invoices i JOIN assets a ON a.id = i.asset_id WHERE i.id = ${id}::uuid`;
      await notify(tx, { userId: i!.client, kind: 'invoice_received', actorId: userId, link: `/invoice/${id}`, data: { title: i!.number, amount: i!.total, asset: i!.symbol } });
    }
    return current.status;
  });
}

/** The client is e-mailed the link; an e-mail of an existing account links the invoice to it (IN3). */
export async function sendInvoice(userId: string, id: string, origin: string) {
  await transition(userId, id, ({ status, total }) => {
    if (status !== 'draft') throw conflict('Only a draft can be sent.');
    if (Number(total) <= 0) throw validationError({ items: 'An invoice must total more than zero to be sent.' }, INVALID_INVOICE_DATA);
    return 'sent';
  });
  await tellSent(id, origin);
  return { invoice: invoiceView((await invoiceOf(userId, id)).invoice, 'creator') };
}

export async function cancelInvoice(userId: string, id: string) {
  const was = await transition(userId, id, ({ status }) => {
    if (status === 'paid') throw conflict('A paid invoice cannot be cancelled.');
    if (status === 'cancelled') throw conflict('This invoice is already cancelled.');
    return 'cancelled';
  });
  if (was !== 'draft') await tellCancelled(id);
  return { invoice: invoiceView((await invoiceOf(userId, id)).invoice, 'creator') };
}
