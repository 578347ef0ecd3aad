/**
 * An amount as the person typed it, checked against the asset's scale before anything is sent.
 * The text that passes is sent exactly as typed (trimmed): it is never rounded, so what the PIN
 * dialog shows is what the server receives. The reasons are the server's own sentences
 * (api/prisma/sql/money.sql, api/src/modules/wallet/schemas.ts), so a refusal reads the same
 * whichever side finds it first.
 */
export interface MoneyAsset {
  symbol: string;
  scale: number;
}

export type AmountCheck = { amount: string; error: null } | { amount: null; error: string };

/** Digits, at most one point, digits after it (the server's syntax: no sign, no exponent, no separators). */
const AMOUNT = /^(\d+)(?:\.(\d+))?$/;
/** The server's bound (api/src/platform/http/fields.ts): 15 integer digits, so sums still fit numeric(38,18). */
const INTEGER_DIGITS = 15;

export const AMOUNT_REQUIRED = 'Enter an amount.';
export const AMOUNT_NOT_A_NUMBER = 'Amount must be a number.';
export const AMOUNT_NOT_POSITIVE = 'Amount must be greater than zero.';
export const AMOUNT_TOO_LARGE = 'Amounts can be at most 999,999,999,999,999.';
export const tooManyDecimals = (asset: MoneyAsset) =>
  `${asset.symbol} amounts allow at most ${asset.scale} decimal places.`;

export function checkAmount(text: string, asset: MoneyAsset): AmountCheck {
  const amount = text.trim();
  if (!amount) return { amount: null, error: AMOUNT_REQUIRED };
  const m = AMOUNT.exec(amount);
  if (!m) return { amount: null, error: AMOUNT_NOT_A_NUMBER };
  if (!/[1-9]/.test(amount)) return { amount: null, error: AMOUNT_NOT_POSITIVE };
  if (m[1]!.replace(/^0+(?=\d)/, '').length > INTEGER_DIGITS) return { amount: null, error: AMOUNT_TOO_LARGE };
  // as the server: 1.50 and 1.500 fit USD (trailing zeros add nothing), 1.505 does not
  if ((m[2] ?? '').replace(/0+$/, '').length > asset.scale) return { amount: null, error: tooManyDecimals(asset) };
  return { amount, error: null };
}

/** Exact comparison of two non-negative decimal strings: -1, 0 or 1 (no binary floats). */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  const [ai = '0', af = ''] = a.trim().split('.');
  const [bi = '0', bf = ''] = b.trim().split('.');
  const digits = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(digits, '0'));
  const y = BigInt(bi + bf.padEnd(digits, '0'));
  return x === y ? 0 : x < y ? -1 : 1;
}
