import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Field,
  Hint,
  Label,
  MoneyDialog,
  Select,
  formatFixed,
  toast,
  useMoneyAction,
  useNavigate,
} from '@portal/shared-ui';
import { PinLockNotice, usePinLock } from '../../../lib/pin-lock';
import { readyForPin } from '../../../lib/transfer';
import { usePaymentSettingsQuery } from '../../../lib/transfer-api';
import type { LinkedAccount } from '../api/list-accounts';
import { useWithdrawMutation } from '../api/withdraw';
import { useLazyWithdrawalQuoteQuery, useWithdrawalQuoteQuery, type WithdrawalQuote } from '../api/withdrawal-quote';
import { BANK_USD, checkMove, covers, describeBankRefusal, type BankMove, type MoveRefusal } from './move-check';
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

const QuoteBox = styled.div`
  margin: 0 0 16px; padding: 12px 14px; border-radius: ${(p) => p.theme.radius.md}; background: ${(p) => p.theme.colors.muted};
  dl { display: grid; grid-template-columns: 1fr auto; gap: 4px 16px; margin: 0; font-variant-numeric: tabular-nums; font-size: 14px; }
  dd { margin: 0; text-align: right; }
  dt:last-of-type, dd:last-of-type { font-weight: 700; }
  p { margin: 8px 0 0; font-size: 13px; color: ${(p) => p.theme.colors.mutedForeground}; }
`;

function QuoteView({ quote, symbol }: { quote: WithdrawalQuote; symbol: string }) {
  return (
    <QuoteBox data-testid="withdraw-quote" aria-live="polite">
      <dl>
        <dt>Amount</dt>
        <dd>
          {quote.amount} {symbol}
        </dd>
        <dt>Fee</dt>
        <dd data-testid="withdraw-fee">
          {quote.fee} {symbol}
        </dd>
        <dt>Total leaving your wallet</dt>
        <dd data-testid="withdraw-total">
          {quote.total} {symbol}
        </dd>
      </dl>
      <p data-testid="withdraw-timing">{quote.timing}</p>
    </QuoteBox>
  );
}

/**
 * Instant withdrawal to a linked bank (docs/product.md "Linked accounts, deposits and withdrawal"): account, asset (USD) and amount, checked
 * here and again by the server; the fee, the total and the timing quoted before the PIN; then the PIN.
 */
