import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../platform/auth/middleware.js';
import { Money, NOT_STORABLE, storableText, errorResponse as err } from '../../platform/http/schemas.js';
import { idempotency } from '../../platform/idempotency/index.js';

// Routes of the money core (issue 4): PIN, quote, send, history, CSV, assets, user search, payment
// requests. Money is a decimal string everywhere; errors are { error, code, details? }.

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const security = [{ bearer: [] }];

/** Decimal string; the sign and the asset's scale are checked by the ledger ('Amount must be greater than zero.'). */
export const AmountInput = z.string().max(40).regex(/^-?\d{1,20}(\.\d{1,30})?$/, 'Amount must be a number.').openapi({ example: '12.50' });
export const PinInput = z.string().regex(/^\d{4}$/, 'PINs must be 4 digits.').openapi({ example: '1234' });
const Symbol = z.string().min(1).max(10).regex(/^[A-Za-z0-9]+$/, 'Unknown asset.').transform((s) => s.toUpperCase()).openapi({ example: 'USD' });
const Description = z.string().max(500).refine(storableText, NOT_STORABLE).nullish();
const IdemHeader = z.object({ 'idempotency-key': z.string().optional().openapi({ description: 'Required: unique per money-moving request (e.g. a UUID); a retry with the same key returns the first answer.' }) });

const Party = z.object({ id: z.uuid(), full_name: z.string().nullable() }).nullable();
/** A transaction as the history, the send answer and the dashboard show it (the dashboard's asset has no scale). */
export const transactionShape = <A extends z.ZodType>(asset: A) => z.object({
  id: z.uuid(),
  created_at: z.string().openapi({ format: 'date-time' }),
  amount: Money,
  fee: Money,
  status: z.string(),
  transaction_type: z.string(),
  description: z.string().nullable(),
  asset,
  sender: Party,
  receiver: Party,
});
export const TransactionRow = transactionShape(z.object({ symbol: z.string(), name: z.string(), scale: z.number().int() })).openapi('Transaction');

const SendResult = z.object({
  transaction: TransactionRow,
  fee: Money,
  total: Money.openapi({ description: 'amount + fee, what left the wallet' }),
  sender_balance: Money,
  payment_request_id: z.uuid().nullable(),
}).openapi('SendResult');

const sendErrors = {
  400: err('Invalid input: amount not above zero or finer than the asset scale, unknown asset, sending to oneself, missing Idempotency-Key'),
  401: err('Not signed in'),
  403: err('PIN_INCORRECT (details.attempts_left) or PIN_NOT_SET'),
  404: err('Recipient not found'),
  409: err('INSUFFICIENT_FUNDS (amount + fee above the balance), LIMIT_EXCEEDED (daily/weekly/monthly, in USD), or the same Idempotency-Key still in flight'),
  422: err('IDEMPOTENCY_MISMATCH: the key was used with another body'),
  423: err('PIN_LOCKED: 5 wrong PINs in a row lock PIN actions for 15 minutes (Retry-After)'),
};

export const pinRoute = createRoute({
  method: 'post', path: '/pin', tags: ['wallet'], 'x-access': 'user', security,
  summary: "Set, change or verify the caller's 4-digit transaction PIN (spec manage-pin)",
  middleware: [requireAuth] as const,
  request: { body: { required: true, content: { 'application/json': { schema: z.object({
    action: z.enum(['set_pin', 'change_pin', 'verify_pin']),
    pin: z.string().max(10),
    current_pin: z.string().max(10).optional(),
  }) } } } },
  responses: {
    200: json('Done: { message } for set/change, { verified: true } for verify', z.object({ message: z.string().optional(), verified: z.boolean().optional() })),
    400: err("'PINs must be 4 digits.'"), 401: err('Not signed in'),
    403: err("PIN_INCORRECT 'The PIN you entered is incorrect.' or PIN_NOT_SET"), 409: err('set_pin when a PIN is already set'),
    423: err('PIN_LOCKED'),
  },
});

export const paymentSettingsRoute = createRoute({
  method: 'get', path: '/payment-settings', tags: ['wallet'], 'x-access': 'user', security,
  summary: 'What the send screens need: whether a PIN is set (and locked) and the default payment hashtags',
  middleware: [requireAuth] as const,
  responses: {
    200: json('Settings', z.object({ pin_set: z.boolean(), pin_locked_until: z.string().nullable(), default_payment_hashtags: z.array(z.string()) })),
    401: err('Not signed in'), 404: err('No profile'),
  },
});

export const assetsRoute = createRoute({
  method: 'get', path: '/assets', tags: ['wallet'], 'x-access': 'user', security,
  summary: "The caller's wallets with a balance above zero, for the send screens (spec 000 §7); scope=all: every asset with the caller's balance (0 when no wallet), for requesting money",
  middleware: [requireAuth] as const,
  request: { query: z.object({ scope: z.enum(['funded', 'all']).default('funded') }) },
  responses: {
    200: json('Funded wallets', z.object({ wallets: z.array(z.object({
      id: z.uuid(), balance: Money,
      asset: z.object({ id: z.uuid(), symbol: z.string(), name: z.string(), scale: z.number().int(), logo_url: z.string().nullable() }),
    })) })),
    401: err('Not signed in'),
  },
});

