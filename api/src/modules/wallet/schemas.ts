import { z } from '@hono/zod-openapi';
import { amountInput } from '../../platform/http/fields.js';
import { Money, NOT_STORABLE, storableText, errorResponse as err } from '../../platform/http/schemas.js';
import { Party } from '../../platform/ledger/statement.js';

// What the wallet's routes share: money inputs, the transaction and send answer shapes, the send and
// quote refusals. Money is a decimal string everywhere; errors are { error, code, details? }.

export { IdemHeader, PinInput, json, security } from '../../platform/http/schemas.js';

/** Above zero ('Amount must be greater than zero.'); the asset's scale is checked where the asset is read (the ledger for sends). */
export const AmountInput = amountInput();
export const AssetSymbol = z
  .string()
  .min(1)
  .max(10)
  .regex(/^[A-Za-z0-9]+$/, 'Unknown asset.')
  .transform((s) => s.toUpperCase())
  .openapi({ example: 'USD' });
export const Description = z.string().max(500).refine(storableText, NOT_STORABLE).nullish();

/** A transaction as the send answer gives it (lists show it as a StatementLine, platform/ledger/statement.ts). */
export const TransactionRow = z
  .object({
    id: z.uuid(),
    created_at: z.string().openapi({ format: 'date-time' }),
    amount: Money,
    fee: Money,
    status: z.string(),
    transaction_type: z.string(),
    description: z.string().nullable(),
    asset: z.object({ symbol: z.string(), name: z.string(), scale: z.number().int() }),
    sender: Party,
    receiver: Party,
  })
  .openapi('Transaction');

export const SendResult = z
  .object({
    transaction: TransactionRow,
    fee: Money,
    total: Money.openapi({ description: 'amount + fee, what left the wallet' }),
    sender_balance: Money,
    payment_request_id: z.uuid().nullable(),
  })
  .openapi('SendResult');

export const sendErrors = {
  400: err(
    'Invalid input: amount not above zero or finer than the asset scale, unknown asset, sending to oneself, missing Idempotency-Key',
  ),
  401: err('Not signed in'),
  403: err(
    'PIN_INCORRECT (details.attempts_left), PIN_NOT_SET, or STEP_UP_REQUIRED (a large send without a recent second-factor check; nothing moves)',
  ),
  404: err('Recipient not found'),
  409: err(
    'INSUFFICIENT_FUNDS (amount + fee above the balance), LIMIT_EXCEEDED (daily/weekly/monthly, in USD), or the same Idempotency-Key still in flight',
  ),
  422: err('IDEMPOTENCY_MISMATCH: the key was used with another body'),
  423: err('PIN_LOCKED: 5 wrong PINs in a row lock PIN actions for 15 minutes (Retry-After)'),
};

export const QuoteResult = z
  .object({
    asset_symbol: z.string(),
    amount: Money,
    fee: Money,
    total: Money.openapi({ description: 'amount + fee, what would leave the wallet' }),
    recipient: z
      .object({ id: z.uuid(), full_name: z.string().nullable() })
      .nullable()
      .openapi({ description: 'Who would receive it (null when no recipient was given)' }),
    step_up_required: z.boolean().openapi({
      description:
        'Worth more than the step-up threshold and this session has no second-factor check within 5 minutes: confirm with a passkey or the authenticator app (POST /api/auth/step-up) before the PIN, or the move is refused with 403 STEP_UP_REQUIRED',
    }),
  })
  .openapi('SendQuote');
/** What a quote refuses: exactly what the send would refuse before asking for the PIN (same status, code and field). */
export const quoteErrors = {
  400: err(
    'VALIDATION: amount not above zero or finer than the asset scale, unknown asset, sending to oneself (details.fields names the field)',
  ),
  401: err('Not signed in'),
  404: err('Recipient not found (details.fields.recipientEmail or recipientId)'),
  409: err('INSUFFICIENT_FUNDS (amount + fee above the balance) or LIMIT_EXCEEDED'),
};
