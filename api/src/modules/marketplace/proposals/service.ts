import type { z } from '@hono/zod-openapi';
import { lockRow } from '../../../platform/db/lock.js';
import { Prisma, getPrisma } from '../../../platform/db/prisma.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { conflict, forbidden, notFound } from '../../../platform/errors.js';
import { checkAssetScale } from '../../../platform/http/fields.js';
import { notify } from '../../../platform/notifications/index.js';
import { PROJECT_NOT_FOUND } from '../projects/service.js';
import { proposalInclude, proposalView } from '../views.js';
import type { ProposalInput } from './routes.js';

const PROPOSAL_NOT_FOUND = 'Proposal not found.';
const NOT_OPEN = 'This project is no longer open for proposals.';

export async function propose(freelancerId: string, projectId: string, input: z.infer<typeof ProposalInput>) {
  const db = getPrisma();
  const project = await db.project.findUnique({
    where: { id: projectId },
    select: { clientId: true, status: true, title: true, currency: { select: { scale: true, symbol: true } } },
  });
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  if (project.clientId === freelancerId) throw forbidden('You cannot send a proposal to your own project.');
  if (project.status !== 'open') throw conflict(NOT_OPEN);
  const amount = input.proposed_amount ?? null;
  checkAssetScale(project.currency, { proposed_amount: amount });
  try {
    const proposal = await db.$transaction(async (tx) => {
      const created = await tx.projectProposal.create({
        data: {
          projectId,
          freelancerId,
          proposalText: input.proposal_text,
          proposedAmount: amount ? new Prisma.Decimal(amount) : null,
          estimatedDurationDays: input.estimated_duration_days ?? null,
        },
        include: proposalInclude,
      });
      await notify(tx, {
        userId: project.clientId,
        kind: 'proposal_received',
        actorId: freelancerId,
        link: `/project/${projectId}`,
        data: { title: project.title },
      });
      return created;
    });
    return { proposal: proposalView(proposal) };
  } catch (e) {
    // project_proposals_one_live_idx: one submitted or accepted proposal per freelancer and project
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002')
      throw conflict('You have already sent a proposal for this project.');
    throw e;
  }
}

/**
 * Accepting, as ONE transaction (docs/product.md "Marketplace" lists the steps; ours are atomic): the project row is
 * locked first, so of two accepts at once the second sees the project in progress and gets 409
 * (and project_contracts_one_per_project_idx makes a second contract impossible anyway).
 */
export async function acceptProposal(clientId: string, id: string) {
  return inTransaction(async (db, tx) => {
    const found = await tx.projectProposal.findUnique({
      where: { id },
      select: { projectId: true, project: { select: { clientId: true } } },
    });
    if (!found || found.project.clientId !== clientId) throw notFound(PROPOSAL_NOT_FOUND);
    await lockRow(db, 'projects', found.projectId);
    const p = await tx.projectProposal.findUniqueOrThrow({ where: { id }, include: { project: true } });
    if (p.project.status !== 'open') throw conflict(NOT_OPEN);
    if (p.status !== 'submitted') throw conflict('Only a submitted proposal can be accepted.');
    const now = new Date();
    const contract = await tx.projectContract.create({
      data: {
        projectId: p.projectId,
        proposalId: p.id,
        clientId,
        freelancerId: p.freelancerId,
        agreedAmount: p.proposedAmount ?? p.project.budgetAmount,
        currencyAssetId: p.project.budgetCurrency,
        status: 'active',
        startDate: now,
        contractTerms: p.proposalText,
      },
    });
    await tx.projectProposal.update({
      where: { id },
      data: { status: 'accepted', contractId: contract.id, updatedAt: now },
    });
    await tx.project.update({ where: { id: p.projectId }, data: { status: 'in_progress', updatedAt: now } });
    const others = await tx.projectProposal.findMany({
      where: { projectId: p.projectId, status: 'submitted', id: { not: id } },
      select: { freelancerId: true },
    });
    await tx.projectProposal.updateMany({
      where: { projectId: p.projectId, status: 'submitted', id: { not: id } },
      data: { status: 'rejected', updatedAt: now },
    });
    const title = p.project.title;
    await notify(tx, {
      userId: p.freelancerId,
      kind: 'proposal_accepted',
      actorId: clientId,
      link: `/contract/${contract.id}`,
      data: { title },
    });
    for (const o of others)
      await notify(tx, {
        userId: o.freelancerId,
        kind: 'proposal_rejected',
        actorId: clientId,
        link: `/project/${p.projectId}`,
        data: { title },
      });
    return { contract_id: contract.id };
  });
}

/** reject: the project's client, on a submitted proposal of an open project; withdraw: the freelancer, own submitted proposal. */
export async function closeProposal(userId: string, id: string, as: 'client' | 'freelancer') {
  const mine = as === 'client' ? { project: { clientId: userId } } : { freelancerId: userId };
  const { count, proposal } = await getPrisma().$transaction(async (tx) => {
    const { count } = await tx.projectProposal.updateMany({
      where: {
        id,
        ...mine,
        status: 'submitted',
        ...(as === 'client' ? { project: { clientId: userId, status: 'open' } } : {}),
      },
      data: { status: as === 'client' ? 'rejected' : 'withdrawn', updatedAt: new Date() },
    });
    const proposal = await tx.projectProposal.findFirst({
      where: { id, ...mine },
      include: { ...proposalInclude, project: { select: { title: true, currency: { select: { scale: true } } } } },
    });
    if (proposal && count > 0 && as === 'client') {
      await notify(tx, {
        userId: proposal.freelancerId,
        kind: 'proposal_rejected',
        actorId: userId,
        link: `/project/${proposal.projectId}`,
        data: { title: proposal.project.title },
      });
    }
    return { count, proposal };
  });
  if (!proposal) throw notFound(PROPOSAL_NOT_FOUND);
  if (count === 0)
    throw conflict(
      as === 'client'
        ? 'Only a submitted proposal of an open project can be rejected.'
        : 'Only a submitted proposal can be withdrawn.',
    );
  return { proposal: proposalView(proposal) };
}
