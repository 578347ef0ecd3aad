import { checkAmount, compareAmounts, errorMessage, fieldErrors, type ApiError } from '@portal/shared-ui';

/**
 * The deposit and withdrawal forms checked on the client as the server checks them (docs/product.md "Linked accounts, deposits and withdrawal"
 * Withdrawal; api banking/transfers/move-input.ts): account, asset and amount required ('Missing
 * Information'); the amount a number above 0 within the dollar's 2 decimals, as typed ('Invalid Amount',
 * with shared-ui checkAmount's reason); a withdrawal not above the balance ('Insufficient Balance'). The
 * server checks again. Money is compared exactly (compareAmounts).
 */
export type MoveTitle = 'Missing Information' | 'Invalid Amount' | 'Insufficient Balance';
export type MoveField = 'account' | 'asset' | 'amount';
export interface MoveRefusal {
  title: MoveTitle;
  message: string;
  field: MoveField;
}
export interface MoveForm {
  accountId: string;
  assetId: string;
  amount: string;
}
/** What a deposit or withdrawal sends besides the PIN. */
export interface BankMove {
  linkedAccountId: string;
  assetId: string;
  amount: string;
}

/** Bank transfers move US dollars (2 decimals). */
export const BANK_USD = { symbol: 'USD', scale: 2 };

/**
 * The first reason the form cannot be sent, or null. `balance` (withdrawals): the asset's balance;
 * `symbol` names it in the sentence.
 */
export function checkMove(form: MoveForm, opts: { balance?: string | null; symbol?: string } = {}): MoveRefusal | null {
  const missing: [MoveField, string][] = [];
  if (!form.accountId) missing.push(['account', 'Choose a bank account.']);
  if (!form.assetId) missing.push(['asset', 'Choose an asset.']);
  if (!form.amount.trim()) missing.push(['amount', 'Enter an amount.']);
  if (missing.length)
    return { title: 'Missing Information', field: missing[0]![0], message: missing.map(([, m]) => m).join(' ') };
  const typed = checkAmount(form.amount, BANK_USD);
  if (typed.amount === null) return { title: 'Invalid Amount', field: 'amount', message: typed.error };
  if (opts.balance !== undefined && !covers(opts.balance, typed.amount))
    return {
      title: 'Insufficient Balance',
      field: 'amount',
      message: `You do not have enough ${opts.symbol ?? 'USD'}.`,
    };
  return null;
}

/** Whether `total` (an amount, or after the quote amount + fee) is covered by the balance, exactly. */
export function covers(balance: string | null | undefined, total: string): boolean {
  return !!balance && compareAmounts(total, balance) <= 0;
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
  // a refusal naming its own title (the ledger's: 'Insufficient Balance', 'Limit Exceeded')
  const title = (err?.details as { title?: unknown } | undefined)?.title;
  if (typeof title === 'string') return { title, message: errorMessage(e) };
  if (err?.code === 'VALIDATION' && TITLES.includes(err.error)) {
    const reasons = [...new Set(Object.values(fieldErrors(e)))];
    return { title: err.error, message: reasons.join(' ') || err.error };
  }
  return { title: fallbackTitle, message: errorMessage(e) };
}
