/**
 * Money formatting from exact decimal strings. No JavaScript floats are involved: the value is
 * split into digits and rounded with BigInt arithmetic.
 *
 * Rounding rule: half away from zero ("1.005" to 2 digits -> "1.01", "-1.005" -> "-1.01"), the
 * same rule as Intl.NumberFormat's default `roundingMode: 'halfExpand'`, so numbers read the same
 * as the browser would print them. Trailing zeros beyond `minFractionDigits` are dropped.
 * Grouping: thousands separators every three digits; the separator characters come from the
 * locale (default 'en-US': "1,234.5").
 */
export interface MoneyFormatOptions {
  minFractionDigits?: number;
  maxFractionDigits?: number;
  locale?: string;
  /** Group the integer part in thousands (default true). */
  grouping?: boolean;
}

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?$/;

interface ParsedDecimal {
  negative: boolean;
  int: string;
  frac: string;
}

export function parseDecimal(value: string | number | bigint): ParsedDecimal | null {
  // Numbers are accepted only when they are integers (exact); decimals must come as strings.
  const text =
    typeof value === 'string'
      ? value.trim()
      : typeof value === 'bigint'
        ? value.toString()
        : Number.isInteger(value)
          ? String(value)
          : '';
  const m = DECIMAL_RE.exec(text);
  if (!m || (!m[2] && !m[3])) return null;
  return { negative: m[1] === '-', int: (m[2] || '0').replace(/^0+(?=\d)/, ''), frac: m[3] ?? '' };
}

/** Rounds to `digits` fraction digits, half away from zero. Returns integer and fraction digits. */
export function roundDecimal(p: ParsedDecimal, digits: number): ParsedDecimal {
  if (p.frac.length <= digits) return { ...p, frac: p.frac.padEnd(digits, '0') };
  const scaled = BigInt(p.int + p.frac.slice(0, digits));
  const next = p.frac.charCodeAt(digits) - 48;
  const rounded = next >= 5 ? scaled + 1n : scaled;
  let s = rounded.toString().padStart(digits + 1, '0');
  const int = s.slice(0, s.length - digits) || '0';
  const frac = digits ? s.slice(s.length - digits) : '';
  s = int + frac;
  return { negative: p.negative && /[1-9]/.test(s), int, frac };
}

// en-US (the default) is known: asking Intl for it first loads the ICU number data, the largest
// self-time item of the dashboard's first render at 4x CPU slowdown (60 ms).
const separatorCache = new Map<string, { group: string; decimal: string; minus: string }>([
  ['en-US', { group: ',', decimal: '.', minus: '-' }],
]);
function separators(locale: string) {
  let sep = separatorCache.get(locale);
  if (!sep) {
    const parts = new Intl.NumberFormat(locale).formatToParts(-1234567.5);
    sep = {
      group: parts.find((x) => x.type === 'group')?.value ?? ',',
      decimal: parts.find((x) => x.type === 'decimal')?.value ?? '.',
      minus: parts.find((x) => x.type === 'minusSign')?.value ?? '-',
    };
    separatorCache.set(locale, sep);
  }
  return sep;
}

export function formatDecimal(
  value: string | number | bigint | null | undefined,
  options: MoneyFormatOptions = {},
): string {
  const min = options.minFractionDigits ?? 2;
  const max = Math.max(options.maxFractionDigits ?? min, min);
  const locale = options.locale ?? 'en-US';
  const parsed = value == null ? null : parseDecimal(value);
  if (!parsed) return '—';
  const r = roundDecimal(parsed, max);
  let frac = r.frac;
  while (frac.length > min && frac.endsWith('0')) frac = frac.slice(0, -1);
  const sep = separators(locale);
  const int = options.grouping === false ? r.int : r.int.replace(/\B(?=(\d{3})+(?!\d))/g, sep.group);
  return (r.negative ? sep.minus : '') + int + (frac ? sep.decimal + frac : '');
}

/** Balance on the dashboard: 2 to 8 decimals (docs/product.md "Limits"). */
export const formatBalance = (v: string | null | undefined, locale?: string) =>
  formatDecimal(v, { minFractionDigits: 2, maxFractionDigits: 8, locale });
/** Fixed precision: 2 (recent activity, invoices), 4 (history, send dropdown), 8 (available to send). */
export const formatFixed = (v: string | null | undefined, digits: 2 | 4 | 8, locale?: string) =>
  formatDecimal(v, { minFractionDigits: digits, maxFractionDigits: digits, locale });
/** Dollar amounts such as transaction limits: "$1,000.00", or the fallback when empty. */
export function formatUsd(v: string | null | undefined, empty = 'Not Set', locale?: string): string {
  if (v == null || v === '') return empty;
  const s = formatFixed(v, 2, locale);
  return s.startsWith('-') ? `-$${s.slice(1)}` : `$${s}`;
}
/** An amount of an asset at the asset's own scale ("2.50" USD, "0.00100000" BTC): toasts, quotes, requests. */
export const formatAmount = (v: string | null | undefined, scale: number, locale?: string) =>
  formatDecimal(v, { minFractionDigits: scale, maxFractionDigits: scale, locale });
/**
 * An amount with its symbol at the asset's scale, the one way statements show money (history,
 * dashboard): "100.00 USD", "0.00250000 BTC"; `sign` for a movement's direction ("-100.00 USD").
 */
export function formatMoney(
  v: string | null | undefined,
  asset: { symbol: string; scale: number },
  sign: '' | '+' | '-' = '',
  locale?: string,
): string {
  return `${sign}${formatAmount(v, asset.scale, locale)} ${asset.symbol}`;
}
