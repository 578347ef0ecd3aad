import { useState, type FormEvent } from 'react';
import {
  Button,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Hint,
  MoneyDialog,
  formatUsd,
  toast,
  useMoneyAction,
  useNavigate,
} from '@portal/shared-ui';
import { PinLockNotice, usePinLock } from '../../../lib/pin-lock';
import { readyForPin } from '../../../lib/transfer';
import { usePaymentSettingsQuery } from '../../../lib/transfer-api';
import { useDepositMutation } from '../api/deposit';
import { useDepositQuoteQuery, type DepositQuote } from '../api/deposit-quote';
import type { LinkedAccount } from '../api/list-accounts';
import { BANK_USD, checkMove, describeBankRefusal, type BankMove } from './move-check';
import {
  AccountSelect,
  AmountField,
  BANK_ASSET,
  QuoteRefusal,
  moveFailed,
  quoteAllows,
  useMoveGate,
  useMoveQuote,
  useUsdWallet,
} from './move-fields';
import { Note, Section, masked } from './ui';

const WINDOW = { daily: 'per 24 hours', weekly: 'per 7 days' } as const;

/** The deposit limits from the quote: each limit and what is left of it. */
function LimitsNote({ quote }: { quote: DepositQuote }) {
  const parts = quote.limits.map((l) => `${formatUsd(l.limit)} ${WINDOW[l.period]} (${formatUsd(l.remaining)} left)`);
  return (
    <Hint data-testid="deposit-limits" aria-live="polite" style={{ margin: '0 0 16px' }}>
      Deposit limits: {parts.join(', ')}.
    </Hint>
  );
}

/**
 * 'Add money' from a linked account: an ACH debit the bank may decline (e.g. not enough money: 'Deposit
 * Failed' with the reason). The wallet is credited when the bank settles it, usually the same business day.
 */
export function DepositCard({ accounts }: { accounts: readonly LinkedAccount[] }) {
  const navigate = useNavigate();
  const settings = usePaymentSettingsQuery();
  const lockedUntil = usePinLock();
  const gate = useMoveGate();
  const { usd } = useUsdWallet();
  const [deposit] = useDepositMutation();
  const [accountId, setAccountId] = useState('');
  const [amount, setAmount] = useState('');
  const action = useMoneyAction({
    send: (body: BankMove, request) => deposit({ ...body, ...request }).unwrap(),
    amount: { field: 'amount', asset: BANK_USD },
    onSuccess: (r) => {
      if (r.message === 'Deposit Failed' || r.transfer.status === 'declined' || r.transfer.status === 'failed') {
        toast({
          title: 'Deposit Failed',
          description: r.transfer.failure_reason ?? 'The bank did not accept the transfer.',
          variant: 'destructive',
        });
      } else {
        toast({ title: 'Deposit Started', description: r.message, variant: 'success' });
        setAmount('');
      }
    },
    onRefused: (err) => moveFailed(err, 'Deposit Failed', navigate),
  });

  const assetId = usd?.asset.id ?? '';
  const account = accounts.find((a) => a.id === accountId && a.status === 'active');
  const form = { accountId: account ? accountId : '', assetId, amount };
  const refusal = checkMove(form);
  const { quote, error, checking } = useMoveQuote(
    useDepositQuoteQuery,
    refusal ? null : { linkedAccountId: form.accountId, assetId, amount: amount.trim() },
  );
  const quoteRefusal = error ? describeBankRefusal(error, 'Deposit Failed') : null;
  const busy = action.busy;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (
      !gate(refusal, 'add money') ||
      !quoteAllows(quoteRefusal, quote) ||
      lockedUntil ||
      !readyForPin(settings.data?.pin_set, navigate)
    )
      return;
    action.open({ linkedAccountId: form.accountId, assetId, amount: amount.trim() });
  }

  return (
    <Section data-testid="deposit-card">
      <CardHeader>
        <CardTitle as="h2">Add money</CardTitle>
        <CardDescription>Move US dollars from a linked account into your wallet.</CardDescription>
      </CardHeader>
      <CardContent>
        {lockedUntil && <PinLockNotice until={lockedUntil} />}
        <form onSubmit={onSubmit} aria-label="Add money from your bank" noValidate>
          <AccountSelect
            id="deposit-account"
            accounts={accounts}
            value={accountId}
            onChange={setAccountId}
            disabled={busy}
            refusal={refusal}
          />
          <AmountField id="deposit-amount" value={amount} onChange={setAmount} disabled={busy} refusal={refusal} />
          {checking && (
            <Hint role="status" style={{ margin: '0 0 16px' }}>
              Checking your deposit limits...
            </Hint>
          )}
          {quote && <LimitsNote quote={quote} />}
          <QuoteRefusal refusal={quoteRefusal} testId="deposit-refusal" />
          <Note>
            No fee. Your wallet is credited when your bank settles the transfer, usually the same business day (bank
            timing may vary).
          </Note>
          <Button type="submit" $block disabled={busy || !!lockedUntil || (!refusal && !quoteRefusal && !quote)}>
            {busy ? 'Processing...' : 'Add money'}
          </Button>
        </form>
      </CardContent>
      <MoneyDialog
        action={action}
        summary={(b) => {
          const to = accounts.find((a) => a.id === b.linkedAccountId);
          return (
            to && (
              <span data-testid="deposit-pin-summary">
                Add {b.amount} {BANK_ASSET} from {to.institution_name} {masked(to.account_mask)}. Enter your 4-digit PIN
                to confirm.
              </span>
            )
          );
        }}
      />
    </Section>
  );
}
