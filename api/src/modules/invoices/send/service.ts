import { lockRow } from '../../../platform/db/lock.js';
import type { Prisma } from '../../../platform/db/prisma.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { conflict, notFound, validationError } from '../../../platform/errors.js';
import { notify } from '../../../platform/notifications/index.js';
import { invoiceOf } from '../invoices/service.js';
import { tellCancelled, tellSent } from '../notify.js';
import { INVALID_INVOICE_DATA, INVOICE_NOT_FOUND, type InvoiceStatus } from '../schemas.js';
import { invoiceView } from '../views.js';

/**
 * Send (draft -> sent) and cancel (any unpaid status -> cancelled), by the creator, each under the
 * invoice's row lock so that a payment, a send and a cancel at the same moment end one after the other
 * (the database refuses any other order of statuses: prisma/sql/invoices.sql IN2).
 */
async function transition(
  userId: string,
  id: string,
  step: (current: { status: InvoiceStatus; totalAmount: Prisma.Decimal }) => InvoiceStatus,
) {
  return inTransaction(async (db, tx) => {
    await lockRow(db, 'invoices', id);
    const current = await tx.invoice.findFirst({
      where: { id, creatorId: userId },
      select: { status: true, totalAmount: true },
    });
    if (!current) throw notFound(INVOICE_NOT_FOUND);
    const next = step(current);
    await tx.invoice.update({ where: { id }, data: { status: next } });
    if (next === 'sent') {
      // read after the update: sending links the invoice to the client's account (IN3)
      const i = await tx.invoice.findUniqueOrThrow({
        where: { id },
        select: { clientProfileId: true, invoiceNumber: true, totalAmount: true, asset: { select: { symbol: true } } },
      });
      await notify(db, {
        userId: i.clientProfileId,
        kind: 'invoice_received',
        actorId: userId,
        link: `/invoice/${id}`,
        data: { title: i.invoiceNumber, amount: i.totalAmount.toFixed(2), asset: i.asset.symbol },
      });
    }
    return current.status;
  });
}

/** The client is e-mailed the link; an e-mail of an existing account links the invoice to it (IN3). */
export async function sendInvoice(userId: string, id: string, origin: string) {
  await transition(userId, id, ({ status, totalAmount }) => {
    if (status !== 'draft') throw conflict('Only a draft can be sent.');
    if (totalAmount.lte(0))
      throw validationError({ items: 'An invoice must total more than zero to be sent.' }, INVALID_INVOICE_DATA);
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
