import type { Prisma } from '../../platform/db/prisma.js';

// Prisma rows -> the JSON of schemas.ts. The browser never sees Plaid ids or access tokens.

type AccountRow = Prisma.UserLinkedAccountGetPayload<object>;
export const transferInclude = {
  asset: { select: { symbol: true, scale: true } },
} satisfies Prisma.BankTransferInclude;
type TransferRow = Prisma.BankTransferGetPayload<{ include: typeof transferInclude }>;

export const accountView = (a: AccountRow) => ({
  id: a.id,
  institution_name: a.institutionName,
  account_name: a.accountName,
  account_type: a.accountType,
  account_subtype: a.accountSubtype,
  account_mask: a.accountMask,
  status: a.status,
  instant: a.rtpCredit,
  created_at: a.createdAt.toISOString(),
});

export const transferView = (t: TransferRow) => ({
  id: t.id,
  direction: t.direction,
  amount: t.amount.toFixed(t.asset.scale),
  fee: t.fee.toFixed(t.asset.scale),
  asset_symbol: t.asset.symbol,
  network: t.network as 'ach' | 'same-day-ach' | 'rtp',
  status: t.status,
  failure_reason: t.failureReason,
  account: {
    id: t.linkedAccountId,
    institution_name: t.institutionName,
    account_name: t.accountName,
    account_mask: t.accountMask,
  },
  created_at: t.createdAt.toISOString(),
  updated_at: t.updatedAt.toISOString(),
});
