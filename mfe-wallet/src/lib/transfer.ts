import { formatAmount, toast, type ApiError } from '@portal/shared-ui';
import { describeRefusal } from './send-check';

/**
 * What every way of sending money (/send-money, /pay, paying a payment request) tells the user
 * around the PIN dialog: the checks before it opens and the outcome of the transfer.
 */
type Navigate = (to: string) => void;

function pinNotSet(navigate: Navigate) {
  toast({
    title: 'PIN Not Set',
    description: 'Please set up a transaction PIN in your profile first.',
    variant: 'destructive',
  });
  navigate('/profile');
}

/** Before the PIN dialog: the user has a PIN (settings not loaded yet: the server decides). Otherwise a toast and on to /profile. */
export function readyForPin(pinSet: boolean | undefined, navigate: Navigate): boolean {
  if (pinSet === false) {
    pinNotSet(navigate);
    return false;
  }
  return true;
}

type Sent = {
  transaction: {
    amount: string;
    asset: { symbol: string; scale: number };
    receiver: { full_name: string | null } | null;
  };
  fee: string;
};

/** The success toast: amount, recipient (by name, as every send screen names people) and fee, at the asset's scale. */
export function transferSucceeded(r: Sent, fallbackName: string) {
  const { symbol, scale } = r.transaction.asset;
  const to = r.transaction.receiver?.full_name || fallbackName;
  toast({
    title: 'Transfer Successful',
    description: `You sent ${formatAmount(r.transaction.amount, scale)} ${symbol} to ${to}. Fee: ${formatAmount(r.fee, scale)} ${symbol}.`,
    variant: 'success',
  });
}

/** A wrong PIN's sentence with the attempts the server says are left. */
export function incorrectPinText(e: ApiError): string {
  const left = (e.details as { attempts_left?: unknown } | undefined)?.attempts_left;
  if (typeof left !== 'number') return 'The PIN you entered is incorrect.';
  return `The PIN you entered is incorrect. ${left} attempt${left === 1 ? '' : 's'} left before your PIN is locked for 15 minutes.`;
}

/** The failure toast: no PIN -> /profile; a wrong PIN -> 'Incorrect PIN' with the attempts left; a lock -> 'PIN Locked'; else the refusal's title. */
export function transferFailed(e: unknown, navigate: Navigate) {
  const err = e as ApiError;
  if (err?.code === 'PIN_NOT_SET') return pinNotSet(navigate);
  if (err?.code === 'PIN_INCORRECT')
    return toast({ title: 'Incorrect PIN', description: incorrectPinText(err), variant: 'destructive' });
  if (err?.code === 'PIN_LOCKED') return toast({ title: 'PIN Locked', description: err.error, variant: 'destructive' });
  const refusal = describeRefusal(e);
  toast({ title: refusal.title, description: refusal.message, variant: 'destructive' });
}