export function WithdrawCard({ accounts }: { accounts: readonly LinkedAccount[] }) {
  const navigate = useNavigate();
  const settings = usePaymentSettingsQuery();
  const lockedUntil = usePinLock();
  const gate = useMoveGate();
  const { usd } = useUsdWallet();
  const [withdraw] = useWithdrawMutation();
  const [quoteWithdrawal] = useLazyWithdrawalQuoteQuery();
  const [accountId, setAccountId] = useState('');
  const [amount, setAmount] = useState('');
  const action = useMoneyAction({
    send: (body: BankMove, request) => withdraw({ ...body, ...request }).unwrap(),
    quote: (body) => quoteWithdrawal(body, true).unwrap(),
    amount: { field: 'amount', asset: BANK_USD },
    onSuccess: (r) => {
      if (r.message === 'Withdrawal Failed' || r.transfer.status === 'declined' || r.transfer.status === 'failed') {
        toast({
          title: 'Withdrawal Failed',
          description: `${r.transfer.failure_reason ?? 'The bank did not accept the transfer.'} The money is back in your wallet.`,
          variant: 'destructive',
        });
      } else {
        toast({ title: 'Withdrawal Started', description: r.message, variant: 'success' });
        setAmount('');
      }
    },
    onRefused: (err) => moveFailed(err, 'Withdrawal Failed', navigate), // the form keeps its values
  });

  const assetId = usd?.asset.id ?? '';
  const balance = usd?.balance ?? '0';
  const account = accounts.find((a) => a.id === accountId && a.status === 'active');
  const form = { accountId: account ? accountId : '', assetId, amount };
  const refusal = checkMove(form, { balance, symbol: BANK_ASSET });
  const { quote, error, checking } = useMoveQuote(
    useWithdrawalQuoteQuery,
    refusal ? null : { linkedAccountId: form.accountId, assetId, amount: amount.trim() },
  );
  // The server holds amount + fee: a total over the balance is refused as the amount is.
  const overTotal: MoveRefusal | null =
    quote && !covers(balance, quote.total)
      ? {
          title: 'Insufficient Balance',
          field: 'amount',
          message: `The amount plus the ${quote.fee} ${BANK_ASSET} fee is more than your ${BANK_ASSET} balance.`,
        }
      : null;
  const shownRefusal = refusal ?? overTotal;
  const quoteRefusal = error ? describeBankRefusal(error, 'Withdrawal Failed') : null;
  const busy = action.busy;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (
      !gate(shownRefusal, 'withdraw money') ||
      !quoteAllows(quoteRefusal, quote) ||
      lockedUntil ||
      !readyForPin(settings.data?.pin_set, navigate)
    )
      return;
    action.open({ linkedAccountId: form.accountId, assetId, amount: amount.trim() });
  }

  return (
    <Section data-testid="withdraw-card">
      <CardHeader>
        <CardTitle as="h2">Withdraw to your bank</CardTitle>
        <CardDescription>Instant withdrawal from your wallet to a linked account.</CardDescription>
      </CardHeader>
      <CardContent>
        {lockedUntil && <PinLockNotice until={lockedUntil} />}
        <form onSubmit={onSubmit} aria-label="Withdraw to your bank" noValidate>
          <AccountSelect
            id="withdraw-account"
            accounts={accounts}
            value={accountId}
            onChange={setAccountId}
            disabled={busy}
            refusal={shownRefusal}
          />
          <Field>
            <Label htmlFor="withdraw-asset">Asset</Label>
            <Select id="withdraw-asset" value={assetId} disabled={busy || !usd} onChange={() => undefined}>
              {usd ? (
                <option value={usd.asset.id}>
                  {usd.asset.name} ({BANK_ASSET})
                </option>
              ) : (
                <option value="">US Dollar (USD)</option>
              )}
            </Select>
            <Hint>Bank transfers are in US dollars (USD) only.</Hint>
          </Field>
          <AmountField
            id="withdraw-amount"
            value={amount}
            onChange={setAmount}
            disabled={busy}
            refusal={shownRefusal}
            hint={
              <Hint data-testid="usd-balance">
                Available: {formatFixed(balance, 2)} {BANK_ASSET}
              </Hint>
            }
          />
          {checking && (
            <Hint role="status" style={{ margin: '0 0 16px' }}>
              Checking the fee...
            </Hint>
          )}
          {quote && !overTotal && <QuoteView quote={quote} symbol={BANK_ASSET} />}
          <QuoteRefusal refusal={quoteRefusal} testId="withdraw-refusal" />
          <Note>Instant withdrawals have a fee, shown here before you confirm. Bank timing may vary.</Note>
          <Button type="submit" $block disabled={busy || !!lockedUntil || (!shownRefusal && !quoteRefusal && !quote)}>
            {busy ? 'Processing...' : 'Withdraw'}
          </Button>
        </form>
      </CardContent>
      <MoneyDialog
        action={action}
        summary={(b, q) => {
          const to = accounts.find((a) => a.id === b.linkedAccountId);
          return (
            q &&
            to && (
              <span data-testid="withdraw-pin-summary">
                Withdraw {b.amount} {BANK_ASSET} to {to.institution_name} {masked(to.account_mask)}. Fee: {q.fee}{' '}
                {BANK_ASSET}. Total leaving your wallet: {q.total} {BANK_ASSET}. Enter your 4-digit PIN to confirm.
              </span>
            )
          );
        }}
      />
    </Section>
  );
}
