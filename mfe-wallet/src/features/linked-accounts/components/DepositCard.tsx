import { useState, type FormEvent } from 'react';
import { Button, CardContent, CardDescription, CardHeader, CardTitle, Hint, PinDialog, formatUsd, toast, useNavigate } from '@portal/shared-ui';
import { PinLockNotice, usePinLock } from '../../../lib/pin-lock';
import { readyForPin } from '../../../lib/transfer';
import { usePaymentSettingsQuery } from '../../../lib/transfer-api';
import { useDepositMutation } from '../api/deposit';
import { useDepositQuoteQuery, type DepositQuote } from '../api/deposit-quote';
import type { LinkedAccount } from '../api/list-accounts';
import { amountCents, centsText, checkMove, describeBankRefusal } from './move-check';
import { AccountSelect, AmountField, BANK_ASSET, QuoteRefusal, moveFailed, quoteAllows, useMoveGate, useMoveQuote, useUsdWallet } from './move-fields';
import { Note, Section, masked } from './ui';

const WINDOW = { daily: 'per 24 hours', weekly: 'per 7 days' } as const;

/** The deposit limits from the quote: each limit and what is left of it. */
function LimitsNote({ quote }: { quote: DepositQuote }) {
  const parts = quote.limits.map((l) => `${formatUsd(l.limit)} ${WINDOW[l.period]} (${formatUsd(l.remaining)} left)`);
  return <Hint data-testid="deposit-limits" aria-live="polite" style={{ margin: '0 0 16px' }}>Deposit limits: {parts.join(', ')}.</Hint>;
}

/**
 * 'Add money' from a linked account: an ACH debit the bank may decline (e.g. not enough money: 'Deposit
 * Failed' with the reason). The wallet is credited when the bank settles it, usually the same business day.
 * The quote of what is typed shows the room left under the deposit limits, and refuses an amount above it, before the PIN.
 */
export function DepositCard({ accounts }: { accounts: readonly LinkedAccount[] }) {
  const navigate = useNavigate();
  const settings = usePaymentSettingsQuery();
  const lockedUntil = usePinLock();
  const gate = useMoveGate();
  const { usd } = useUsdWallet();
  const [deposit, depositing] = useDepositMutation();
  const [accountId, setAccountId] = useState('');
  const [amount, setAmount] = useState('');
  const [pinOpen, setPinOpen] = useState(false);

  const assetId = usd?.asset.id ?? '';
  const account = accounts.find((a) => a.id === accountId && a.status === 'active');
  const form = { accountId: account ? accountId : '', assetId, amount };
  const refusal = checkMove(form);
  const { quote, error, checking } = useMoveQuote(useDepositQuoteQuery, refusal ? null : { linkedAccountId: form.accountId, assetId, amount: amount.trim() });
  const quoteRefusal = error ? describeBankRefusal(error, 'Deposit Failed') : null;
  const busy = depositing.isLoading;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!gate(refusal, 'add money') || !quoteAllows(quoteRefusal, quote) || lockedUntil || !readyForPin(settings.data?.pin_set, navigate)) return;
    setPinOpen(true);
  }

  async function onPin(pin: string) {
    try {
      const r = await deposit({ idempotencyKey: crypto.randomUUID(), linkedAccountId: form.accountId, assetId, amount: amount.trim(), pin }).unwrap();
      setPinOpen(false);
      if (r.message === 'Deposit Failed' || r.transfer.status === 'declined' || r.transfer.status === 'failed') {
        toast({ title: 'Deposit Failed', description: r.transfer.failure_reason ?? 'The bank did not accept the transfer.', variant: 'destructive' });
      } else {
        toast({ title: 'Deposit Started', description: r.message, variant: 'success' });
        setAmount('');
      }
    } catch (err) {
      setPinOpen(false);
      moveFailed(err, 'Deposit Failed', navigate);
    }
  }

  const cents = amountCents(amount);
  const shown = cents !== null ? centsText(cents) : amount.trim();
  return (
    <Section data-testid="deposit-card">
      <CardHeader>
        <CardTitle as="h2">Add money</CardTitle>
        <CardDescription>Move US dollars from a linked account into your wallet.</CardDescription>
      </CardHeader>
      <CardContent>
        {lockedUntil && <PinLockNotice until={lockedUntil} />}
        <form onSubmit={onSubmit} aria-label="Add money from your bank" noValidate>
          <AccountSelect id="deposit-account" accounts={accounts} value={accountId} onChange={setAccountId} disabled={busy} refusal={refusal} />
          <AmountField id="deposit-amount" value={amount} onChange={setAmount} disabled={busy} refusal={refusal} />
          {checking && <Hint role="status" style={{ margin: '0 0 16px' }}>Checking your deposit limits...</Hint>}
          {quote && <LimitsNote quote={quote} />}
          <QuoteRefusal refusal={quoteRefusal} testId="deposit-refusal" />
          <Note>No fee. Your wallet is credited when your bank settles the transfer, usually the same business day (bank timing may vary).</Note>
          <Button type="submit" $block disabled={busy || !!lockedUntil || (!refusal && !quoteRefusal && !quote)}>{busy ? 'Processing...' : 'Add money'}</Button>
        </form>
      </CardContent>
      <PinDialog open={pinOpen} onOpenChange={setPinOpen} busy={busy} onConfirm={onPin}
        description={account ? (
          <span data-testid="deposit-pin-summary">
            Add {shown} {BANK_ASSET} from {account.institution_name} {masked(account.account_mask)}. Enter your 4-digit PIN to confirm.
          </span>
        ) : undefined} />
    </Section>
  );
}
