import { getPrisma } from '../../../platform/db/prisma.js';
import { notFound } from '../../../platform/errors.js';
import { CONTRACT_NOT_FOUND } from '../milestones/service.js';
import { contractInclude, contractView, milestoneView, money } from '../views.js';

const KIND = { escrow_hold: 'hold', milestone_payment: 'release', escrow_refund: 'refund' } as const;

/** The contract for its client or freelancer; anyone else gets 'not found' (the page's GET and its live topic). */
export async function partyContract(userId: string, id: string) {
  const contract = await getPrisma().projectContract.findFirst({
    where: { id, OR: [{ clientId: userId }, { freelancerId: userId }] },
    include: contractInclude,
  });
  if (!contract) throw notFound(CONTRACT_NOT_FOUND);
  return contract;
}

export async function showContract(userId: string, id: string) {
  const db = getPrisma();
  const contract = await partyContract(userId, id);
  const scale = contract.currency.scale;
  const milestones = await db.projectMilestone.findMany({
    where: { contractId: id },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  // every escrow movement of its milestones: the ledger's entries carry the milestone as reference
  const entries = milestones.length
    ? await db.ledgerEntry.findMany({
        where: { referenceType: 'milestone', referenceId: { in: milestones.map((m) => m.id) } },
        distinct: ['transactionId'],
        select: { transactionId: true, referenceId: true },
      })
    : [];
  const transactions = await db.transaction.findMany({
    where: { id: { in: entries.map((e) => e.transactionId) } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const titleOf = new Map(milestones.map((m) => [m.id, m.title]));
  const milestoneOf = new Map(entries.map((e) => [e.transactionId, e.referenceId!]));
  return {
    contract: contractView(contract),
    role: contract.clientId === userId ? 'client' : 'freelancer',
    milestones: milestones.map((m) => milestoneView(m, scale)),
    movements: transactions.map((t) => ({
      at: t.createdAt.toISOString(),
      kind: KIND[t.transactionType as keyof typeof KIND] ?? 'hold',
      amount: money(t.amount, scale),
      fee: money(t.fee, scale),
      milestone_id: milestoneOf.get(t.id)!,
      milestone_title: titleOf.get(milestoneOf.get(t.id)!) ?? '',
      label: t.description ?? '',
      transaction_id: t.id,
    })),
  } as const;
}
