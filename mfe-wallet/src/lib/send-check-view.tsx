import { FieldError, Hint } from '@portal/shared-ui';
import type { SendCheck, SendField } from './send-check';

/** The quote's refusal under the field it belongs to: the spec's title (e.g. 'Insufficient Balance') and the server's sentence. */
export function RefusalAt({ field, check, id }: { field: SendField; check: SendCheck; id?: string }) {
  const r = check.refusal;
  if (!r || r.field !== field) return null;
  return (
    <FieldError id={id} role="alert" data-testid={`refusal-${field}`}>
      {r.title !== 'Transfer Failed' && <strong>{r.title}: </strong>}
      {r.message}
    </FieldError>
  );
}

/** The fee and total of exactly what is typed (docs/product.md "Public pages": fees are shown before you confirm). */
export function QuoteLine({ check, symbol }: { check: SendCheck; symbol: string }) {
  if (check.checking) return <Hint role="status">Checking...</Hint>;
  if (!check.quote) return null;
  return (
    <Hint data-testid="quote">
      Fee: {check.quote.fee} {symbol} · Total: {check.quote.total} {symbol}
    </Hint>
  );
}
