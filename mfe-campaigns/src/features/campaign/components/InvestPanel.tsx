import { useState, type FormEvent } from 'react';
import { AmountField, Button, Card, CardContent, CardHeader, CardTitle, MoneyDialog, checkAmount, compareAmounts, errorMessage, tooManyDecimals, fieldErrors, toast, useMoneyAction } from '@portal/shared-ui';
import { moneyText } from '../../../lib/ui';
import { useInvestMutation, type CampaignPageData } from '../api/campaign';

type Campaign = Pick<CampaignPageData['campaign'], 'min_investment' | 'max_investment' | 'currency'>;

/** The spec's amount checks with their toast titles (spec 001 §5 Investment); the server checks them again. */
export function checkInvestment(text: string, c: Campaign) {
  const typed = checkAmount(text, c.currency);
  if (typed.amount === null) return { title: 'Invalid Amount', text: typed.error === tooManyDecimals(c.currency) ? typed.error : 'Please enter a valid investment amount.' };
  if (compareAmounts(typed.amount, c.min_investment) < 0) return { title: 'Amount Too Low', text: `Minimum investment is ${moneyText(c.min_investment, c.currency)}.` };
  if (c.max_investment && compareAmounts(typed.amount, c.max_investment) > 0) return { title: 'Amount Too High', text: `Maximum investment is ${moneyText(c.max_investment, c.currency)}.` };
  return null;
}

/** The server's refusal of an investment as its toast title (spec 001 §8 Campaigns). */
function refusalTitle(reason: string | undefined) {
  return reason?.startsWith('Minimum') ? 'Amount Too Low' : reason?.startsWith('Maximum') ? 'Amount Too High' : 'Investment Failed';
}

export function InvestPanel({ campaign }: { campaign: CampaignPageData['campaign'] }) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [invest] = useInvestMutation();
  const action = useMoneyAction({
    send: (body: { id: string; amount: string }, request) => invest({ ...body, ...request }).unwrap(),
    amount: { field: 'amount', asset: campaign.currency },
    onSuccess: () => {
      setAmount('');
      toast({ title: 'Investment Submitted!', description: 'Your investment intent is pending verification.' });
    },
    onRefused: (err) => {
      const reason = fieldErrors(err).amount;
      toast({ title: refusalTitle(reason), description: reason ?? errorMessage(err), variant: 'destructive' });
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
      <CardHeader><CardTitle as="h2">Invest</CardTitle></CardHeader>
      <CardContent>
        <form onSubmit={review} noValidate>
          <AmountField id="invest-amount" label={`Amount (${campaign.currency.symbol})`} asset={campaign.currency} value={amount} refusal={error}
            onChange={(text) => { setAmount(text); setError(''); }} />
          <p style={{ fontSize: 13, margin: '0 0 12px' }}>
            Minimum {moneyText(campaign.min_investment, campaign.currency)}{campaign.max_investment ? `, maximum ${moneyText(campaign.max_investment, campaign.currency)}` : ''}.
            The amount is held in escrow: if the campaign does not reach its target by its end date, it is returned in full.
          </p>
          <Button type="submit" $block>Invest</Button>
        </form>
      </CardContent>
      <MoneyDialog action={action}
        summary={(b) => `Invest ${b.amount} ${campaign.currency.symbol} in ${campaign.company_name}. It is held in escrow until the campaign ends.`} />
    </Card>
  );
}
