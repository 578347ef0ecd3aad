import { useState, type FormEvent } from 'react';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Field,
  FieldError,
  Input,
  Label,
  Textarea,
  errorMessage,
  fieldErrors,
  toast,
} from '@portal/shared-ui';
import { useSendProposalMutation } from '../api/project';

const REQUIRED = 'Please fill in all required fields.';

/** docs/product.md "Marketplace": text required; amount and duration optional numbers (blank becomes none). */
export function ProposalForm({ projectId, symbol }: { projectId: string; symbol: string }) {
  const [send, { isLoading }] = useSendProposalMutation();
  const [text, setText] = useState('');
  const [amount, setAmount] = useState('');
  const [days, setDays] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!text.trim()) found.proposal_text = REQUIRED;
    if (amount.trim() && !/^\d{1,20}(\.\d{1,30})?$/.test(amount.trim()))
      found.proposed_amount = 'Please enter a valid amount (a number, 0 or more).';
    if (days.trim() && !/^\d{1,4}$/.test(days.trim())) found.estimated_duration_days = 'Enter a whole number of days.';
    setErrors(found);
    if (Object.keys(found).length)
      return toast({
        title: 'Missing Fields',
        description: found.proposal_text ?? Object.values(found)[0],
        variant: 'destructive',
      });
    try {
      await send({
        projectId,
        proposal_text: text.trim(),
        proposed_amount: amount.trim() || null,
        estimated_duration_days: days.trim() ? Number(days) : null,
      }).unwrap();
      toast({ title: 'Proposal Submitted!', description: 'The client will see your proposal on the project.' });
    } catch (err) {
      setErrors(fieldErrors(err));
      toast({ title: 'Failed to Submit Proposal', description: errorMessage(err), variant: 'destructive' });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Send a Proposal</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate>
          <Field>
            <Label htmlFor="proposal_text">Your proposal</Label>
            <Textarea
              id="proposal_text"
              rows={5}
              maxLength={5000}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={Boolean(errors.proposal_text) || undefined}
            />
            {errors.proposal_text && <FieldError>{errors.proposal_text}</FieldError>}
          </Field>
          <Field>
            <Label htmlFor="proposed_amount">Proposed amount ({symbol}, optional)</Label>
            <Input
              id="proposed_amount"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
            {errors.proposed_amount && <FieldError>{errors.proposed_amount}</FieldError>}
          </Field>
          <Field>
            <Label htmlFor="estimated_duration_days">Estimated duration in days (optional)</Label>
            <Input
              id="estimated_duration_days"
              inputMode="numeric"
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
            {errors.estimated_duration_days && <FieldError>{errors.estimated_duration_days}</FieldError>}
          </Field>
          <Button type="submit" disabled={isLoading}>
            {isLoading ? 'Submitting...' : 'Submit Proposal'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
