import { skipToken } from '@reduxjs/toolkit/query/react';
import { errorMessage, fieldErrors, useDebounced, type ApiError } from '@portal/shared-ui';
import { useTransferQuoteQuery, type Quote, type QuoteQuery } from './transfer-api';

/**
 * "Tell the person before the PIN, not after": every send screen asks the server's quote
 * about exactly what is typed (GET /transfers/quote, or /requests/{id}/quote). The quote refuses what
 * the send would refuse, with the same code and field, so its reason is shown at that field and the
 * confirm button stays off until a quote of the current input has come back.
 */

/** Which input a refusal belongs to on the send screens. */
export type SendField = 'recipient' | 'asset' | 'amount' | 'form';
export interface Refusal {
  field: SendField;
  title: string;
  message: string;
}

const FIELD_OF: Record<string, SendField> = {
  amount: 'amount',
  assetSymbol: 'asset',
  recipientEmail: 'recipient',
  recipientId: 'recipient',
};

/** A refused quote or send as the screen shows it: the field it belongs to, a toast title (docs/product.md) and the sentence. */
export function describeRefusal(e: unknown): Refusal {
  const err = e as ApiError;
  const details = (err?.details ?? {}) as { title?: unknown };
  const title =
    typeof details.title === 'string'
      ? details.title
      : err?.code === 'INSUFFICIENT_FUNDS'
        ? 'Insufficient Balance'
        : 'Transfer Failed';
  const first = Object.keys(fieldErrors(e))[0];
  const field: SendField = first
    ? (FIELD_OF[first] ?? 'form')
    : err?.code === 'INSUFFICIENT_FUNDS' || err?.code === 'LIMIT_EXCEEDED'
      ? 'amount'
      : 'form';
  return { field, title, message: errorMessage(e) };
}

export interface SendCheck {
  /** The quote of exactly the current input (undefined while typing, checking, or refused). */
  quote: Quote | undefined;
  refusal: Refusal | null;
  checking: boolean;
}

function checkOf(q: { currentData?: Quote; error?: unknown; isFetching: boolean }, current: boolean): SendCheck {
  if (!current || q.isFetching) return { quote: undefined, refusal: null, checking: current };
  if (q.currentData) return { quote: q.currentData, refusal: null, checking: false };
  return { quote: undefined, refusal: q.error ? describeRefusal(q.error) : null, checking: false };
}

/**
 * The quote of a send by e-mail or id; `input` null while it is incomplete. Asked 300 ms after the last
 * keystroke, once the amount passes the asset's scale as typed (`typedError`: its reason, shown at once).
 */
export function useSendCheck(input: QuoteQuery | null, typedError: string | null = null): SendCheck {
  const asked = typedError ? null : input;
  const key = asked ? JSON.stringify(asked) : null;
  const settled = useDebounced(key);
  const current = key !== null && settled === key;
  const q = useTransferQuoteQuery(current ? asked! : skipToken, { refetchOnMountOrArgChange: true });
  if (typedError)
    return {
      quote: undefined,
      refusal: { field: 'amount', title: 'Transfer Failed', message: typedError },
      checking: false,
    };
  return checkOf(q, current);
}
