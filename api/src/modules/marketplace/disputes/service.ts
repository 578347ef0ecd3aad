import type { z } from '@hono/zod-openapi';
import { recordAudit } from '../../../platform/audit/index.js';
import { Prisma, getPrisma } from '../../../platform/db/prisma.js';
import { conflict, validationError } from '../../../platform/errors.js';
import { checkAssetScale } from '../../../platform/http/fields.js';
import { runIdempotent, type IdempotencyContext } from '../../../platform/idempotency/index.js';
import { notify } from '../../../platform/notifications/index.js';
import { lockMilestone, milestoneAnswer, milestoneNote, resolveMilestone } from '../milestones/escrow.js';
import { assetSelect, assetView, milestoneView, partySelect, partyView } from '../views.js';
import type { ResolveInput } from './routes.js';

export async function listDisputes() {
  const rows = await getPrisma().projectMilestone.findMany({
    where: { status: 'disputed' },
    orderBy: [{ disputedAt: 'asc' }, { id: 'asc' }],
    take: 200,
    include: {
      contract: {
        select: {
          id: true,
          project: { select: { title: true } },
          client: { select: partySelect },
          freelancer: { select: partySelect },
          currency: { select: assetSelect },
        },
      },
    },
  });
  return {
    disputes: rows.map(({ contract, ...m }) => ({
      milestone: milestoneView(m, contract.currency.scale),
      contract: {
        id: contract.id,
        project_title: contract.project.title,
        client: partyView(contract.client),
        freelancer: partyView(contract.freelancer),
        asset: assetView(contract.currency),
      },
    })),
  };
}

/** What the freelancer gets for each outcome (before the fee); split must leave both parties something. */
function freelancerShare(
  input: z.infer<typeof ResolveInput>,
  amount: Prisma.Decimal,
  asset: { symbol: string; scale: number },
) {
  if (input.outcome === 'release') return amount;
  if (input.outcome === 'refund') return new Prisma.Decimal(0);
  if (!input.freelancer_amount) throw validationError({ freelancer_amount: 'Enter what the freelancer receives.' });
  const share = new Prisma.Decimal(input.freelancer_amount);
  checkAssetScale(asset, { freelancer_amount: input.freelancer_amount });
  if (share.lte(0) || share.gte(amount))
    throw validationError({
      freelancer_amount: 'A split gives each party part of the milestone: more than 0 and less than its amount.',
    });
  return share;
}

export async function resolveDispute(
  adminId: string,
  milestoneId: string,
  input: z.infer<typeof ResolveInput>,
  idem: IdempotencyContext,
) {
  return runIdempotent(adminId, idem, async (db, tx) => {
    const m = (await lockMilestone(db, tx, milestoneId))!;
    if (m.status !== 'disputed') throw conflict('Only a disputed milestone can be resolved.');
    const share = freelancerShare(input, m.amount, m.contract.currency);
    await resolveMilestone(db, tx, m, share, input.note, new Date());
    // both parties, the same words: the freelancer's share (before the fee); the rest went back to the client
    for (const userId of [m.contract.freelancerId, m.contract.clientId])
      await notify(db, { userId, kind: 'milestone_resolved', ...milestoneNote(m, share) });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'admin.milestone.resolve',
      subject: `milestone:${m.id}`,
      before: { status: 'disputed' },
      after: {
        status: 'resolved',
        outcome: input.outcome,
        freelancer_amount: share.toFixed(m.contract.currency.scale),
      },
      data: { note: input.note },
    });
    return { status: 200, body: await milestoneAnswer(tx, milestoneId, m.contract.currency.scale) };
  });
}
