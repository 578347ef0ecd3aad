import { useState, type FormEvent } from 'react';
import {
  AmountField,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  MoneyDialog,
  errorMessage,
  fieldErrors,
  toast,
  useMoneyAction,
} from '@portal/shared-ui';
import { moneyText } from '../../../lib/ui';
import { useInvestMutation, useLazyInvestmentQuoteQuery, type CampaignPageData } from '../api/campaign';
import { checkInvestment } from './invest-check';

/**
 * The server's refusal of an investment as its toast title: the title the ledger names ('Insufficient
 * Balance', 'Limit Exceeded'), else 'Amount Too Low' / 'Amount Too High' / 'Investment Failed'.
 */
function refusalTitle(err: unknown, reason: string | undefined) {
  const named = (err as { details?: { title?: unknown } } | undefined)?.details?.title;
  if (typeof named === 'string') return named;
  return reason?.startsWith('Minimum')
    ? 'Amount Too Low'
    : reason?.startsWith('Maximum')
      ? 'Amount Too High'
      : 'Investment Failed';
}

export function InvestPanel({ campaign }: { campaign: CampaignPageData['campaign'] }) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [invest] = useInvestMutation();
  const [quoteInvestment] = useLazyInvestmentQuoteQuery();
  const action = useMoneyAction({
    send: (body: { id: string; amount: string }, request) => invest({ ...body, ...request }).unwrap(),
    // who may invest, the amount rules, the balance and the limits, before the PIN (nothing moves)
    quote: (body) => quoteInvestment(body, true).unwrap(),
    amount: { field: 'amount', asset: campaign.currency },
    onSuccess: () => {
      setAmount('');
      toast({ title: 'Investment Submitted!', description: 'Your investment intent is pending verification.' });
    },
    onRefused: (err) => {
      const reason = fieldErrors(err).amount;
      toast({ title: refusalTitle(err, reason), description: reason ?? errorMessage(err), variant: 'destructive' });
    },
  });
  const review = (e: FormEvent) => {
    e.preventDefault();
    const refusal = checkInvestment(amount, campaign);
    setError(refusal?.text ?? '');
    if (refusal) return toast({ title: refusal.title, description: refusal.text, variant: 'destructive' });
    action.open({ id: campaign.id, amount: amount.trim() });
  };
  return (
    <Card data-testid="invest-panel">
      <CardHeader>
        <CardTitle as="h2">Invest</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={review} noValidate>
          <AmountField
            id="invest-amount"
            label={`Amount (${campaign.currency.symbol})`}
            asset={campaign.currency}
            value={amount}
            refusal={error}
            onChange={(text) => {
              setAmount(text);
              setError('');
            }}
          />
          <p style={{ fontSize: 13, margin: '0 0 12px' }}>
            Minimum {moneyText(campaign.min_investment, campaign.currency)}
            {campaign.max_investment ? `, maximum ${moneyText(campaign.max_investment, campaign.currency)}` : ''}. The
            amount is held in escrow: if the campaign does not reach its target by its end date, it is returned in full.
          </p>
          <Button type="submit" $block>
            Invest
          </Button>
        </form>
      </CardContent>
      <MoneyDialog
        action={action}
        summary={(b) =>
          `Invest ${b.amount} ${campaign.currency.symbol} in ${campaign.company_name}. It is held in escrow until the campaign ends.`
        }
      />
    </Card>
  );
}
