import { lockRow } from '../../../platform/db/lock.js';
import { Prisma, getPrisma } from '../../../platform/db/prisma.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { inPageOrder, newestFirst } from '../../../platform/db/keyset.js';
import { conflict, notFound, validationError } from '../../../platform/errors.js';
import { notify } from '../../../platform/notifications/index.js';
import { invoiceFigures } from '../figures.js';
import {
  CLIENT_INFORMATION_MISSING,
  CLIENT_NAME_AND_EMAIL,
  FILL_ITEMS_AND_ASSET,
  INVALID_INVOICE_DATA,
  INVOICE_ASSET_TYPE,
  INVOICE_NOT_FOUND,
  NOT_YOURSELF,
  type InvoiceInput,
} from '../schemas.js';
import { INVOICES, invoiceInclude, invoiceView, summaryInclude, summaryView } from '../views.js';

const NUMBER_TAKEN = 'You already have an invoice with this number.';
const ONLY_DRAFTS = 'Only a draft can be edited.';

/**
 * 'sent': the caller's own invoices; 'received': those addressed to the caller (by profile, or by an
 * e-mail that became theirs: prisma/sql/invoices.sql IN3) once sent. Newest first, keyset pages.
 */
export async function listInvoices(userId: string, box: 'sent' | 'received', cursor: string | undefined) {
  const where =
    box === 'sent'
      ? [Prisma.sql`t.creator_id = ${userId}::uuid`]
      : [Prisma.sql`t.client_profile_id = ${userId}::uuid`, Prisma.sql`t.status <> 'draft'`];
  const { ids, next_cursor } = await newestFirst(INVOICES, where, cursor);
  const rows = await getPrisma().invoice.findMany({ where: { id: { in: ids } }, include: summaryInclude });
  return { invoices: inPageOrder(ids, rows).map(summaryView), next_cursor };
}

/** The invoice and what the caller is to it; anyone else (and a client before it is sent) gets 'Invoice not found.'. */
export async function invoiceOf(userId: string, id: string) {
  const invoice = await getPrisma().invoice.findUnique({ where: { id }, include: invoiceInclude });
  if (invoice?.creatorId === userId) return { invoice, role: 'creator' as const };
  if (invoice && invoice.clientProfileId === userId && invoice.status !== 'draft')
    return { invoice, role: 'client' as const };
  throw notFound(INVOICE_NOT_FOUND);
}

/** The detail; the client's first look moves a sent invoice to viewed. */
export async function showInvoice(userId: string, id: string) {
  const { invoice, role } = await invoiceOf(userId, id);
  if (role === 'client' && invoice.status === 'sent') {
    // conditional on the status, so a payment or a cancel in between is never overwritten
    await getPrisma().$transaction(async (tx) => {
      const { count } = await tx.invoice.updateMany({ where: { id, status: 'sent' }, data: { status: 'viewed' } });
      if (count === 1)
        await notify(tx, {
          userId: invoice.creatorId,
          kind: 'invoice_viewed',
          actorId: userId,
          link: `/invoice/${id}`,
          data: { title: invoice.invoiceNumber },
        });
    });
    return { invoice: invoiceView((await invoiceOf(userId, id)).invoice, role) };
  }
  return { invoice: invoiceView(invoice, role) };
}

/** The row the input makes: the client rules (docs/product.md "Invoices"), the asset, the due date, the server's figures. */
async function rowOf(userId: string, input: InvoiceInput) {
  const client = await clientOf(userId, input);
  const asset = await getPrisma().asset.findFirst({
    where: { id: input.asset_id, assetType: INVOICE_ASSET_TYPE },
    select: { id: true },
  });
  if (!asset) throw validationError({ asset_id: FILL_ITEMS_AND_ASSET }, INVALID_INVOICE_DATA);
  const f = invoiceFigures(input.items, input.tax_rate);
  return {
    row: {
      ...client,
      invoiceNumber: input.invoice_number,
      assetId: asset.id,
      taxRate: input.tax_rate,
      subtotalAmount: f.subtotal,
      taxAmount: f.tax,
      totalAmount: f.total,
      notes: input.notes ?? null,
      terms: input.terms ?? null,
      dueDate: input.due_date ? new Date(`${input.due_date}T00:00:00Z`) : null,
    },
    items: f.items.map((it, position) => ({ position, ...it })),
  };
}

/** A user chosen from the search, or a typed name and e-mail (both required then); never the creator. */
async function clientOf(userId: string, input: InvoiceInput) {
  if (input.client_profile_id) {
    if (input.client_profile_id === userId)
      throw validationError({ client_profile_id: NOT_YOURSELF }, CLIENT_INFORMATION_MISSING);
    const profile = await getPrisma().profile.findFirst({
      where: { id: input.client_profile_id, deletedAt: null },
      select: { id: true },
    });
    if (!profile) throw validationError({ client_profile_id: 'No such user.' }, CLIENT_INFORMATION_MISSING);
    return { clientProfileId: profile.id, clientName: null, clientEmail: null };
  }
  const missing = {
    ...(input.client_name ? {} : { client_name: CLIENT_NAME_AND_EMAIL }),
    ...(input.client_email ? {} : { client_email: CLIENT_NAME_AND_EMAIL }),
  };
  if (Object.keys(missing).length) throw validationError(missing, CLIENT_INFORMATION_MISSING);
  const own = await getPrisma().user.findUnique({ where: { id: userId }, select: { email: true } });
  if (own?.email === input.client_email)
    throw validationError({ client_email: NOT_YOURSELF }, CLIENT_INFORMATION_MISSING);
  return { clientProfileId: null, clientName: input.client_name!, clientEmail: input.client_email! };
}

const numberTaken = (e: unknown) => e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002';

/** A new invoice, always a draft (docs/product.md "Invoices"), with the server's figures. */
export async function createInvoice(userId: string, input: InvoiceInput) {
  const { row, items } = await rowOf(userId, input);
  try {
    const invoice = await getPrisma().invoice.create({
      data: { ...row, creatorId: userId, items: { create: items } },
      include: invoiceInclude,
    });
    return { invoice: invoiceView(invoice, 'creator') };
  } catch (e) {
    if (numberTaken(e)) throw validationError({ invoice_number: NUMBER_TAKEN }, INVALID_INVOICE_DATA);
    throw e;
  }
}

/** Edit a draft (creator only): everything of the form, items replaced, figures computed again; under the invoice's row lock. */
export async function editInvoice(userId: string, id: string, input: InvoiceInput) {
  const { row, items } = await rowOf(userId, input);
  try {
    await inTransaction(async (db, tx) => {
      await lockRow(db, 'invoices', id);
      const current = await tx.invoice.findFirst({ where: { id, creatorId: userId }, select: { status: true } });
      if (!current) throw notFound(INVOICE_NOT_FOUND);
      if (current.status !== 'draft') throw conflict(ONLY_DRAFTS);
      await tx.invoiceItem.deleteMany({ where: { invoiceId: id } });
      await tx.invoice.update({ where: { id }, data: { ...row, items: { create: items } } });
    });
  } catch (e) {
    if (numberTaken(e)) throw validationError({ invoice_number: NUMBER_TAKEN }, INVALID_INVOICE_DATA);
    throw e;
  }
  return { invoice: invoiceView((await invoiceOf(userId, id)).invoice, 'creator') };
}
