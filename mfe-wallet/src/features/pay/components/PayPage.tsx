import { useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  AssetIcon,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Field,
  Input,
  Label,
  MoneyDialog,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  checkAmount,
  errorMessage,
  formatAmount,
  formatFixed,
  toast,
  useMoneyAction,
  useNavigate,
  Hint,
  Select,
} from '@portal/shared-ui';
import { personName } from '../../../lib/people';
import { PinLockNotice, usePinLock } from '../../../lib/pin-lock';
import { useSendCheck } from '../../../lib/send-check';
import { QuoteLine, RefusalAt } from '../../../lib/send-check-view';
import { readyForPin, transferFailed, transferSucceeded } from '../../../lib/transfer';
import {
  useLazyTransferQuoteQuery,
  usePaymentSettingsQuery,
  useSendTransferMutation,
  useWalletAssetsQuery,
  type TransferBody,
} from '../../../lib/transfer-api';
import { UserSearch, type FoundUser } from '../../../lib/user-search';
import { usePayRequestMutation } from '../api/pay';
import { Keypad } from './Keypad';
import { initialKeypad, keypadAmount, press, type Key } from './keypad';

const Page = styled.div`max-width: 560px; margin: 0 auto; display: grid; gap: 24px;`;
const Display = styled.output`
  display: block; text-align: right; font-size: 32px; font-weight: 700; font-variant-numeric: tabular-nums; padding: 8px 12px; margin-bottom: 12px;
  border-radius: ${(p) => p.theme.radius.md}; background: ${(p) => p.theme.colors.muted};
`;
const AssetRow = styled.div`display: flex; gap: 8px; align-items: center; select { flex: 1; }`;

const display = personName;

