import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { idempotency } from '../../../platform/idempotency/index.js';
import { BankTransfer, IdemHeader, MoveInput, PinInput, json, security } from '../schemas.js';

// /deposits: add money from a linked bank (an ACH debit; credited when it settles).

export const depositRoute = createRoute({
  method: 'post', path: '/deposits', tags: ['banking'], 'x-access': 'user', security,
  summary: 'Start a deposit from one of the caller\'s linked accounts (PIN, Idempotency-Key); the wallet is credited when the bank settles it',
  middleware: [requireAuth, idempotency({ omit: ['pin'] })] as const,
  request: { headers: IdemHeader, body: { required: true, content: { 'application/json': { schema: MoveInput.extend({ pin: PinInput }) } } } },
  responses: {
    201: json('Booked: pending at the bank, or declined (NSF) with the reason', z.object({ message: z.string(), transfer: BankTransfer })),
    400: err("'Missing Information', 'Invalid Amount', or a bad PIN format"), 401: err('Not authenticated'), 403: err('A wrong or locked PIN'),
    404: err('Linked account not found.'), 409: err('The bank wants a new sign-in (Reconnect)'), 422: err('Idempotency-Key reused with another body'),
  },
});
