import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogDescription, DialogFooter, DialogTitle, Field, FieldError, Input, Label, PinDialog, Textarea, errorMessage, fieldErrors, toast } from '@portal/shared-ui';
import { newIdempotencyKey } from '../../../lib/api';
import { moneyText } from '../../../lib/ui';
import { useAddMilestoneMutation, useLazyHoldQuoteQuery, type ContractPageData, type HoldQuote } from '../api/contract';

const REQUIRED = 'Please fill in all required fields.';

/** Client: a milestone is funded when added. Step 1 the fields, step 2 the quote of what will be held, step 3 the PIN. */
export function AddMilestoneDialog({ contract, open, onOpenChange }: { contract: ContractPageData['contract']; open: boolean; onOpenChange: (o: boolean) => void }) {
  const [title, setTitle] = useState('');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [due, setDue] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [quote, setQuote] = useState<HoldQuote | null>(null);
  const [pinOpen, setPinOpen] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const [getQuote, quoting] = useLazyHoldQuoteQuery();
  const [add, adding] = useAddMilestoneMutation();
  const reset = () => { setTitle(''); setAmount(''); setDescription(''); setDue(''); setErrors({}); setQuote(null); setKey(newIdempotencyKey()); };

  const review = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = REQUIRED;
    if (!amount.trim()) found.amount = REQUIRED;
    else if (!/^\d{1,20}(\.\d{1,30})?$/.test(amount.trim()) || Number(amount) <= 0) found.amount = 'Amount must be greater than zero.';
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      setQuote(await getQuote({ id: contract.id, amount: amount.trim() }).unwrap());
    } catch (err) {
      setErrors(fieldErrors(err));
      toast({ title: 'Failed to Add Milestone', description: errorMessage(err), variant: 'destructive' });
    }
  };
  const confirm = async (pin: string) => {
    try {
      await add({ contractId: contract.id, idempotencyKey: key, title: title.trim(), amount: amount.trim(), description: description.trim() || null, due_date: due || null, pin }).unwrap();
      setPinOpen(false);
      onOpenChange(false);
      reset();
      toast({ title: 'Milestone Added', description: `${moneyText(quote!.amount, contract.asset)} is held in escrow until you approve the work.` });
    } catch (err) {
      toast({ title: 'Failed to Add Milestone', description: errorMessage(err), variant: 'destructive' });
      const fields = fieldErrors(err);
      if (Object.keys(fields).length && !fields.pin) { setPinOpen(false); setQuote(null); setErrors(fields); }
    }
  };

  return (
    <>
      <Dialog open={open && !pinOpen} onOpenChange={(o) => { onOpenChange(o); if (!o) reset(); }} label="Add milestone">
        <DialogTitle>Add Milestone</DialogTitle>
        {!quote ? (
          <form onSubmit={review} noValidate>
            <DialogDescription>Its amount moves from your {contract.asset.symbol} wallet into escrow now, and is paid to the freelancer when you approve the work.</DialogDescription>
            <Field><Label htmlFor="ms-title">Title</Label><Input id="ms-title" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />{errors.title && <FieldError>{errors.title}</FieldError>}</Field>
            <Field><Label htmlFor="ms-amount">Amount ({contract.asset.symbol})</Label><Input id="ms-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />{errors.amount && <FieldError role="alert">{errors.amount}</FieldError>}</Field>
            <Field><Label htmlFor="ms-description">Description (optional)</Label><Textarea id="ms-description" rows={3} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} /></Field>
            <Field><Label htmlFor="ms-due">Due date (optional)</Label><Input id="ms-due" type="date" value={due} onChange={(e) => setDue(e.target.value)} />{errors.due_date && <FieldError>{errors.due_date}</FieldError>}</Field>
            <DialogFooter>
              <Button type="button" $variant="outline" onClick={() => { onOpenChange(false); reset(); }}>Cancel</Button>
              <Button type="submit" disabled={quoting.isFetching}>{quoting.isFetching ? 'Checking...' : 'Review'}</Button>
            </DialogFooter>
          </form>
        ) : (
          <div data-testid="hold-quote">
            <DialogDescription>Please check before you confirm with your PIN.</DialogDescription>
            <p><strong>{title}</strong></p>
            <p>Held in escrow: <strong>{moneyText(quote.amount, quote.asset)}</strong></p>
            <p>Your balance: {moneyText(quote.balance, quote.asset)} → {moneyText(quote.balance_after, quote.asset)}</p>
            <DialogFooter>
              <Button type="button" $variant="outline" onClick={() => setQuote(null)}>Back</Button>
              <Button type="button" onClick={() => setPinOpen(true)}>Fund Milestone</Button>
            </DialogFooter>
          </div>
        )}
      </Dialog>
      <PinDialog open={pinOpen} onOpenChange={setPinOpen} onConfirm={confirm} busy={adding.isLoading} description={quote ? `Hold ${moneyText(quote.amount, quote.asset)} in escrow for “${title}”.` : undefined} />
    </>
  );
}
