import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, fieldErrors } from '../store/error-message';
import { checkAmount, type MoneyAsset } from './amount';
import { IdempotencyKeys, attemptSend, canonicalJson } from './idempotency';

/**
 * One money action of a screen (send, pay, invest, fund, withdraw, resolve ...): the body that will be
 * sent, its quote where the screen has one, the PIN dialog's state and the Idempotency-Key's lifetime
 * (./idempotency.ts). The screen gives what is particular to it: how to send, how to quote, what to
 * say on success or refusal. <MoneyDialog action={...}> is its PIN dialog; a screen without a PIN
 * (an admin's dispute resolution) calls `submit` from its own form.
 */
export interface MoneyActionOptions<B extends object, R, Q> {
  /** Sends `body` with this key and the PIN (empty when the action has none): an RTK Query mutation's unwrap(). */
  send: (body: B, request: { idempotencyKey: string; pin: string }) => Promise<R>;
  /** The server's quote of exactly `body`, asked before the PIN can be confirmed. */
  quote?: (body: B) => Promise<Q>;
  /** `quote`: the quote the person confirmed (screens with a quote). */
  onSuccess?: (result: R, body: B, quote: Q | undefined) => void;
  /** A refusal (of the quote or of the request): the screen's toast. */
  onRefused?: (error: unknown, body: B) => void;
  /** The body's amount: after a refusal of it, the dialog shows it with the reason and lets the person correct it. */
  amount?: { field: AmountField<B>; asset: MoneyAsset };
}
type AmountField<B> = { [K in keyof B]: B[K] extends string ? K : never }[keyof B] & string;

export interface MoneyAction<B extends object, Q> {
  /** What the dialog will send (null: closed). */
  body: B | null;
  quote: Q | undefined;
  /** The quote of the current body is being asked. */
  quoting: boolean;
  busy: boolean;
  /** Confirm is possible: a body whose amount passes, quoted when the screen quotes, nothing in flight. */
  ready: boolean;
  /** The amount field of the dialog (shown after the amount was refused), with its reason. */
  amountEdit: { text: string; error: string | null; asset: MoneyAsset } | null;
  /** A reason that is not the amount's, or the note that the last try got no answer. */
  notice: string | null;
  /** Changes after every answer, so the dialog clears the PIN typed for the previous try. */
  attempt: number;
  open: (body: B) => void;
  close: () => void;
  editAmount: (text: string) => void;
  confirm: (pin?: string) => Promise<void>;
  /** Sends `body` at once (no dialog): the action's key rules and callbacks apply. */
  submit: (body: B) => Promise<void>;
}

export const NO_ANSWER =
  'No answer came back, so it may not have gone through. Confirm again to retry: it is not sent twice.';
const AMOUNT_CODES = new Set(['INSUFFICIENT_FUNDS', 'LIMIT_EXCEEDED']);

/** Whether a refusal is about the amount: a reason at the amount field, or a balance or limit refusal. */
function amountReason(e: unknown, field: string): string | null {
  const reason = fieldErrors(e)[field];
  if (reason) return reason;
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && AMOUNT_CODES.has(code) ? errorMessage(e) : null;
}

export function useMoneyAction<B extends object, R = unknown, Q = never>(
  options: MoneyActionOptions<B, R, Q>,
): MoneyAction<B, Q> {
  const opts = useRef(options);
  opts.current = options;
  const keys = useRef(new IdempotencyKeys());
  const [body, setBody] = useState<B | null>(null);
  const [quoted, setQuoted] = useState<{ of: string; quote: Q } | null>(null);
  const [amountEdit, setAmountEdit] = useState<MoneyAction<B, Q>['amountEdit']>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const fingerprint = body ? canonicalJson(body) : null;
  const asking = useRef<string | null>(null);

  // The quote of the current body (a corrected amount is asked 300 ms after the last keystroke).
  const hasQuote = !!options.quote;
  useEffect(() => {
    if (!body || !fingerprint || !hasQuote || quoted?.of === fingerprint) return;
    asking.current = fingerprint;
    const t = setTimeout(
      () => {
        opts.current.quote!(body).then(
          (quote) => {
            if (asking.current === fingerprint) setQuoted({ of: fingerprint, quote });
          },
          (e: unknown) => {
            if (asking.current === fingerprint) quoteRefused(e, body);
          },
        );
      },
      amountEdit ? 300 : 0,
    );
    return () => clearTimeout(t);
    // asked again only when the body itself changes (its fingerprint), not on every render
  }, [fingerprint, hasQuote]);

  const amountOpts = options.amount;
  /** Shows a refusal of the amount at the dialog's amount field; false when the refusal is not the amount's. */
  function atAmount(e: unknown, b: B): boolean {
    const reason = amountOpts ? amountReason(e, amountOpts.field) : null;
    if (!reason || !amountOpts) return false;
    setAmountEdit((prev) => ({
      text: prev?.text ?? String(b[amountOpts.field]),
      error: reason,
      asset: amountOpts.asset,
    }));
    return true;
  }
  function refused(e: unknown, b: B) {
    opts.current.onRefused?.(e, b);
    if (!atAmount(e, b)) setBody(null);
  }
  /** A quote's refusal of the amount is said at the field (no toast per keystroke); any other ends the action. */
  function quoteRefused(e: unknown, b: B) {
    if (!atAmount(e, b)) refused(e, b);
  }

  const inFlight = useRef(false);
  const run = async (b: B, pin = '', quote?: Q) => {
    if (inFlight.current) return; // a second click while the first is on its way
    inFlight.current = true;
    setBusy(true);
    setNotice(null);
    try {
      const tried = await attemptSend(keys.current, b, (x, idempotencyKey) =>
        opts.current.send(x, { idempotencyKey, pin }),
      );
      if (tried.outcome === 'done') {
        setBody(null);
        setAmountEdit(null);
        opts.current.onSuccess?.(tried.result, b, quote);
      } else if (tried.outcome === 'unanswered')
        setNotice(NO_ANSWER); // the same body goes again with the same key
      else refused(tried.error, b);
    } finally {
      inFlight.current = false;
      setBusy(false);
      setAttempt((n) => n + 1);
    }
  };

  const open = useCallback((b: B) => {
    setBody(b);
    setQuoted(null); // each opening asks the quote anew: balances and fees may have changed since
    setAmountEdit(null);
    setNotice(null);
  }, []);
  const close = () => {
    if (busy) return;
    setBody(null);
    setAmountEdit(null);
    setNotice(null);
  };
  const editAmount = (text: string) => {
    if (!body || !amountOpts) return;
    const check = checkAmount(text, amountOpts.asset);
    setAmountEdit({ text, error: check.error, asset: amountOpts.asset });
    setNotice(null);
    if (check.amount !== null) setBody({ ...body, [amountOpts.field]: check.amount });
  };
  const amountOk = !amountEdit?.error;
  const quote = quoted && quoted.of === fingerprint ? quoted.quote : undefined;
  const ready = !!body && !busy && amountOk && (!hasQuote || quote !== undefined);
  return {
    body,
    quote,
    quoting: !!body && hasQuote && amountOk && quote === undefined,
    busy,
    ready,
    amountEdit,
    notice,
    attempt,
    open,
    close,
    editAmount,
    confirm: async (pin?: string) => {
      if (ready) await run(body!, pin, quote);
    },
    submit: (b: B) => run(b),
  };
}
