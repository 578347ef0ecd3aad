// Amounts travel as Plaid's decimal strings ('10.00') and balances as dollars; inside the sandbox
// they are integer cents so sums stay exact.
import { invalidField } from './errors.js';

const decimalAmount = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/** Cents of a positive decimal string with at most two decimals, or INVALID_FIELD. */
export function parseAmount(amount: string, field = 'amount'): number {
  const match = decimalAmount.exec(amount);
  const cents = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : 0;
  if (cents <= 0)
    throw invalidField(`${field} must be a positive decimal string with at most two decimal places, e.g. "10.00"`);
  return cents;
}

/** Cents of an amount the sandbox itself formatted. */
export function centsOf(amount: string): number {
  return Math.round(Number(amount) * 100);
}

export function formatAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function dollars(cents: number): number {
  return cents / 100;
}

export function toCents(dollarAmount: number): number {
  return Math.round(dollarAmount * 100);
}
