import type { ReactNode } from 'react';
import { Field, FieldError, Input, Label } from '../components/Form';
import { AMOUNT_REQUIRED, checkAmount, type MoneyAsset } from './amount';

/**
 * An amount input checked against the asset's scale as it is typed: the reason shows under it at
 * once ('USD amounts allow at most 2 decimal places.'), before anything is asked or sent. `refusal`:
 * the screen's own reason (a minimum, the server's answer), shown when the text itself passes.
 */
export function AmountField({
  id,
  label,
  asset,
  value,
  onChange,
  refusal,
  disabled,
  children,
}: {
  id: string;
  label: ReactNode;
  asset: MoneyAsset;
  value: string;
  onChange: (text: string) => void;
  refusal?: string | null;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const typed = checkAmount(value, asset).error;
  const reason = (typed !== AMOUNT_REQUIRED ? typed : null) ?? refusal ?? null;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={reason ? true : undefined}
        aria-describedby={`${id}-error`}
      />
      {reason && (
        <FieldError id={`${id}-error`} role="alert">
          {reason}
        </FieldError>
      )}
      {children}
    </Field>
  );
}
