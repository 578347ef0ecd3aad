import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../platform/auth/middleware.js';
import { Money, NOT_STORABLE, errorResponse, json, security, storableText } from '../../platform/http/schemas.js';

// What the banking routes share: a linked account, a bank transfer, and the texts of docs/product.md "Linked accounts, deposits and withdrawal"
// Withdrawal and Linked accounts / Money (titles are the `error` of a 400, reasons are per field).

export { IdemHeader, PinInput, json, security } from '../../platform/http/schemas.js';
export const ACCOUNT_NOT_FOUND = 'Linked account not found.';
export const MISSING_INFORMATION = 'Missing Information';
export const INVALID_AMOUNT = 'Invalid Amount';
export const WITHDRAWAL_FAILED = 'Withdrawal Failed';
export const DEPOSIT_FAILED = 'Deposit Failed';
export const RECONNECT_FIRST = 'Your bank needs you to sign in again: choose Reconnect first.';
/** Plaid Transfer moves US dollars between US bank accounts (docs/decisions.md "Bank linking"). */
export const BANK_ASSET = 'USD';
export const USD_ONLY = 'Bank transfers are in US dollars (USD) only.';

export const IdParam = z.object({ id: z.uuid(ACCOUNT_NOT_FOUND).openapi({ param: { name: 'id', in: 'path' } }) });

export const LinkedAccount = z
  .object({
    id: z.uuid(),
    institution_name: z.string(),
    account_name: z.string(),
    account_type: z.string(),
    account_subtype: z.string().nullable(),
    account_mask: z.string().nullable(),
    status: z.enum(['active', 'login_required', 'disconnected']),
    /** The bank takes instant (RTP) credits; otherwise withdrawals go by same-day ACH. */
    instant: z.boolean(),
    created_at: z.string(),
  })
  .openapi('LinkedAccount');

export const TRANSFER_STATUSES = [
  'requested',
  'declined',
  'pending',
  'posted',
  'settled',
  'funds_available',
  'failed',
  'returned',
] as const;
export const BankTransfer = z
  .object({
    id: z.uuid(),
    direction: z.enum(['deposit', 'withdrawal']),
    amount: Money,
    fee: Money,
    asset_symbol: z.string(),
    network: z.enum(['ach', 'same-day-ach', 'rtp']),
    status: z.enum(TRANSFER_STATUSES),
    /** Why it was declined, failed or returned, for the user. */
    failure_reason: z.string().nullable(),
    account: z.object({
      id: z.uuid().nullable(),
      institution_name: z.string(),
      account_name: z.string(),
      account_mask: z.string().nullable(),
    }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('BankTransfer');

/** Deposit and withdrawal forms (docs/product.md "Linked accounts, deposits and withdrawal": linkedAccountId, amount, assetId). Checked by the service, in the spec's words. */
export const MoveInput = z.object({
  linkedAccountId: z.string().max(64).nullish().openapi({ example: '6f1c0a52-...' }),
  assetId: z.string().max(64).nullish(),
  amount: z.string().max(32).nullish().openapi({ example: '25.00' }),
});
export type MoveInput = z.infer<typeof MoveInput>;

const text = (max: number) =>
  z.string().trim().min(1, 'Required.').max(max, `At most ${max} characters.`).refine(storableText, NOT_STORABLE);
/** What Link hands the page on success (docs/product.md "Linked accounts, deposits and withdrawal": public_token, institution_id, institution_name, accounts). */
export const ExchangeInput = z
  .object({
    public_token: text(200),
    institution_id: text(100),
    institution_name: text(200),
    accounts: z
      .array(
        z.object({
          id: text(100),
          name: text(200),
          mask: text(10).nullish(),
          type: text(40),
          subtype: text(40).nullish(),
        }),
      )
      .max(20),
  })
  .openapi('PlaidExchangeInput');
export type ExchangeInput = z.infer<typeof ExchangeInput>;

/** What both quotes answer: the amount, the fee, the total and, in words, when the money arrives. */
export const QuoteFields = { amount: Money, fee: Money, total: Money, asset_symbol: z.string(), timing: z.string() };

/** GET <path>: the quote of a deposit or withdrawal form (its fields as the query) before the PIN; `conflict` says what its 409 means. */
export const moveQuoteRoute = <T extends z.ZodType>(path: string, summary: string, quote: T, conflict: string) =>
  createRoute({
    method: 'get',
    path,
    tags: ['banking'],
    'x-access': 'user',
    security,
    summary,
    middleware: [requireAuth] as const,
    request: { query: MoveInput },
    responses: {
      200: json('The quote', quote),
      400: errorResponse("'Missing Information' or 'Invalid Amount'"),
      401: errorResponse('Not authenticated'),
      404: errorResponse(ACCOUNT_NOT_FOUND),
      409: errorResponse(`The bank wants a new sign-in (Reconnect)${conflict}`),
    },
  });
