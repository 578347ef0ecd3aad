import { getPrisma } from '../../../platform/db/prisma.js';
import { notFound } from '../../../platform/errors.js';
import { transferInclude, transferView } from '../views.js';

export const RECENT_TRANSFERS = 20;

/** The caller's latest bank transfers, newest first: pending ones and how each ended (and why). */
export async function listTransfers(userId: string) {
  const rows = await getPrisma().bankTransfer.findMany({
    where: { userId },
    include: transferInclude,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: RECENT_TRANSFERS,
  });
  return { transfers: rows.map(transferView) };
}

/** One of the caller's transfers as it is now. */
export async function transferOf(userId: string, id: string) {
  const row = await getPrisma().bankTransfer.findFirst({ where: { id, userId }, include: transferInclude });
  if (!row) throw notFound('Transfer not found.');
  return transferView(row);
}
