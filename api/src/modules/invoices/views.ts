import { Prisma } from '../../platform/db/prisma.js';
import { NOT_PAYABLE, type InvoiceStatus } from './schemas.js';

// Prisma rows -> the JSON of schemas.ts. Account e-mails are never shown to the other party (the
// user search shows names only): the client's e-mail is the one the creator typed, if any.

/** The table of the keyset pages (platform/db/keyset.ts), aliased t. */
export const INVOICES = Prisma.sql`invoices t`;

const person = { select: { id: true, fullName: true, username: true } } as const;
export const summaryInclude = {
  asset: { select: { id: true, symbol: true, name: true, scale: true } },
  creator: person,
  clientProfile: person,
} satisfies Prisma.InvoiceInclude;
export const invoiceInclude = {
  ...summaryInclude,
  items: { orderBy: { position: 'asc' } },
} satisfies Prisma.InvoiceInclude;
type SummaryRow = Prisma.InvoiceGetPayload<{ include: typeof summaryInclude }>;
type InvoiceRow = Prisma.InvoiceGetPayload<{ include: typeof invoiceInclude }>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const cents = (d: Prisma.Decimal) => d.toFixed(2);
const party = (p: { id: string; fullName: string | null; username: string | null } | null) => ({
  id: p?.id ?? null,
  full_name: p?.fullName ?? null,
  username: p?.username ?? null,
  email: null,
});

export const summaryView = (i: SummaryRow) => ({
  id: i.id,
  invoice_number: i.invoiceNumber,
  status: i.status,
  total_amount: cents(i.totalAmount),
  asset: i.asset,
  creator: party(i.creator),
  client: { ...party(i.clientProfile), full_name: i.clientProfile?.fullName ?? i.clientName, email: i.clientEmail },
  due_date: i.dueDate ? i.dueDate.toISOString().slice(0, 10) : null,
  created_at: i.createdAt.toISOString(),
  sent_at: iso(i.sentAt),
});

/** What the caller (creator or client) may do now: docs/product.md "Invoices", and cancel while unpaid. */
export function permissions(status: InvoiceStatus, role: 'creator' | 'client') {
  return {
    edit: role === 'creator' && status === 'draft',
    send: role === 'creator' && status === 'draft',
    pay: role === 'client' && !NOT_PAYABLE.includes(status),
    cancel: role === 'creator' && status !== 'paid' && status !== 'cancelled',
  };
}

export const invoiceView = (i: InvoiceRow, role: 'creator' | 'client') => ({
  ...summaryView(i),
  items: i.items.map((it) => ({
    description: it.description,
    quantity: it.quantity.toString(),
    unit_price: it.unitPrice.toFixed(Math.max(2, it.unitPrice.decimalPlaces())),
    total: cents(it.total),
  })),
  subtotal_amount: cents(i.subtotalAmount),
  tax_rate: i.taxRate.toFixed(2),
  tax_amount: cents(i.taxAmount),
  notes: i.notes,
  terms: i.terms,
  viewed_at: iso(i.viewedAt),
  paid_at: iso(i.paidAt),
  cancelled_at: iso(i.cancelledAt),
  updated_at: i.updatedAt.toISOString(),
  payment_transaction_id: i.paymentTransactionId,
  role,
  can: permissions(i.status, role),
});
