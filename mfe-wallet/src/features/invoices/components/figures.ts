/**
 * The invoice figures shown while typing (docs/product.md "Invoices"), in exact integer arithmetic: item
 * total = quantity x unit price to 2 decimals, tax = subtotal x rate / 100 to 2 decimals, half up —
 * what the server computes and stores (api invoices/figures.ts). Amounts are decimal strings.
 */
const SCALE = 6; // quantity (2) + unit price (4) decimals
const UNIT = 10n ** BigInt(SCALE);

/** '12.5' -> 12500000n at SCALE; null for what is not a plain non-negative decimal. */
function toUnits(s: string): bigint | null {
  const m = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(s.trim());
  if (!m) return null;
  return BigInt(m[1]!) * UNIT + BigInt((m[2] ?? '').padEnd(SCALE, '0'));
}
/** Half up from `scale` decimals to 2. */
const toCents = (v: bigint, scale: number) => {
  const div = 10n ** BigInt(scale - 2);
  return (v + div / 2n) / div;
};
const show = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

export interface ItemDraft {
  description: string;
  quantity: string;
  unit_price: string;
}

/** Each line's total and the invoice's subtotal, tax and total; a line not yet a number counts as 0.00. */
export function liveFigures(items: readonly ItemDraft[], taxRate: string) {
  const lines = items.map((i) => {
    const q = toUnits(i.quantity);
    const p = toUnits(i.unit_price);
    return q === null || p === null ? 0n : toCents(q * p, SCALE * 2);
  });
  const subtotal = lines.reduce((a, b) => a + b, 0n);
  const rate = toUnits(taxRate) ?? 0n;
  const tax = toCents((subtotal * rate) / 100n, SCALE + 2);
  return { lines: lines.map(show), subtotal: show(subtotal), tax: show(tax), total: show(subtotal + tax) };
}
