import { useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../components/Button';
import { Dialog, DialogDescription, DialogFooter, DialogTitle } from '../components/Dialog';
import { FieldError, Hint, Input, Label } from '../components/Form';
import { PinInput } from '../components/PinInput';
import { StepUpCheck } from './StepUpCheck';
import type { MoneyAction } from './useMoneyAction';

/**
 * The PIN dialog of a money action: what will be sent (the screen's sentence, built from the body and
 * quote the action holds, so it names the exact amount string sent), after a refusal of the amount the
 * amount itself with the reason (correct it and confirm again: a changed amount is a new request with
 * a new key), and the 4-digit PIN (Confirm disabled unless 4 digits and the quote of what is shown is in).
 */
export interface MoneyDialogProps<B extends object, Q> {
  action: MoneyAction<B, Q>;
  /** What will be sent, said from the body and quote (the amount as the string sent, never reformatted). */
  summary: (body: B, quote: Q | undefined) => ReactNode;
  title?: string;
  confirmLabel?: string;
  amountLabel?: string;
}

const Body = styled.div`margin: 8px 0 4px;`;
const AmountBox = styled.div`margin: 0 0 16px;`;

export function MoneyDialog<B extends object, Q>({
  action,
  summary,
  title = 'Enter Transaction PIN',
  confirmLabel = 'Confirm',
  amountLabel,
}: MoneyDialogProps<B, Q>) {
  const [pin, setPin] = useState('');
  const [steppedUp, setSteppedUp] = useState(false);
  const { body, amountEdit, busy } = action;
  useEffect(() => setPin(''), [action.attempt, body === null]);
  if (!body) return null;
  // The quote says when the move needs a recent second-factor check (api: platform/second-factor/step-up.ts).
  const stepUp = !steppedUp && (action.quote as { step_up_required?: unknown } | undefined)?.step_up_required === true;
  const ready = pin.length === 4 && action.ready && !stepUp;
  return (
    <Dialog open onOpenChange={(o) => !o && action.close()} label={title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) void action.confirm(pin);
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription data-testid="money-summary">{summary(body, action.quote)}</DialogDescription>
        {amountEdit && (
          <AmountBox>
            <Label htmlFor="money-dialog-amount">{amountLabel ?? `Amount (${amountEdit.asset.symbol})`}</Label>
            <Input
              id="money-dialog-amount"
              inputMode="decimal"
              autoComplete="off"
              value={amountEdit.text}
              disabled={busy}
              onChange={(e) => action.editAmount(e.target.value)}
              aria-invalid={amountEdit.error ? true : undefined}
              aria-describedby="money-dialog-amount-error"
            />
            {amountEdit.error && (
              <FieldError id="money-dialog-amount-error" role="alert" data-testid="money-amount-refusal">
                {amountEdit.error}
              </FieldError>
            )}
          </AmountBox>
        )}
        {action.quoting && <Hint role="status">Checking...</Hint>}
        {action.notice && (
          <FieldError role="alert" data-testid="money-notice">
            {action.notice}
          </FieldError>
        )}
        {stepUp && <StepUpCheck onDone={() => setSteppedUp(true)} />}
        <Body>
          <PinInput value={pin} onChange={setPin} autoFocus={!amountEdit} disabled={busy} />
        </Body>
        <DialogFooter>
          <Button type="button" $variant="outline" onClick={action.close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready}>
            {busy ? 'Processing...' : confirmLabel}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
