import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  AssetIcon,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CenteredMessage,
  Field,
  Input,
  Label,
  MoneyDialog,
  Spinner,
  checkAmount,
  errorMessage,
  formatFixed,
  toast,
  useMoneyAction,
  useNavigate,
  useSession,
  Hint,
  Select,
} from '@portal/shared-ui';
import { PinLockNotice, usePinLock } from '../../../lib/pin-lock';
import { useSendCheck } from '../../../lib/send-check';
import { RefusalAt, QuoteLine } from '../../../lib/send-check-view';
import { readyForPin, transferFailed, transferSucceeded } from '../../../lib/transfer';
import {
  useLazyTransferQuoteQuery,
  usePaymentSettingsQuery,
  useSendTransferMutation,
  useWalletAssetsQuery,
  type TransferBody,
} from '../../../lib/transfer-api';

const Page = styled.div`max-width: 560px; margin: 0 auto;`;
const Actions = styled.div`display: flex; gap: 8px; justify-content: space-between; margin-top: 8px;`;
const AssetRow = styled.div`display: flex; gap: 8px; align-items: center; select { flex: 1; }`;

/** Good enough to ask the server about; the browser's own e-mail check still runs on submit. */
const looksLikeEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);

/** /send-money (docs/product.md "Sending and requesting money") plus the PIN dialog the server requires for every send. */
export function SendMoneyPage() {
  const navigate = useNavigate();
  const session = useSession();
  const assets = useWalletAssetsQuery();
  const settings = usePaymentSettingsQuery();
  const lockedUntil = usePinLock();
  const [sendMoney] = useSendTransferMutation();
  const [quoteSend] = useLazyTransferQuoteQuery();
  const [email, setEmail] = useState('');
  const [symbol, setSymbol] = useState('');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');

  const wallets = assets.data?.wallets ?? [];
  useEffect(() => {
    if (assets.error)
      toast({ title: 'Error fetching assets', description: errorMessage(assets.error), variant: 'destructive' });
  }, [assets.error]);
  useEffect(() => {
    if (!symbol && wallets.length) setSymbol(wallets[0]!.asset.symbol); // the first is preselected
  }, [wallets, symbol]);
  const selected = wallets.find((w) => w.asset.symbol === symbol);

  // What is typed, as the server's quote checks it (the recipient once it looks like an e-mail address).
  const to = email.trim();
  const typedAmount = selected && amount.trim() ? checkAmount(amount, selected.asset) : null;
  const typed =
    amount.trim() && symbol
      ? { amount: amount.trim(), assetSymbol: symbol, ...(looksLikeEmail(to) ? { recipientEmail: to } : {}) }
      : null;
  const check = useSendCheck(typed, typedAmount?.error ?? null);
  const confirmable = !!check.quote && !!check.quote.recipient && !lockedUntil;
  const send = useMoneyAction({
    send: (body: Omit<TransferBody, 'pin'>, request) => sendMoney({ ...body, ...request }).unwrap(),
    quote: (b) =>
      quoteSend(
        { amount: b.amount, assetSymbol: b.assetSymbol, recipientEmail: b.recipientEmail ?? undefined },
        true,
      ).unwrap(),
    amount: selected && { field: 'amount', asset: selected.asset },
    onSuccess: (r) => {
      transferSucceeded(r, to);
      setEmail('');
      setAmount('');
      setDescription('');
      setSymbol('');
      navigate('/dashboard');
    },
    onRefused: (err) => transferFailed(err, navigate), // the form keeps its values
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!session.user) {
      toast({ title: 'Not authenticated', description: 'Please log in to send money.', variant: 'destructive' });
      return;
    }
    if (!confirmable || !readyForPin(settings.data?.pin_set, navigate)) return;
    send.open({
      amount: amount.trim(),
      recipientEmail: to,
      assetSymbol: symbol,
      description: description.trim() || null,
    });
  }

  const busy = send.busy;
  return (
    <Page data-testid="send-money">
      <Button type="button" $variant="ghost" onClick={() => navigate(-1 as unknown as string)}>
        ← Back
      </Button>
      <Card>
        <CardHeader>
          <CardTitle>Send Money</CardTitle>
          <CardDescription>Transfer funds to another user</CardDescription>
        </CardHeader>
        <CardContent>
          {lockedUntil && <PinLockNotice until={lockedUntil} />}
          {assets.isLoading ? (
            <CenteredMessage role="status">
              <Spinner /> Loading assets...
            </CenteredMessage>
          ) : (
            <form onSubmit={onSubmit} noValidate={false}>
              <Field>
                <Label htmlFor="recipient-email">Recipient's Email</Label>
                <Input
                  id="recipient-email"
                  type="email"
                  required
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  disabled={busy}
                  placeholder="name@example.com"
                  aria-invalid={check.refusal?.field === 'recipient' || undefined}
                  aria-describedby="recipient-error"
                />
                <RefusalAt field="recipient" check={check} id="recipient-error" />
              </Field>
              <Field>
                <Label htmlFor="asset">Asset to Send</Label>
                {wallets.length === 0 ? (
                  <Hint>You have no assets with a balance to send.</Hint>
                ) : (
                  <AssetRow>
                    {selected && (
                      <AssetIcon symbol={selected.asset.symbol} logoUrl={selected.asset.logo_url} size={32} />
                    )}
                    <Select id="asset" value={symbol} onChange={(e) => setSymbol(e.target.value)} disabled={busy}>
                      {wallets.map((w) => (
                        <option key={w.id} value={w.asset.symbol}>
                          {w.asset.name} ({w.asset.symbol}) - {formatFixed(w.balance, 4)}
                        </option>
                      ))}
                    </Select>
                  </AssetRow>
                )}
                {selected && (
                  <Hint data-testid="available">
                    Available to send: {formatFixed(selected.balance, 8)} {selected.asset.symbol}
                  </Hint>
                )}
                <RefusalAt field="asset" check={check} />
              </Field>
              <Field>
                <Label htmlFor="amount">Amount</Label>
                <Input
                  id="amount"
                  type="number"
                  inputMode="decimal"
                  required
                  min="0.00000001"
                  step="any"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  disabled={busy}
                  placeholder="0.00"
                  aria-invalid={check.refusal?.field === 'amount' || undefined}
                  aria-describedby="amount-error"
                />
                <RefusalAt field="amount" check={check} id="amount-error" />
                <QuoteLine check={check} symbol={symbol} />
              </Field>
              <Field>
                <Label htmlFor="description">Description (optional)</Label>
                <Input
                  id="description"
                  value={description}
                  onChange={(e) => setDescription(e.target.value)}
                  disabled={busy}
                  maxLength={500}
                />
                {(settings.data?.default_payment_hashtags.length ?? 0) > 0 && (
                  <Hint>Your default hashtags are added: {settings.data!.default_payment_hashtags.join(' ')}</Hint>
                )}
              </Field>
              <RefusalAt field="form" check={check} />
              <Actions>
                <Button
                  type="submit"
                  $block
                  disabled={busy || assets.isLoading || wallets.length === 0 || !confirmable}
                >
                  {busy ? 'Processing...' : 'Send Money'}
                </Button>
              </Actions>
            </form>
          )}
        </CardContent>
      </Card>
      <MoneyDialog
        action={send}
        summary={(b, q) =>
          q && (
            <span data-testid="fee-quote">
              Sending {b.amount} {b.assetSymbol} to {q.recipient?.full_name || b.recipientEmail}. Fee: {q.fee}{' '}
              {q.asset_symbol}. Total: {q.total} {q.asset_symbol}. Enter your 4-digit PIN to confirm.
            </span>
          )
        }
      />
    </Page>
  );
}
