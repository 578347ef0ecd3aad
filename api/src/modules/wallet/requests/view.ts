import type { Prisma } from '../../../platform/db/prisma.js';

const party = { select: { id: true, fullName: true, username: true } } as const;

/** What a payment request's answer reads besides its own row. */
export const requestInclude = {
  asset: { select: { symbol: true, name: true, scale: true } },
  requester: party,
  payer: party,
} satisfies Prisma.PaymentRequestInclude;

type Party = { id: string; fullName: string | null; username: string | null };
const partyView = (p: Party) => ({ id: p.id, full_name: p.fullName, username: p.username });

/** A payment request as the API answers it (PaymentRequestRow in ./routes.ts): the amount at its asset's scale. */
export const requestView = (q: Prisma.PaymentRequestGetPayload<{ include: typeof requestInclude }>) => ({
  id: q.id,
  amount: q.amount.toFixed(q.asset.scale),
  description: q.description,
  status: q.status,
  created_at: q.createdAt.toISOString(),
  updated_at: q.updatedAt.toISOString(),
  transaction_id: q.transactionId,
  asset: q.asset,
  requester: partyView(q.requester),
  payer: partyView(q.payer),
});
