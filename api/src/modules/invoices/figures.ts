import { Prisma } from '../../platform/db/prisma.js';

/**
 * docs/product.md "Invoices" figures, with exact decimals: item total = quantity x unit price to 2 decimals;
 * subtotal = the sum of the item totals; tax = subtotal x rate / 100 to 2 decimals; total = subtotal
 * + tax. Rounding is half up (away from zero), as PostgreSQL's round() on numeric, which checks the
 * same figures at commit (prisma/sql/invoices.sql IN1). Whatever figures a client sends are ignored.
 */
export interface FigureItem {
  description: string;
  quantity: string;
  unit_price: string;
}
export interface Figures {
  items: { description: string; quantity: string; unitPrice: string; total: string }[];
  subtotal: string;
  tax: string;
  total: string;
}

const D = Prisma.Decimal;
const cents = (d: Prisma.Decimal) => d.toDecimalPlaces(2, D.ROUND_HALF_UP);

export function invoiceFigures(items: readonly FigureItem[], taxRate: string): Figures {
  const lines = items.map((i) => ({
    description: i.description,
    quantity: i.quantity,
    unitPrice: i.unit_price,
    total: cents(new D(i.quantity).times(i.unit_price)),
  }));
  const subtotal = lines.reduce((sum, l) => sum.plus(l.total), new D(0));
  const tax = cents(subtotal.times(taxRate).dividedBy(100));
  return {
    items: lines.map((l) => ({ ...l, total: l.total.toFixed(2) })),
    subtotal: subtotal.toFixed(2),
    tax: tax.toFixed(2),
    total: subtotal.plus(tax).toFixed(2),
  };
}
