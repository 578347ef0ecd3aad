import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { Money, errorResponse as err } from '../../../platform/http/schemas.js';
import { idempotency } from '../../../platform/idempotency/index.js';
import { decimalInput, notPastDate } from '../../../platform/http/fields.js';
import { AssetRef, IdemHeader, MilestoneShape, PinInput, IdParam, REQUIRED, json, security, text } from '../schemas.js';

// /contracts/{id}/milestones[/quote] and /milestones/{id}/...: fund (escrow hold), submit, approve
// and pay (release minus 1%), cancel (refund), request changes, dispute.

/** A milestone: title and amount required, the amount above zero. */
const MilestoneAmount = decimalInput({ invalid: 'Please enter a valid amount.', missing: REQUIRED });
const Milestone = z.object({ milestone: MilestoneShape });
const money = (summary: string) => ({ 'x-access': 'owner' as const, tags: ['marketplace'], security, summary });

export const MilestoneInput = z
  .object({
    title: text(200).pipe(z.string().min(1, REQUIRED)),
    description: text(2000).nullish(),
    amount: MilestoneAmount,
    due_date: notPastDate('The due date cannot be in the past.').nullish(),
    pin: PinInput,
  })
  .openapi('MilestoneInput');

export const holdQuoteRoute = createRoute({
  method: 'get',
  path: '/contracts/{id}/milestones/quote',
  ...money("What adding a milestone of this amount will hold from the client's wallet, before the PIN"),
  middleware: [requireAuth] as const,
  request: { params: IdParam, query: z.object({ amount: MilestoneAmount }) },
  responses: {
    200: json('Quote', z.object({ amount: Money, asset: AssetRef, balance: Money, balance_after: Money })),
    400: err('Invalid amount'),
    401: err('Not signed in'),
    404: err('Contract not found or you do not have permission to view it.'),
    409: err(
      "Contract not active, INSUFFICIENT_FUNDS (details.title 'Insufficient Balance'), LIMIT_EXCEEDED (daily/weekly/monthly, in USD)",
    ),
  },
});

export const addMilestoneRoute = createRoute({
  method: 'post',
  path: '/contracts/{id}/milestones',
  ...money('The client adds a milestone and funds it: its amount moves to escrow (PIN, Idempotency-Key)'),
  middleware: [requireAuth, idempotency({ omit: ['pin'] })] as const,
  request: {
    params: IdParam,
    headers: IdemHeader,
    body: { required: true, content: { 'application/json': { schema: MilestoneInput } } },
  },
  responses: {
    201: json('Added and funded', Milestone),
    400: err('Missing fields or bad PIN format'),
    401: err('Not signed in'),
    403: err('Wrong PIN'),
    404: err('Contract not found or you do not have permission to view it.'),
    409: err(
      "Contract not active, INSUFFICIENT_FUNDS (details.title 'Insufficient Balance'), LIMIT_EXCEEDED (daily/weekly/monthly, in USD) (both before the PIN)",
    ),
    423: err('PIN locked'),
  },
});

export const payQuoteRoute = createRoute({
  method: 'get',
  path: '/milestones/{id}/quote',
  ...money('What approving pays: the amount, the 1% fee and what the freelancer receives'),
  middleware: [requireAuth] as const,
  request: { params: IdParam },
  responses: {
    200: json(
      'Quote',
      z.object({ amount: Money, fee: Money, fee_percent: z.string(), freelancer_receives: Money, asset: AssetRef }),
    ),
    401: err('Not signed in'),
    404: err('No such milestone for the caller'),
  },
});

const pinBody = { required: true, content: { 'application/json': { schema: z.object({ pin: PinInput }) } } } as const;
const noteBody = (field: 'notes' | 'note' | 'reason', required: boolean) => ({
  required,
  content: {
    'application/json': {
      schema: z.object({ [field]: required ? text(2000).pipe(z.string().min(1, REQUIRED)) : text(2000).nullish() }),
    },
  },
});
const stateErrors = {
  401: err('Not signed in'),
  404: err('No such milestone for the caller'),
  409: err('Not in a state that allows it, or the contract is not active'),
};

export const approveRoute = createRoute({
  method: 'post',
  path: '/milestones/{id}/approve',
  ...money(
    'The client approves a submitted milestone: escrow released to the freelancer minus 1% (PIN, Idempotency-Key)',
  ),
  middleware: [requireAuth, idempotency({ omit: ['pin'] })] as const,
  request: { params: IdParam, headers: IdemHeader, body: pinBody },
  responses: {
    200: json('Paid', Milestone),
    400: err('Bad PIN format'),
    403: err('Wrong PIN or PIN locked'),
    ...stateErrors,
  },
});

export const cancelRoute = createRoute({
  method: 'post',
  path: '/milestones/{id}/cancel',
  ...money('The client cancels a pending milestone: its escrow returns to them (PIN, Idempotency-Key)'),
  middleware: [requireAuth, idempotency({ omit: ['pin'] })] as const,
  request: { params: IdParam, headers: IdemHeader, body: pinBody },
  responses: {
    200: json('Cancelled', Milestone),
    400: err('Bad PIN format'),
    403: err('Wrong PIN or PIN locked'),
    ...stateErrors,
  },
});

export const submitRoute = createRoute({
  method: 'post',
  path: '/milestones/{id}/submit',
  ...money('The freelancer submits a pending milestone for payment, with optional notes'),
  middleware: [requireAuth] as const,
  request: { params: IdParam, body: noteBody('notes', false) },
  responses: { 200: json('Submitted', Milestone), 400: err('Invalid notes'), ...stateErrors },
});

export const requestChangesRoute = createRoute({
  method: 'post',
  path: '/milestones/{id}/request-changes',
  ...money('The client returns a submitted milestone to the freelancer with a note (still funded)'),
  middleware: [requireAuth] as const,
  request: { params: IdParam, body: noteBody('note', true) },
  responses: { 200: json('Returned', Milestone), 400: err('Missing note'), ...stateErrors },
});

export const disputeRoute = createRoute({
  method: 'post',
  path: '/milestones/{id}/dispute',
  ...money('The client disputes a submitted milestone with a reason; it stays held until an admin resolves it'),
  middleware: [requireAuth] as const,
  request: { params: IdParam, body: noteBody('reason', true) },
  responses: { 200: json('Disputed', Milestone), 400: err('Missing reason'), ...stateErrors },
});
