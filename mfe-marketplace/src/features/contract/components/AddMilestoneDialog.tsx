import { useState, type FormEvent } from 'react';
import {
  AmountField,
  Button,
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  Field,
  FieldError,
  Input,
  Label,
  MoneyDialog,
  Textarea,
  checkAmount,
  errorMessage,
  fieldErrors,
  toast,
  useMoneyAction,
} from '@portal/shared-ui';
import { moneyText } from '../../../lib/ui';
import { useAddMilestoneMutation, useLazyHoldQuoteQuery, type ContractPageData, type HoldQuote } from '../api/contract';

const REQUIRED = 'Please fill in all required fields.';
type Contract = ContractPageData['contract'];
interface NewMilestone {
  contractId: string;
  title: string;
  amount: string;
  description: string | null;
  due_date: string | null;
}

/** Title and amount required ('Please fill in all required fields.'), the amount within the asset's scale as typed. */
function checkFields(title: string, amount: string, contract: Contract): Record<string, string> {
  const found: Record<string, string> = {};
  if (!title.trim()) found.title = REQUIRED;
  const typed = checkAmount(amount, contract.asset);
  if (!amount.trim()) found.amount = REQUIRED;
  else if (typed.error) found.amount = typed.error;
  return found;
}

/** Client: a milestone is funded when added. Step 1 the fields, step 2 the quote of what will be held, step 3 the PIN. */
export function AddMilestoneDialog({
  contract,
  open,
  onOpenChange,
}: {
  contract: Contract;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [title, setTitle] = useState('');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [due, setDue] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [quote, setQuote] = useState<HoldQuote | null>(null);
  const [getQuote, quoting] = useLazyHoldQuoteQuery();
  const [add] = useAddMilestoneMutation();
  const reset = () => {
    setTitle('');
    setAmount('');
    setDescription('');
    setDue('');
    setErrors({});
    setQuote(null);
  };
  const fund = useMoneyAction({
    send: (body: NewMilestone, request) => add({ ...body, ...request }).unwrap(),
    amount: { field: 'amount', asset: contract.asset },
    onSuccess: (_, body) => {
      onOpenChange(false);
      reset();
      toast({
        title: 'Milestone Added',
        description: `${moneyText(body.amount, contract.asset)} is held in escrow until you approve the work.`,
      });
    },
    onRefused: (err) => {
      toast({ title: 'Failed to Add Milestone', description: errorMessage(err), variant: 'destructive' });
      const fields = fieldErrors(err);
      if (Object.keys(fields).length && !fields.pin && !fields.amount) {
        setQuote(null);
        setErrors(fields);
      }
    },
  });

  const review = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkFields(title, amount, contract);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      setQuote(await getQuote({ id: contract.id, amount: amount.trim() }).unwrap());
    } catch (err) {
      setErrors(fieldErrors(err));
      toast({ title: 'Failed to Add Milestone', description: errorMessage(err), variant: 'destructive' });
    }
  };
  const startFunding = () =>
    fund.open({
      contractId: contract.id,
      title: title.trim(),
      amount: amount.trim(),
      description: description.trim() || null,
      due_date: due || null,
    });

  return (
    <>
      <Dialog
        open={open && !fund.body}
        onOpenChange={(o) => {
          onOpenChange(o);
          if (!o) reset();
        }}
        label="Add milestone"
      >
        <DialogTitle>Add Milestone</DialogTitle>
        {!quote ? (
          <form onSubmit={review} noValidate>
            <DialogDescription>
              Its amount moves from your {contract.asset.symbol} wallet into escrow now, and is paid to the freelancer
              when you approve the work.
            </DialogDescription>
            <Field>
              <Label htmlFor="ms-title">Title</Label>
              <Input id="ms-title" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
              {errors.title && <FieldError>{errors.title}</FieldError>}
            </Field>
            <AmountField
              id="ms-amount"
              label={`Amount (${contract.asset.symbol})`}
              asset={contract.asset}
              value={amount}
              refusal={errors.amount}
              onChange={(text) => {
                setAmount(text);
                setErrors(({ amount: _, ...rest }) => rest);
              }}
            />
            <Field>
              <Label htmlFor="ms-description">Description (optional)</Label>
              <Textarea
                id="ms-description"
                rows={3}
                maxLength={2000}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
              />
            </Field>
            <Field>
              <Label htmlFor="ms-due">Due date (optional)</Label>
              <Input id="ms-due" type="date" value={due} onChange={(e) => setDue(e.target.value)} />
              {errors.due_date && <FieldError>{errors.due_date}</FieldError>}
            </Field>
            <DialogFooter>
              <Button
                type="button"
                $variant="outline"
                onClick={() => {
                  onOpenChange(false);
                  reset();
                }}
              >
                Cancel
              </Button>
              <Button type="submit" disabled={quoting.isFetching}>
                {quoting.isFetching ? 'Checking...' : 'Review'}
              </Button>
            </DialogFooter>
          </form>
        ) : (
          <div data-testid="hold-quote">
            <DialogDescription>Please check before you confirm with your PIN.</DialogDescription>
            <p>
              <strong>{title}</strong>
            </p>
            <p>
              Held in escrow: <strong>{moneyText(quote.amount, quote.asset)}</strong>
            </p>
            <p>
              Your balance: {moneyText(quote.balance, quote.asset)} → {moneyText(quote.balance_after, quote.asset)}
            </p>
            <DialogFooter>
              <Button type="button" $variant="outline" onClick={() => setQuote(null)}>
                Back
              </Button>
              <Button type="button" onClick={startFunding}>
                Fund Milestone
              </Button>
            </DialogFooter>
          </div>
        )}
      </Dialog>
      <MoneyDialog
        action={fund}
        summary={(b) => `Hold ${b.amount} ${contract.asset.symbol} in escrow for “${b.title}”.`}
      />
    </>
  );
}
