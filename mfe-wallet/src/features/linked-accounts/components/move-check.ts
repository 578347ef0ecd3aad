import { errorMessage, fieldErrors, type ApiError } from '@portal/shared-ui';

/**
 * The deposit and withdrawal forms checked on the client as the server checks them (spec 001 §5
 * Withdrawal; api banking/transfers/move-input.ts): account, asset and amount required ('Missing
 * Information'); the amount a number above 0 with at most 2 decimals ('Invalid Amount'); a withdrawal
 * not above the balance ('Insufficient Balance'). The server checks again. Money is exact: cents as bigint.
 */
export type MoveTitle = 'Missing Information' | 'Invalid Amount' | 'Insufficient Balance';
export type MoveField = 'account' | 'asset' | 'amount';
export interface MoveRefusal { title: MoveTitle; message: string; field: MoveField }
export interface MoveForm { accountId: string; assetId: string; amount: string }

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** '12.5' -> 1250n; null unless a plain amount above nothing with at most 2 decimals (what the server takes). */
export function amountCents(text: string): bigint | null {
  const s = text.trim();
  if (!AMOUNT.test(s)) return null;
  const [int, frac = ''] = s.split('.');
  return BigInt(int!) * 100n + BigInt(frac.padEnd(2, '0'));
}

/** 1250n -> '12.50'. */
export const centsText = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

/** A balance or total ('150.00', '0.12345678') in whole cents, rounded down (what can actually be spent). */
export function balanceCents(text: string | null | undefined): bigint | null {
  const m = DECIMAL.exec((text ?? '').trim());
  if (!m) return null;
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').slice(0, 2).padEnd(2, '0'));
}

/**
 * The first reason the form cannot be sent, or null. `balance` (withdrawals): the asset's balance;
 * `symbol` names it in the sentence.
 */
export function checkMove(form: MoveForm, opts: { balance?: string | null; symbol?: string } = {}): MoveRefusal | null {
  const missing: [MoveField, string][] = [];
  if (!form.accountId) missing.push(['account', 'Choose a bank account.']);
  if (!form.assetId) missing.push(['asset', 'Choose an asset.']);
  if (!form.amount.trim()) missing.push(['amount', 'Enter an amount.']);
  if (missing.length) return { title: 'Missing Information', field: missing[0]![0], message: missing.map(([, m]) => m).join(' ') };
  const cents = amountCents(form.amount);
  if (cents === null || cents <= 0n) return { title: 'Invalid Amount', field: 'amount', message: 'Enter an amount greater than 0 with at most 2 decimals.' };
  if (opts.balance !== undefined) {
    const balance = balanceCents(opts.balance) ?? 0n;
    if (cents > balance) return { title: 'Insufficient Balance', field: 'amount', message: `You do not have enough ${opts.symbol ?? 'USD'}.` };
  }
  return null;
}

/** After the quote: whether the total leaving the wallet (amount + fee) is covered by the balance. */
export function covers(balance: string | null | undefined, total: string): boolean {
  const b = balanceCents(balance);
  const t = balanceCents(total);
  return b !== null && t !== null && t <= b;
}

const TITLES: readonly string[] = ['Missing Information', 'Invalid Amount', 'Insufficient Balance'];

/**
 * A refused deposit, withdrawal or quote as a toast (spec: title plus the server's message): the
 * server's 400s carry the spec's title as `error` and the reasons per field, so the reasons are the
 * description; the ledger's refusals (409 INSUFFICIENT_FUNDS, LIMIT_EXCEEDED) carry it as
 * `details.title`; anything else gets `fallbackTitle` and the server's message.
 */
export function describeBankRefusal(e: unknown, fallbackTitle: string): { title: string; message: string } {
  const err = e as ApiError | undefined;
  if (err?.code === 'VALIDATION' && TITLES.includes(err.error)) {
    const reasons = [...new Set(Object.values(fieldErrors(e)))];
    return { title: err.error, message: reasons.join(' ') || err.error };
  }
  const title = (err?.details as { title?: unknown } | undefined)?.title;
  return { title: typeof title === 'string' ? title : fallbackTitle, message: errorMessage(e) };
}
