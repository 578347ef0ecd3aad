import { z } from '@hono/zod-openapi';
import { AMOUNT_MAX, AMOUNT_MAX_TEXT, decimalInput, notPastDate, plainDecimal } from '../../platform/http/fields.js';
import { Money, NOT_STORABLE, storableText } from '../../platform/http/schemas.js';
import { invoiceFigures } from './figures.js';

// What the invoice routes share: an invoice, its inputs, and the texts of docs/product.md "Invoices" and
// Invoices (titles are the `error` of a 400, the reasons are per field).

export { IdemHeader, KeysetCursor as Cursor, PinInput, json, security } from '../../platform/http/schemas.js';
export const INVOICE_NOT_FOUND = 'Invoice not found.';
export const INVALID_INVOICE_DATA = 'Invalid Invoice Data';
export const FILL_ITEMS_AND_ASSET = 'Please fill all item details and select an asset.';
export const CLIENT_INFORMATION_MISSING = 'Client Information Missing';
export const CLIENT_NAME_AND_EMAIL = "Choose a client or enter the client's name and e-mail.";
export const NOT_YOURSELF = 'You cannot send an invoice to yourself.';
/** Invoices are issued in these (docs/decisions.md "Invoices": the spec's figures have 2 decimals). */
export const INVOICE_ASSET_TYPE = 'fiat';
export const MAX_ITEMS = 50;

export const STATUSES = ['draft', 'sent', 'viewed', 'paid', 'overdue', 'cancelled'] as const;
export type InvoiceStatus = (typeof STATUSES)[number];
/** docs/product.md "Invoices": Pay shows to the client while the status is none of these. */
export const NOT_PAYABLE: readonly InvoiceStatus[] = ['draft', 'paid', 'cancelled'];

export const IdParam = z.object({ id: z.uuid(INVOICE_NOT_FOUND).openapi({ param: { name: 'id', in: 'path' } }) });
const text = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters.`).refine(storableText, NOT_STORABLE);
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => v || null);
/** A decimal typed into the form: 0 or more, at most `decimals` after the point. */
const decimal = (decimals: number, invalid: string) =>
  decimalInput({ invalid, tooFine: invalid, min: 'zero', decimals });

/** docs/product.md "Invoices": a description, quantity of at least 0.01, unit price of 0 or more. */
export const ItemInput = z
  .object({
    description: z
      .string(FILL_ITEMS_AND_ASSET)
      .trim()
      .min(1, FILL_ITEMS_AND_ASSET)
      .max(500, 'At most 500 characters.')
      .refine(storableText, NOT_STORABLE),
    quantity: decimal(2, 'Quantity must be a number of at least 0.01 with at most 2 decimals.').refine(
      (q) => Number(q) >= 0.01,
      'Quantity must be at least 0.01.',
    ),
    unit_price: decimal(4, 'Unit price must be a number of 0 or more with at most 4 decimals.'),
  })
  .openapi('InvoiceItemInput');

type Figured = { items: { description: string; quantity: string; unit_price: string }[]; tax_rate: string };
/** Each line total and the invoice's total are amounts too: at most AMOUNT_MAX (never a column overflow). */
function withinAmountColumns({ items, tax_rate }: Figured, ctx: z.RefinementCtx) {
  if (!items.every((i) => plainDecimal(i.quantity) && plainDecimal(i.unit_price)) || !plainDecimal(tax_rate)) return; // the field's own reason is given
  const f = invoiceFigures(items, tax_rate);
  const tooLarge = f.items.map((item, i) => (AMOUNT_MAX.lt(item.total) ? i : -1)).filter((i) => i >= 0);
  for (const i of tooLarge)
    ctx.addIssue({
      code: 'custom',
      path: ['items', i, 'unit_price'],
      message: `A line total can be at most ${AMOUNT_MAX_TEXT}.`,
    });
  if (!tooLarge.length && AMOUNT_MAX.lt(f.total))
    ctx.addIssue({ code: 'custom', path: ['items'], message: `The invoice total can be at most ${AMOUNT_MAX_TEXT}.` });
}

/**
 * The create and edit form. Totals are not taken from the client: the server computes them
 * (figures.ts). The client is a user chosen from the search (client_profile_id) or a typed name and
 * e-mail; tax rate in percent, steps of 0.01, 0 to 100.
 */
export const InvoiceInput = z
  .object({
    client_profile_id: z.uuid('Choose a client from the search.').nullish(),
    client_name: optionalText(200),
    client_email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, 'At most 254 characters.')
      .pipe(z.email('Enter a valid e-mail address.'))
      .nullish()
      .or(z.literal('').transform(() => null)),
    invoice_number: z
      .string('Invoice number is required.')
      .trim()
      .min(1, 'Invoice number is required.')
      .max(40, 'At most 40 characters.')
      .regex(/^[A-Za-z0-9][A-Za-z0-9._\-/#]*$/, 'Use letters, digits and . _ - / # only.'),
    items: z
      .array(ItemInput, FILL_ITEMS_AND_ASSET)
      .min(1, FILL_ITEMS_AND_ASSET)
      .max(MAX_ITEMS, `At most ${MAX_ITEMS} items.`),
    tax_rate: decimal(2, 'Tax rate must be a percentage of 0 or more in steps of 0.01.')
      .refine((r) => Number(r) <= 100, 'Tax rate can be at most 100%.')
      .default('0'),
    asset_id: z.uuid(FILL_ITEMS_AND_ASSET),
    notes: optionalText(2000),
    terms: optionalText(2000),
    due_date: notPastDate('The due date cannot be in the past.').nullish(),
  })
  .superRefine(withinAmountColumns)
  .openapi('InvoiceInput');
export type InvoiceInput = z.infer<typeof InvoiceInput>;

const at = z.string().openapi({ format: 'date-time' });
const Party = z
  .object({
    id: z.uuid().nullable(),
    full_name: z.string().nullable(),
    username: z.string().nullable(),
    email: z.string().nullable(),
  })
  .openapi('InvoiceParty');
export const InvoiceAsset = z
  .object({ id: z.uuid(), symbol: z.string(), name: z.string(), scale: z.number().int() })
  .openapi('InvoiceAsset');
export const InvoiceItemShape = z
  .object({ description: z.string(), quantity: z.string(), unit_price: Money, total: Money })
  .openapi('InvoiceItem');
export const InvoiceSummary = z
  .object({
    id: z.uuid(),
    invoice_number: z.string(),
    status: z.enum(STATUSES),
    total_amount: Money,
    asset: InvoiceAsset,
    creator: Party,
    client: Party,
    due_date: z.string().nullable(),
    created_at: at,
    sent_at: at.nullable(),
  })
  .openapi('InvoiceSummary');
export const InvoiceShape = InvoiceSummary.extend({
  items: z.array(InvoiceItemShape),
  subtotal_amount: Money,
  tax_rate: z.string(),
  tax_amount: Money,
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  viewed_at: at.nullable(),
  paid_at: at.nullable(),
  cancelled_at: at.nullable(),
  updated_at: at,
  payment_transaction_id: z.uuid().nullable(),
  role: z.enum(['creator', 'client']).openapi({ description: 'What the caller is to this invoice' }),
  can: z
    .object({ edit: z.boolean(), send: z.boolean(), pay: z.boolean(), cancel: z.boolean() })
    .openapi({ description: 'What the caller may do now (docs/product.md "Invoices")' }),
}).openapi('Invoice');
export const InvoicePage = z.object({ invoices: z.array(InvoiceSummary), next_cursor: z.string().nullable() });
