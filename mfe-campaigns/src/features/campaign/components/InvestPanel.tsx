import { useState, type FormEvent } from 'react';
import { Button, Card, CardContent, CardHeader, CardTitle, Field, FieldError, Input, Label, PinDialog, errorMessage, fieldErrors, toast } from '@portal/shared-ui';
import { newIdempotencyKey } from '../../../lib/api';
import { moneyText } from '../../../lib/ui';
import { useInvestMutation, type CampaignPageData } from '../api/campaign';

/** The spec's amount checks with their toast titles (spec 001 §5 Investment); the server checks them again. */
export function checkInvestment(amount: string, c: { min_investment: string; max_investment: string | null; currency: { symbol: string; scale: number } }) {
  if (!/^\d{1,20}(\.\d{1,30})?$/.test(amount) || Number(amount) <= 0) return { title: 'Invalid Amount', text: 'Please enter a valid investment amount.' };
  if (Number(amount) < Number(c.min_investment)) return { title: 'Amount Too Low', text: `Minimum investment is ${moneyText(c.min_investment, c.currency)}.` };
  if (c.max_investment && Number(amount) > Number(c.max_investment)) return { title: 'Amount Too High', text: `Maximum investment is ${moneyText(c.max_investment, c.currency)}.` };
  return null;
}

export function InvestPanel({ campaign }: { campaign: CampaignPageData['campaign'] }) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [pinOpen, setPinOpen] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const [invest, { isLoading }] = useInvestMutation();
  const review = (e: FormEvent) => {
    e.preventDefault();
    const refusal = checkInvestment(amount.trim(), campaign);
    setError(refusal?.text ?? '');
    if (refusal) return toast({ title: refusal.title, description: refusal.text, variant: 'destructive' });
    setPinOpen(true);
  };
  const confirm = async (pin: string) => {
    try {
      await invest({ id: campaign.id, amount: amount.trim(), pin, idempotencyKey: key }).unwrap();
      setPinOpen(false);
      setAmount('');
      setKey(newIdempotencyKey());
      toast({ title: 'Investment Submitted!', description: 'Your investment intent is pending verification.' });
    } catch (err) {
      const field = fieldErrors(err).amount;
      if (field) { setError(field); setPinOpen(false); }
      const title = field?.startsWith('Minimum') ? 'Amount Too Low' : field?.startsWith('Maximum') ? 'Amount Too High' : 'Investment Failed';
      toast({ title, description: field ?? errorMessage(err), variant: 'destructive' });
    }
  };
  return (
    <Card data-testid="invest-panel">
      <CardHeader><CardTitle as="h2">Invest</CardTitle></CardHeader>
      <CardContent>
        <form onSubmit={review} noValidate>
          <Field>
            <Label htmlFor="invest-amount">Amount ({campaign.currency.symbol})</Label>
            <Input id="invest-amount" inputMode="decimal" value={amount} onChange={(e) => { setAmount(e.target.value); setError(''); }} aria-invalid={Boolean(error) || undefined} />
            {error && <FieldError role="alert">{error}</FieldError>}
          </Field>
          <p style={{ fontSize: 13, margin: '0 0 12px' }}>
            Minimum {moneyText(campaign.min_investment, campaign.currency)}{campaign.max_investment ? `, maximum ${moneyText(campaign.max_investment, campaign.currency)}` : ''}.
            The amount is held in escrow: if the campaign does not reach its target by its end date, it is returned in full.
          </p>
          <Button type="submit" $block>Invest</Button>
        </form>
      </CardContent>
      <PinDialog open={pinOpen} onOpenChange={setPinOpen} onConfirm={confirm} busy={isLoading}
        description={`Invest ${amount.trim() ? moneyText(amount.trim(), campaign.currency) : ''} in ${campaign.company_name}. It is held in escrow until the campaign ends.`} />
    </Card>
  );
}
