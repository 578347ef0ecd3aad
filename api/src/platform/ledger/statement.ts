import { z } from '@hono/zod-openapi';
import { Money } from '../http/schemas.js';

/**
 * The statement: one mapping from a transaction's type and reference to what a person's history,
 * dashboard and CSV statement show (label, counterparty, link, amount and the fee they paid). The
 * words are SQL (statement_line() and statement_kind() in prisma/sql/statement.sql, invariants S1-S3),
 * so the history's query reads them in the same statement as the rows and its type filter uses the
 * same kind. Every place that lists transactions joins STATEMENT_LINE; no screen builds its own words.
 */

/** What the history's type filter offers, in people's words: every kind statement_kind() gives (S1). */
export const STATEMENT_KINDS = {
  p2p_transfer: { one: 'Transfer', many: 'Transfers' }, // paid requests too
  invoice_payment: { one: 'Invoice payment', many: 'Invoice payments' },
  deposit: { one: 'Deposit', many: 'Deposits' },
  withdrawal: { one: 'Withdrawal', many: 'Withdrawals' },
  milestone_payment: { one: 'Milestone', many: 'Milestones' },
  investment: { one: 'Investment', many: 'Investments' },
} as const;
export type StatementKind = keyof typeof STATEMENT_KINDS;
export const STATEMENT_KIND_VALUES = Object.keys(STATEMENT_KINDS) as [StatementKind, ...StatementKind[]];

/** What money is held in escrow for (escrow.ts references); each has its words in statement_line(). */
export const ESCROW_REFERENCE_KINDS = ['withdrawal', 'milestone', 'investment', 'invoice'] as const;

/** SQL: line `l` of the statement of viewer $1 for transaction `t` (amounts already at the asset's scale). */
export const STATEMENT_LINE = 'CROSS JOIN LATERAL statement_line(t.id, $1) l';

/**
 * SQL: the type filter on one side's range of `transactions` (`side` the column the viewer is in),
 * parameter $n. Only an escrow movement's kind depends on its reference, so only those rows read
 * their ledger entries (one index probe each); statement_kind() inlines as a plain expression.
 */
export const kindCondition = (side: 'sender_id' | 'receiver_id', n: number) =>
  `statement_kind(transaction_type, CASE WHEN transaction_type IN ('escrow_hold', 'escrow_refund') THEN
     (SELECT statement_reference_kind(e.reference_type) FROM ledger_entries e WHERE e.transaction_id = transactions.id AND e.reference_id IS NOT NULL LIMIT 1) END,
   ${side === 'sender_id'}) = $${n}`;

/** SQL: the JSON fields of line `l` (merged into a transaction's JSON by the history and the dashboard). */
export const STATEMENT_JSON_FIELDS = `'kind', l.kind, 'direction', l.direction, 'label', l.label, 'counterparty', l.counterparty,
  'link', l.link, 'amount', l.amount::text, 'fee', l.fee::text, 'total', l.total::text, 'status', l.status, 'description', l.note`;

/** A party of a transaction (sender or receiver): null for a system account. */
export const Party = z.object({ id: z.uuid(), full_name: z.string().nullable() }).nullable();
/** One transaction as a person's statement shows it (history, dashboard). */
export const StatementLine = z
  .object({
    id: z.uuid(),
    created_at: z.string().openapi({ format: 'date-time' }),
    kind: z.enum(STATEMENT_KIND_VALUES).openapi({ description: 'What the history filter calls it (type=)' }),
    direction: z.enum(['in', 'out']).openapi({ description: 'out: money left the wallet (shown with a minus)' }),
    label: z.string().openapi({ example: 'Withdrawal to First Platypus Bank ••0000' }),
    counterparty: z
      .string()
      .nullable()
      .openapi({ description: 'A person, a company or a bank account; null for a deposit without a bank' }),
    link: z.string().nullable().openapi({
      description: 'The portal page of what it is about (contract, campaign, invoice, linked accounts)',
      example: '/contract/…',
    }),
    amount: Money.openapi({ description: 'The payment, at the asset scale, without the fee' }),
    fee: Money.openapi({ description: 'The fee the caller paid for it' }),
    total: Money.openapi({ description: "Signed change of the caller's wallet: -(amount + fee) out, amount - fee in" }),
    status: z
      .string()
      .openapi({ description: 'completed, pending (a bank transfer not settled yet), failed, returned' }),
    transaction_type: z
      .string()
      .openapi({ description: "The ledger's type (escrow_hold for a withdrawal's hold): kind says what it is" }),
    description: z
      .string()
      .nullable()
      .openapi({ description: 'A note a person wrote, or why a bank gave the money back' }),
    asset: z.object({ symbol: z.string(), name: z.string(), scale: z.number().int() }),
    sender: Party,
    receiver: Party,
  })
  .openapi('StatementLine');
