import type { ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Field, Hint, Input, Label, Select, toast, useDebounced, useSession } from '@portal/shared-ui';
import { transferFailed } from '../../../lib/transfer';
import { useWalletAssetsQuery } from '../../../lib/transfer-api';
import type { LinkedAccount } from '../api/list-accounts';
import { describeBankRefusal, type MoveRefusal } from './move-check';
import { Inline, masked } from './ui';

/** Bank transfers are in US dollars only (the server refuses other assets: 'Bank transfers are in US dollars (USD) only.'). */
export const BANK_ASSET = 'USD';

/** The caller's USD wallet (every asset, with 0 when the wallet is empty): the asset's id for the forms and its balance. */
export function useUsdWallet() {
  const assets = useWalletAssetsQuery('all');
  const usd = assets.data?.wallets.find((w) => w.asset.symbol === BANK_ASSET);
  return { usd, isLoading: assets.isLoading, error: assets.error };
}

/** 'Plaid Checking •••• 0000 · First Platypus Bank': the account first, so a narrow select still shows which one. */
export const accountLabel = (a: LinkedAccount) =>
  `${a.account_name}${a.account_mask ? ` ${masked(a.account_mask)}` : ''} · ${a.institution_name}`;

/** The account choice of the deposit and withdrawal forms: active accounts only (the others need Reconnect first). */
export function AccountSelect({
  id,
  accounts,
  value,
  onChange,
  disabled,
  refusal,
}: {
  id: string;
  accounts: readonly LinkedAccount[];
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
  refusal: MoveRefusal | null;
}) {
  const active = accounts.filter((a) => a.status === 'active');
  const waiting = accounts.filter((a) => a.status === 'login_required').length;
  return (
    <Field>
      <Label htmlFor={id}>Bank account</Label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        <option value="">{active.length ? 'Choose a bank account' : 'No active bank account'}</option>
        {active.map((a) => (
          <option key={a.id} value={a.id}>
            {accountLabel(a)}
          </option>
        ))}
      </Select>
      {accounts.length === 0 && <Hint>Add a bank account first.</Hint>}
      {waiting > 0 && (
        <Hint>
          {waiting === 1
            ? 'One account needs you to sign in again (Reconnect) before it can be used.'
            : `${waiting} accounts need you to sign in again (Reconnect) before they can be used.`}
        </Hint>
      )}
      {refusal?.field === 'account' && refusal.title !== 'Missing Information' && (
        <Inline role="alert">{refusal.message}</Inline>
      )}
    </Field>
  );
}

/** The amount, with its refusal shown at the field while typing (not 'Missing Information': that waits for the submit). */
export function AmountField({
  id,
  value,
  onChange,
  disabled,
  refusal,
  hint,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  disabled?: boolean;
  refusal: MoveRefusal | null;
  hint?: ReactNode;
}) {
  const shown =
    refusal?.field === 'amount' && refusal.title !== 'Missing Information' && value.trim() !== '' ? refusal : null;
  return (
    <Field>
      <Label htmlFor={id}>Amount (USD)</Label>
      <Input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-error`}
      />
      {shown && (
        <Inline id={`${id}-error`} role="alert" data-testid={`${id}-refusal`}>
          <strong>{shown.title}: </strong>
          {shown.message}
        </Inline>
      )}
      {hint}
    </Field>
  );
}

/** What a quote of the deposit or withdrawal form is asked with (both quotes take the form's fields). */
export interface MoveQuery {
  linkedAccountId: string;
  assetId: string;
  amount: string;
}
type QuoteHook<T> = (
  arg: MoveQuery | typeof skipToken,
  options: { refetchOnMountOrArgChange: boolean },
) => { currentData?: T; error?: unknown; isFetching: boolean };

/** The server's quote of exactly what is typed (`useQuery`: the deposit's or the withdrawal's), asked 300 ms after the last change, once the form passes the client's checks. */
export function useMoveQuote<T>(useQuery: QuoteHook<T>, typed: MoveQuery | null) {
  const key = typed ? JSON.stringify(typed) : null;
  const settled = useDebounced(key);
  const current = key !== null && settled === key;
  const q = useQuery(current ? typed! : skipToken, { refetchOnMountOrArgChange: true });
  const done = current && !q.isFetching;
  return {
    quote: done ? q.currentData : undefined,
    error: done && !q.currentData ? q.error : undefined,
    checking: key !== null && !done,
  };
}

/** After the client's checks: a refused quote is its toast; otherwise the form may go on once the quote of what is typed has come back. */
export function quoteAllows(quoteRefusal: { title: string; message: string } | null, quote: unknown): boolean {
  if (quoteRefusal) {
    toast({ title: quoteRefusal.title, description: quoteRefusal.message, variant: 'destructive' });
    return false;
  }
  return quote !== undefined;
}

/** A refused quote under the form, before the PIN: its title and the server's sentence. */
export function QuoteRefusal({
  refusal,
  testId,
}: {
  refusal: { title: string; message: string } | null;
  testId: string;
}) {
  if (!refusal) return null;
  return (
    <Inline role="alert" style={{ margin: '0 0 16px' }} data-testid={testId}>
      <strong>{refusal.title}: </strong>
      {refusal.message}
    </Inline>
  );
}

/** Before the PIN: the user is signed in and the form passes the client's checks; otherwise a destructive toast. */
export function useMoveGate() {
  const session = useSession();
  return (refusal: MoveRefusal | null, what: string): boolean => {
    if (!session.user) {
      toast({ title: 'Not authenticated', description: `Please log in to ${what}.`, variant: 'destructive' });
      return false;
    }
    if (refusal) {
      toast({ title: refusal.title, description: refusal.message, variant: 'destructive' });
      return false;
    }
    return true;
  };
}

/** A refused deposit or withdrawal: the PIN's own toasts (PIN Not Set -> /profile, Incorrect PIN, PIN Locked), else the spec's title and the server's message. */
export function moveFailed(e: unknown, fallbackTitle: string, navigate: (to: string) => void) {
  const code = (e as { code?: string } | undefined)?.code;
  if (code === 'PIN_NOT_SET' || code === 'PIN_INCORRECT' || code === 'PIN_LOCKED') return transferFailed(e, navigate);
  const r = describeBankRefusal(e, fallbackTitle);
  toast({ title: r.title, description: r.message, variant: 'destructive' });
}
