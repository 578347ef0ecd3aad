import { lockRow } from '../../../platform/db/lock.js';
import { Prisma } from '../../../platform/db/prisma.js';
import { conflict, forbidden } from '../../../platform/errors.js';
import { runIdempotent, type IdempotencyContext } from '../../../platform/idempotency/index.js';
import { postTransfer, quoteFee, quoteOutflow } from '../../../platform/ledger/index.js';
import { notify } from '../../../platform/notifications/index.js';
import { verifyPin } from '../../../platform/pin/index.js';
import type { AuthUser } from '../../../platform/auth/tokens.js';
import { requireStepUpForMove } from '../../../platform/second-factor/step-up.js';
import { invoiceOf } from '../invoices/service.js';
import { NOT_PAYABLE } from '../schemas.js';

/**
 * Paying an invoice: the client pays the total in the invoice's asset to the creator
 * through the ledger (transaction type invoice_payment; the fee schedule's fee is taken from what the
 * creator receives: docs/decisions.md "Invoices"), and the invoice becomes paid in the same database
 * transaction, under its row lock taken first (then the ledger locks the wallets in id order): of two
 * payments at the same moment one pays and the other finds it paid (prisma/sql/invoices.sql IN4).
 */
const ONLY_THE_CLIENT = 'Only the client can pay this invoice.';
const notPayable = (status: string) =>
  conflict(status === 'paid' ? 'This invoice is already paid.' : `This invoice is ${status} and cannot be paid.`);

async function clientsInvoice(userId: string, id: string) {
  const { invoice, role } = await invoiceOf(userId, id);
  if (role !== 'client') throw forbidden(ONLY_THE_CLIENT);
  return invoice;
}

/** What the client will pay and the creator receive, before the PIN (or the ledger's refusal: balance, limits). */
export async function quotePayment(userId: string, id: string) {
  const invoice = await clientsInvoice(userId, id);
  if (NOT_PAYABLE.includes(invoice.status)) throw notPayable(invoice.status);
  const total = invoice.totalAmount.toFixed(2);
  const quote = await quoteFee('invoice_payment', invoice.asset.symbol, total);
  const fee = quote?.fee ?? '0';
  const receiverPays = quote?.bearer === 'receiver';
  const amount = new Prisma.Decimal(total);
  await quoteOutflow(userId, invoice.asset.symbol, (receiverPays ? amount : amount.plus(fee)).toFixed());
  return {
    asset: invoice.asset,
    amount: total,
    fee: new Prisma.Decimal(fee).toFixed(2),
    fee_paid_by: receiverPays ? ('creator' as const) : ('client' as const),
    you_pay: (receiverPays ? amount : amount.plus(fee)).toFixed(2),
    creator_receives: (receiverPays ? amount.minus(fee) : amount).toFixed(2),
  };
}

/** The status is checked under the lock, inside the idempotent transaction: a retry of a payment that went through gets its first answer. */
export async function payInvoice(user: AuthUser, id: string, pin: string, idem: IdempotencyContext) {
  const userId = user.id;
  const invoice = await clientsInvoice(userId, id);
  const { symbol } = invoice.asset;
  await quoteOutflow(userId, symbol, invoice.totalAmount.toFixed()); // balance and limits before the PIN; the posting checks again
  await requireStepUpForMove(user, { assetSymbol: symbol, amount: invoice.totalAmount.toFixed() });
  await verifyPin(userId, pin);
  return runIdempotent(userId, idem, async (db, tx) => {
    await lockRow(db, 'invoices', id);
    const current = await tx.invoice.findUniqueOrThrow({ where: { id }, select: { status: true, totalAmount: true } });
    if (NOT_PAYABLE.includes(current.status)) throw notPayable(current.status);
    const paid = await postTransfer({
      type: 'invoice_payment',
      assetSymbol: symbol,
      from: { userId },
      to: { userId: invoice.creatorId },
      amount: current.totalAmount.toFixed(),
      description: `Invoice ${invoice.invoiceNumber}`,
      client: db,
    });
    await tx.invoice.update({
      where: { id },
      data: { status: 'paid', paidAt: paid.createdAt, paymentTransactionId: paid.transactionId },
    });
    await notify(db, {
      userId: invoice.creatorId,
      kind: 'invoice_paid',
      actorId: userId,
      link: `/invoice/${id}`,
      data: { title: invoice.invoiceNumber, amount: paid.amount, asset: symbol },
    });
    return {
      status: 200 as const,
      body: {
        invoice_id: id,
        status: 'paid' as const,
        transaction_id: paid.transactionId,
        amount: paid.amount,
        fee: paid.fee,
        asset_symbol: symbol,
        balance: paid.senderBalance,
      },
    };
  });
}