const QuoteResult = z.object({
  asset_symbol: z.string(), amount: Money, fee: Money, total: Money.openapi({ description: 'amount + fee, what would leave the wallet' }),
  recipient: z.object({ id: z.uuid(), full_name: z.string().nullable() }).nullable().openapi({ description: 'Who would receive it (null when no recipient was given)' }),
}).openapi('SendQuote');
/** What a quote refuses: exactly what the send would refuse before asking for the PIN (same status, code and field). */
const quoteErrors = {
  400: err('VALIDATION: amount not above zero or finer than the asset scale, unknown asset, sending to oneself (details.fields names the field)'),
  401: err('Not signed in'),
  404: err('Recipient not found (details.fields.recipientEmail or recipientId)'),
  409: err('INSUFFICIENT_FUNDS (amount + fee above the balance) or LIMIT_EXCEEDED'),
};

export const quoteRoute = createRoute({
  method: 'get', path: '/transfers/quote', tags: ['wallet'], 'x-access': 'user', security,
  summary: 'Checks a send before the PIN is asked: the fee and total it would charge, or the refusal POST /transfers would give (same status, code and field)',
  middleware: [requireAuth] as const,
  request: { query: z.object({
    amount: AmountInput,
    assetSymbol: Symbol,
    recipientEmail: z.string().trim().max(254).email('Please enter a valid e-mail address.').optional(),
    recipientId: z.uuid().optional(),
  }).refine((q) => !(q.recipientEmail && q.recipientId), { message: 'Give recipientEmail or recipientId, not both.', path: ['recipientEmail'] }) },
  responses: { 200: json('Quote', QuoteResult), ...quoteErrors },
});

export const transferRoute = createRoute({
  method: 'post', path: '/transfers', tags: ['wallet'], 'x-access': 'user', security,
  summary: 'Send money to another user by e-mail or id (spec perform-p2p-transfer), PIN required, idempotent',
  middleware: [requireAuth, idempotency({ omit: ['pin'] })] as const,
  request: {
    headers: IdemHeader,
    body: { required: true, content: { 'application/json': { schema: z.object({
      amount: AmountInput,
      recipientEmail: z.string().trim().max(254).email('Please enter a valid e-mail address.').optional(),
      recipientId: z.uuid().optional(),
      assetSymbol: Symbol,
      description: Description,
      pin: PinInput,
    }).refine((b) => (b.recipientEmail ? 1 : 0) + (b.recipientId ? 1 : 0) === 1, { message: 'Give recipientEmail or recipientId.', path: ['recipientEmail'] }) } } },
  },
  responses: { 201: json('Posted', SendResult), ...sendErrors },
});

const TRANSACTION_TYPES = ['p2p_transfer', 'deposit', 'withdrawal', 'milestone_payment', 'investment', 'invoice_payment', 'payment_request_payment'] as const;
/** A UTC calendar day, YYYY-MM-DD, that exists. */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Use a date as YYYY-MM-DD.')
  .openapi({ example: '2026-01-31' });
const historyFilters = {
  type: z.enum(TRANSACTION_TYPES, { message: `Type must be one of ${TRANSACTION_TYPES.join(', ')}.` }).optional(),
  asset: z.string().min(1).max(10).regex(/^[A-Za-z0-9]+$/, 'Unknown asset.').transform((s) => s.toUpperCase()).optional().openapi({ example: 'USD' }),
  from: Day.optional().openapi({ description: 'First UTC day included' }),
  to: Day.optional().openapi({ description: 'Last UTC day included' }),
};
const fromNotAfterTo = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const FROM_AFTER_TO = { message: 'The end date must not be before the start date.', path: ['to'] };
const HistoryFilterQuery = z.object(historyFilters).refine(fromNotAfterTo, FROM_AFTER_TO);
const HistoryQuery = z.object({ page: z.coerce.number().int().min(1, 'Page must be 1 or more.').max(1_000_000).default(1), ...historyFilters })
  .refine(fromNotAfterTo, FROM_AFTER_TO);

export const historyRoute = createRoute({
  method: 'get', path: '/transactions', tags: ['wallet'], 'x-access': 'user', security,
  summary: "The caller's transactions, newest first, 10 per page, exact total (spec 000 §7 history); optional filters by type, asset and UTC date range",
  middleware: [requireAuth] as const,
  request: { query: HistoryQuery },
  responses: {
    200: json('One page', z.object({ transactions: z.array(TransactionRow), total: z.number().int(), page: z.number().int(), page_size: z.number().int(), has_next: z.boolean() })),
    400: err('Bad page or filter (details.fields names it)'), 401: err('Not signed in'),
  },
});

export const historyCsvRoute = createRoute({
  method: 'get', path: '/transactions.csv', tags: ['wallet'], 'x-access': 'user', security,
  summary: "The caller's history as a CSV statement (streamed): all of it, or what the same filters as the history keep",
  middleware: [requireAuth] as const,
  request: { query: HistoryFilterQuery },
  responses: { 400: err('Bad filter (details.fields names it)'), 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } }, 401: err('Not signed in') },
});

