import { errorMessage, toast, type ApiError } from '@portal/shared-ui';

/**
 * What every way of sending money (/send-money, /pay, paying a payment request) tells the user
 * around the PIN dialog: the checks before it opens and the outcome of the transfer.
 */
type Navigate = (to: string) => void;

function pinNotSet(navigate: Navigate) {
  toast({ title: 'PIN Not Set', description: 'Please set up a transaction PIN in your profile first.', variant: 'destructive' });
  navigate('/profile');
}

/**
 * Before the PIN dialog: the chosen wallet covers the amount and the user has a PIN (settings not
 * loaded yet: the server decides). Otherwise a toast (no PIN: and on to /profile) and false.
 */
export function readyForPin(input: { amount: string; symbol: string; wallet: { balance: string } | undefined; pinSet: boolean | undefined; navigate: Navigate }): boolean {
  if (!input.wallet || Number(input.amount) > Number(input.wallet.balance)) {
    toast({ title: 'Insufficient Balance', description: `You do not have enough ${input.symbol}.`, variant: 'destructive' });
    return false;
  }
  if (input.pinSet === false) {
    pinNotSet(input.navigate);
    return false;
  }
  return true;
}

/** The success toast: amount, recipient and fee as the server answered. */
export function transferSucceeded(r: { transaction: { amount: string; asset: { symbol: string } }; fee: string }, to: string) {
  const s = r.transaction.asset.symbol;
  toast({ title: 'Transfer Successful', description: `You sent ${r.transaction.amount} ${s} to ${to}. Fee: ${r.fee} ${s}.`, variant: 'success' });
}

/** The failure toast: no PIN -> /profile; a wrong PIN -> 'Incorrect PIN'; else 'Transfer Failed'. `describe` words the description. */
export function transferFailed(e: unknown, navigate: Navigate, describe: (e: unknown) => string = errorMessage) {
  const err = e as ApiError;
  if (err?.code === 'PIN_NOT_SET') return pinNotSet(navigate);
  toast({ title: err?.code === 'PIN_INCORRECT' ? 'Incorrect PIN' : 'Transfer Failed', description: describe(e), variant: 'destructive' });
}
