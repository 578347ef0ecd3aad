import type pg from 'pg';
import { lockRow } from '../../../platform/db/lock.js';
import type { Prisma, PrismaTx } from '../../../platform/db/prisma.js';

export const lockedInclude = { asset: { select: { symbol: true } } } satisfies Prisma.BankTransferInclude;
export type LockedTransfer = Prisma.BankTransferGetPayload<{ include: typeof lockedInclude }>;
export type TransferStatus = LockedTransfer['status'];

/** A bank transfer's row, locked for the rest of the caller's transaction (first lock of every change: BK3). */
export async function lockTransfer(
  db: pg.ClientBase,
  tx: PrismaTx,
  where: { id: string } | { plaidTransferId: string },
): Promise<LockedTransfer | null> {
  const id = 'id' in where ? where.id : (await tx.bankTransfer.findUnique({ where, select: { id: true } }))?.id;
  if (!id || !(await lockRow(db, 'bank_transfers', id))) return null;
  return tx.bankTransfer.findUniqueOrThrow({ where: { id }, include: lockedInclude });
}