export const userSearchRoute = createRoute({
  method: 'get', path: '/users/search', tags: ['wallet'], 'x-access': 'user', 'x-reveals': 'directory', security,
  summary: 'Find people to pay or request from: name, username or e-mail, case-insensitive, not oneself, at most 10',
  middleware: [requireAuth] as const,
  request: { query: z.object({ q: z.string().trim().min(1, 'Type a name, username or e-mail.').max(100).refine(storableText, NOT_STORABLE) }) },
  responses: {
    200: json('Matches', z.object({ users: z.array(z.object({ id: z.uuid(), full_name: z.string().nullable(), username: z.string().nullable(), avatar_url: z.string().nullable() })) })),
    400: err('Empty or too long query'), 401: err('Not signed in'),
  },
});

const RequestParty = z.object({ id: z.uuid(), full_name: z.string().nullable(), username: z.string().nullable() });
export const PaymentRequestRow = z.object({
  id: z.uuid(), amount: Money, description: z.string().nullable(),
  status: z.enum(['pending', 'paid', 'declined', 'cancelled']),
  created_at: z.string(), updated_at: z.string(), transaction_id: z.uuid().nullable(),
  asset: z.object({ symbol: z.string(), name: z.string(), scale: z.number().int() }),
  requester: RequestParty, payer: RequestParty,
}).openapi('PaymentRequest');

export const createRequestRoute = createRoute({
  method: 'post', path: '/requests', tags: ['wallet'], 'x-access': 'user', security,
  summary: 'Request money from another user (payment_requests row, pending)',
  middleware: [requireAuth] as const,
  request: { body: { required: true, content: { 'application/json': { schema: z.object({
    payerId: z.uuid().optional(),
    payerEmail: z.string().trim().max(254).email('Please enter a valid e-mail address.').optional(),
    assetSymbol: Symbol,
    amount: AmountInput,
    description: Description,
  }).refine((b) => (b.payerId ? 1 : 0) + (b.payerEmail ? 1 : 0) === 1, { message: 'Give payerId or payerEmail.', path: ['payerId'] }) } } } },
  responses: { 201: json('Created', z.object({ request: PaymentRequestRow })), 400: err('Invalid input or requesting from oneself'), 401: err('Not signed in'), 404: err('No such user') },
});

export const listRequestsRoute = createRoute({
  method: 'get', path: '/requests', tags: ['wallet'], 'x-access': 'user', security,
  summary: 'Payment requests the caller received (incoming) and made (outgoing), newest first, 50 each',
  middleware: [requireAuth] as const,
  responses: { 200: json('Requests', z.object({ incoming: z.array(PaymentRequestRow), outgoing: z.array(PaymentRequestRow) })), 401: err('Not signed in') },
});

const RequestId = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });

export const payRequestRoute = createRoute({
  method: 'post', path: '/requests/{id}/pay', tags: ['wallet'], 'x-access': 'owner', security,
  summary: 'Pay a request addressed to the caller: the same transfer path (PIN, limits, fee, idempotency)',
  middleware: [requireAuth, idempotency({ omit: ['pin'] })] as const,
  request: { params: RequestId, headers: IdemHeader, body: { required: true, content: { 'application/json': { schema: z.object({ pin: PinInput }) } } } },
  responses: { 201: json('Paid', SendResult), ...sendErrors, 404: err('No such request for this payer'), 409: err('Not pending any more, insufficient funds or limit exceeded') },
});

export const quoteRequestRoute = createRoute({
  method: 'get', path: '/requests/{id}/quote', tags: ['wallet'], 'x-access': 'owner', security,
  summary: 'Checks paying a request addressed to the caller before the PIN is asked: its fee and total, or the refusal paying it would give',
  middleware: [requireAuth] as const,
  request: { params: RequestId },
  responses: { 200: json('Quote', QuoteResult), ...quoteErrors, 404: err('No such request for this payer'), 409: err('Not pending any more, insufficient funds or limit exceeded') },
});

export const declineRequestRoute = createRoute({
  method: 'post', path: '/requests/{id}/decline', tags: ['wallet'], 'x-access': 'owner', security,
  summary: 'The payer declines a pending request',
  middleware: [requireAuth] as const,
  request: { params: RequestId },
  responses: { 200: json('Declined', z.object({ request: PaymentRequestRow })), 401: err('Not signed in'), 404: err('No such request for this payer'), 409: err('Not pending') },
});

export const cancelRequestRoute = createRoute({
  method: 'post', path: '/requests/{id}/cancel', tags: ['wallet'], 'x-access': 'owner', security,
  summary: 'The requester withdraws a pending request',
  middleware: [requireAuth] as const,
  request: { params: RequestId },
  responses: { 200: json('Cancelled', z.object({ request: PaymentRequestRow })), 401: err('Not signed in'), 404: err('No such request of this requester'), 409: err('Not pending') },
});
