import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button, Card, CardContent, CardDescription, CardHeader, CardTitle, CenteredMessage, Field, Input, Label, PinDialog, Spinner,
  errorMessage, formatFixed, toast, useNavigate, useSession, type ApiError,
} from '@portal/shared-ui';
import { readyForPin, transferFailed, transferSucceeded } from '../../../lib/transfer';
import { useLazyTransferQuoteQuery, usePaymentSettingsQuery, useSendTransferMutation, useWalletAssetsQuery, type Quote } from '../../../lib/transfer-api';
import { Hint, Select } from '../../../lib/ui';

const Page = styled.div`max-width: 560px; margin: 0 auto;`;
const Actions = styled.div`display: flex; gap: 8px; justify-content: space-between; margin-top: 8px;`;

const newKey = () => crypto.randomUUID();
/** The transfer failure's description (spec 000 §8: details, else error, else the call's message). */
function failureText(e: unknown) {
  const details = (e as ApiError)?.details;
  return typeof details === 'string' ? details : errorMessage(e) || 'Function invocation failed';
}

/** /send-money (spec 000 §2 Send Money) plus the PIN dialog the server requires for every send. */
export function SendMoneyPage() {
  const navigate = useNavigate();
  const session = useSession();
  const assets = useWalletAssetsQuery();
  const settings = usePaymentSettingsQuery();
  const [getQuote] = useLazyTransferQuoteQuery();
  const [sendMoney, sending] = useSendTransferMutation();
  const [email, setEmail] = useState('');
  const [symbol, setSymbol] = useState('');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [pinOpen, setPinOpen] = useState(false);
  const [quote, setQuote] = useState<Quote | null>(null);

  const wallets = assets.data?.wallets ?? [];
  useEffect(() => {
    if (assets.error) toast({ title: 'Error fetching assets', description: errorMessage(assets.error), variant: 'destructive' });
  }, [assets.error]);
  useEffect(() => {
    if (!symbol && wallets.length) setSymbol(wallets[0]!.asset.symbol); // the first is preselected
  }, [wallets, symbol]);
  const selected = wallets.find((w) => w.asset.symbol === symbol);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!session.user) {
      toast({ title: 'Not authenticated', description: 'Please log in to send money.', variant: 'destructive' });
      return;
    }
    const n = Number(amount);
    if (!amount || !Number.isFinite(n) || n <= 0) {
      toast({ title: 'Invalid Amount', description: 'Amount must be greater than zero.', variant: 'destructive' });
      return;
    }
    if (!readyForPin({ amount, symbol, wallet: selected, pinSet: settings.data?.pin_set, navigate })) return;
    try {
      setQuote(await getQuote({ amount: amount.trim(), assetSymbol: symbol }).unwrap());
    } catch (err) {
      transferFailed(err, navigate, failureText);
      return;
    }
    setPinOpen(true);
  }

  async function onPin(pin: string) {
    try {
      const r = await sendMoney({ idempotencyKey: newKey(), amount: amount.trim(), recipientEmail: email.trim(), assetSymbol: symbol, description: description.trim() || null, pin }).unwrap();
      setPinOpen(false);
      transferSucceeded(r, email.trim());
      setEmail(''); setAmount(''); setDescription(''); setSymbol('');
      navigate('/dashboard');
    } catch (err) {
      setPinOpen(false);
      transferFailed(err, navigate, failureText); // the form keeps its values
    }
  }

  const busy = sending.isLoading;
  return (
    <Page data-testid="send-money">
      <Button type="button" $variant="ghost" onClick={() => navigate(-1 as unknown as string)}>← Back</Button>
      <Card>
        <CardHeader>
          <CardTitle>Send Money</CardTitle>
          <CardDescription>Transfer funds to another user</CardDescription>
        </CardHeader>
        <CardContent>
          {assets.isLoading ? (
            <CenteredMessage role="status"><Spinner /> Loading assets...</CenteredMessage>
          ) : (
            <form onSubmit={onSubmit} noValidate={false}>
              <Field>
                <Label htmlFor="recipient-email">Recipient's Email</Label>
                <Input id="recipient-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} disabled={busy} placeholder="name@example.com" />
              </Field>
              <Field>
                <Label htmlFor="asset">Asset to Send</Label>
                {wallets.length === 0 ? (
                  <Hint>You have no assets with a balance to send.</Hint>
                ) : (
                  <Select id="asset" value={symbol} onChange={(e) => setSymbol(e.target.value)} disabled={busy}>
                    {wallets.map((w) => (
                      <option key={w.id} value={w.asset.symbol}>{w.asset.name} ({w.asset.symbol}) - {formatFixed(w.balance, 4)}</option>
                    ))}
                  </Select>
                )}
                {selected && <Hint data-testid="available">Available to send: {formatFixed(selected.balance, 8)} {selected.asset.symbol}</Hint>}
              </Field>
              <Field>
                <Label htmlFor="amount">Amount</Label>
                <Input id="amount" type="number" inputMode="decimal" required min="0.00000001" step="any" value={amount} onChange={(e) => setAmount(e.target.value)} disabled={busy} placeholder="0.00" />
              </Field>
              <Field>
                <Label htmlFor="description">Description (optional)</Label>
                <Input id="description" value={description} onChange={(e) => setDescription(e.target.value)} disabled={busy} maxLength={500} />
              </Field>
              <Actions>
                <Button type="submit" $block disabled={busy || assets.isLoading || wallets.length === 0}>{busy ? 'Processing...' : 'Send Money'}</Button>
              </Actions>
            </form>
          )}
        </CardContent>
      </Card>
      <PinDialog
        open={pinOpen}
        onOpenChange={setPinOpen}
        busy={busy}
        onConfirm={onPin}
        description={quote ? (
          <span data-testid="fee-quote">Sending {quote.amount} {quote.asset_symbol} to {email.trim()}. Fee: {quote.fee} {quote.asset_symbol}. Total: {quote.total} {quote.asset_symbol}. Enter your 4-digit PIN to confirm.</span>
        ) : undefined}
      />
    </Page>
  );
}
