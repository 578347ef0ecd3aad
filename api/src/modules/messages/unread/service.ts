import { getPrisma } from '../../../platform/db/prisma.js';

/** Unread messages over all of `me`'s threads (the header's count): the sum of last_seq minus the read position, per side. */
export async function unreadTotal(me: string) {
  const db = getPrisma().messageThread;
  const [one, two] = await Promise.all([
    db.aggregate({ where: { userOneId: me }, _sum: { lastSeq: true, userOneReadSeq: true } }),
    db.aggregate({ where: { userTwoId: me }, _sum: { lastSeq: true, userTwoReadSeq: true } }),
  ]);
  const n = (v: bigint | null) => Number(v ?? 0n);
  return {
    unread_total: n(one._sum.lastSeq) - n(one._sum.userOneReadSeq) + n(two._sum.lastSeq) - n(two._sum.userTwoReadSeq),
  };
}