/** /pay (docs/product.md "Sending and requesting money"): Send and Request tabs. `extra`: what App shows below (payment requests). */
export function PayPage({ extra }: { extra?: ReactNode }) {
  const navigate = useNavigate();
  const [tab, setTab] = useState<'send' | 'request'>('send');
  const [user, setUser] = useState<FoundUser | null>(null);
  const [symbol, setSymbol] = useState('');
  const [keypad, setKeypad] = useState(initialKeypad);
  const [note, setNote] = useState('');
  const assets = useWalletAssetsQuery(tab === 'send' ? 'funded' : 'all');
  const settings = usePaymentSettingsQuery();
  const lockedUntil = usePinLock();
  const [paySend] = useSendTransferMutation();
  const [quoteSend] = useLazyTransferQuoteQuery();
  const [payRequest, requesting] = usePayRequestMutation();
  const wallets = assets.data?.wallets ?? [];
  const selected = wallets.find((w) => w.asset.symbol === symbol);
  const amount = keypadAmount(keypad);
  // Sending: the server's quote of exactly what is typed (scale, recipient, balance with the fee) before the PIN.
  const typedAmount = selected && amount ? checkAmount(amount, selected.asset) : null;
  const check = useSendCheck(
    tab === 'send' && amount && symbol
      ? { amount, assetSymbol: symbol, ...(user ? { recipientId: user.id } : {}) }
      : null,
    typedAmount?.error ?? null,
  );
  const confirmable = !!check.quote?.recipient && !lockedUntil;
  const send = useMoneyAction({
    send: (body: Omit<TransferBody, 'pin'>, request) => paySend({ ...body, ...request }).unwrap(),
    quote: (b) =>
      quoteSend(
        { amount: b.amount, assetSymbol: b.assetSymbol, recipientId: b.recipientId ?? undefined },
        true,
      ).unwrap(),
    amount: selected && { field: 'amount', asset: selected.asset },
    onSuccess: (r) => {
      transferSucceeded(r, user ? display(user) : '');
      reset();
      navigate('/dashboard');
    },
    onRefused: (e) => transferFailed(e, navigate), // the form keeps its values
  });
  const busy = send.busy || requesting.isLoading;

  useEffect(() => {
    if (assets.error)
      toast({
        title: tab === 'send' ? 'Error fetching wallet balances' : 'Error fetching assets',
        description: errorMessage(assets.error),
        variant: 'destructive',
      });
  }, [assets.error, tab]);
  useEffect(() => {
    if (wallets.length && !wallets.some((w) => w.asset.symbol === symbol)) setSymbol(wallets[0]!.asset.symbol);
  }, [wallets, symbol]);

  const reset = () => {
    setUser(null);
    setKeypad(initialKeypad);
    setNote('');
  };
  // The default hashtags are added by the server to what is sent (one rule for every send path).
  const description = () => note.trim() || null;

  function onSubmit() {
    if (!user || !amount || !symbol) {
      toast({
        title: 'Missing Information',
        description: 'Please choose a person, an asset and an amount above zero.',
        variant: 'destructive',
      });
      return;
    }
    if (tab === 'request') return void doRequest();
    if (!confirmable || !readyForPin(settings.data?.pin_set, navigate)) return;
    send.open({ recipientId: user.id, amount, assetSymbol: symbol, description: description() });
  }

  async function doRequest() {
    try {
      const { request } = await payRequest({
        payerId: user!.id,
        amount: amount!,
        assetSymbol: symbol,
        description: description(),
      }).unwrap();
      toast({
        title: 'Request Sent',
        description: `You requested ${formatAmount(request.amount, request.asset.scale)} ${request.asset.symbol} from ${display(user!)}.`,
        variant: 'success',
      });
      reset();
    } catch (e) {
      toast({ title: 'Request Failed', description: errorMessage(e), variant: 'destructive' });
    }
  }

  return (
    <Page data-testid="pay">
      <Card>
        <CardHeader>
          <CardTitle>Pay &amp; Request</CardTitle>
          <CardDescription>Send money to someone or ask them for it</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="send" value={tab} onValueChange={(v) => setTab(v as 'send' | 'request')}>
            <TabsList>
              <TabsTrigger value="send">Send</TabsTrigger>
              <TabsTrigger value="request">Request</TabsTrigger>
            </TabsList>
            {(['send', 'request'] as const).map((t) => (
              <TabsContent key={t} value={t}>
                {t === 'send' && lockedUntil && <PinLockNotice until={lockedUntil} />}
                <Field>
                  <Label htmlFor="user-search">{t === 'send' ? 'Send to' : 'Request from'}</Label>
                  <UserSearch selected={user} onSelect={setUser} disabled={busy} />
                  {t === 'send' && <RefusalAt field="recipient" check={check} />}
                </Field>
                <Field>
                  <Label htmlFor="pay-asset">Asset</Label>
                  {assets.isLoading ? (
                    <Hint role="status">
                      <Spinner /> Loading assets...
                    </Hint>
                  ) : wallets.length === 0 ? (
                    <Hint>You have no assets with a balance to send.</Hint>
                  ) : (
                    <AssetRow>
                      {selected && (
                        <AssetIcon symbol={selected.asset.symbol} logoUrl={selected.asset.logo_url} size={32} />
                      )}
                      <Select id="pay-asset" value={symbol} onChange={(e) => setSymbol(e.target.value)} disabled={busy}>
                        {wallets.map((w) => (
                          <option key={w.asset.symbol} value={w.asset.symbol}>
                            {w.asset.name} ({w.asset.symbol}){t === 'send' ? ` - ${formatFixed(w.balance, 4)}` : ''}
                          </option>
                        ))}
                      </Select>
                    </AssetRow>
                  )}
                  {t === 'send' && <RefusalAt field="asset" check={check} />}
                </Field>
                <Display aria-label="Amount" data-testid="keypad-display">
                  {keypad.display}
                </Display>
                <Keypad onKey={(k: Key) => setKeypad((s) => press(s, k))} disabled={busy} />
                {t === 'send' && (
                  <>
                    <RefusalAt field="amount" check={check} />
                    <QuoteLine check={check} symbol={symbol} />
                    <RefusalAt field="form" check={check} />
                  </>
                )}
                <Field style={{ marginTop: 16 }}>
                  <Label htmlFor="pay-note">Note</Label>
                  <Input
                    id="pay-note"
                    value={note}
                    onChange={(e) => setNote(e.target.value)}
                    disabled={busy}
                    maxLength={500}
                    placeholder="What's it for?"
                  />
                  {t === 'send' && (settings.data?.default_payment_hashtags.length ?? 0) > 0 && (
                    <Hint>Your default hashtags are added: {settings.data!.default_payment_hashtags.join(' ')}</Hint>
                  )}
                </Field>
                <Button
                  type="button"
                  $block
                  disabled={busy || !amount || !symbol || !user || (t === 'send' && !confirmable)}
                  onClick={onSubmit}
                >
                  {busy ? 'Processing...' : t === 'send' ? 'Send' : 'Request'}
                </Button>
              </TabsContent>
            ))}
          </Tabs>
        </CardContent>
      </Card>
      {extra}
      <MoneyDialog
        action={send}
        summary={(b, q) =>
          q &&
          user &&
          `Send ${b.amount} ${b.assetSymbol} to ${display(user)} (fee ${q.fee} ${b.assetSymbol}, total ${q.total} ${b.assetSymbol}). Enter your 4-digit PIN.`
        }
      />
    </Page>
  );
}
