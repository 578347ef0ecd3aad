import type { z } from '@hono/zod-openapi';
import { lockRow } from '../../../platform/db/lock.js';
import { Prisma, getPrisma } from '../../../platform/db/prisma.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { conflict, notFound } from '../../../platform/errors.js';
import { checkAssetScale } from '../../../platform/http/fields.js';
import { runIdempotent, type IdempotencyContext } from '../../../platform/idempotency/index.js';
import { hold, quoteFee, quoteOutflow } from '../../../platform/ledger/index.js';
import { notify } from '../../../platform/notifications/index.js';
import { verifyPin } from '../../../platform/pin/index.js';
import { assetSelect, assetView, milestoneView, money } from '../views.js';
import {
  MILESTONE_NOT_FOUND,
  lockMilestone,
  milestoneAnswer,
  milestoneNote,
  payMilestone,
  refundMilestone,
} from './escrow.js';
import { AUTO_RELEASE_DAYS, MILESTONE_FEE, escrowLabel } from './rules.js';
import type { MilestoneInput } from './routes.js';

export const CONTRACT_NOT_FOUND = 'Contract not found or you do not have permission to view it.';
const NOT_ACTIVE = 'This contract is not active.';
type Role = 'client' | 'freelancer';

/** The caller's contract in the given role (404 in the spec's words for anyone else). */
async function partyContract(userId: string, contractId: string, role: Role) {
  const contract = await getPrisma().projectContract.findFirst({
    where: { id: contractId, ...(role === 'client' ? { clientId: userId } : { freelancerId: userId }) },
    select: { id: true, status: true, clientId: true, freelancerId: true, currency: { select: assetSelect } },
  });
  if (!contract) throw notFound(CONTRACT_NOT_FOUND);
  return contract;
}

/** The caller's milestone in the given role (404 for anyone else). */
async function partyMilestone(userId: string, id: string, role: Role) {
  const m = await getPrisma().projectMilestone.findFirst({
    where: { id, contract: { is: role === 'client' ? { clientId: userId } : { freelancerId: userId } } },
    include: {
      contract: { select: { status: true, clientId: true, freelancerId: true, currency: { select: assetSelect } } },
    },
  });
  if (!m) throw notFound(MILESTONE_NOT_FOUND);
  return m;
}

async function walletBalance(userId: string, assetId: string) {
  const wallet = await getPrisma().userWallet.findFirst({ where: { userId, assetId }, select: { balance: true } });
  return wallet?.balance ?? new Prisma.Decimal(0);
}

/** What a new milestone of `amount` will hold from the client's wallet (the ledger's refusal when short or over a limit). */
export async function quoteHold(userId: string, contractId: string, amount: string) {
  const contract = await partyContract(userId, contractId, 'client');
  if (contract.status !== 'active') throw conflict(NOT_ACTIVE);
  checkAssetScale(contract.currency, { amount });
  await quoteOutflow(userId, contract.currency.symbol, amount);
  const balance = await walletBalance(userId, contract.currency.id);
  const after = balance.minus(amount);
  const scale = contract.currency.scale;
  return {
    amount: new Prisma.Decimal(amount).toFixed(scale),
    asset: assetView(contract.currency),
    balance: money(balance, scale),
    balance_after: money(after, scale),
  };
}

/** The client adds a milestone and its amount moves to escrow, in one transaction (PIN first, on its own connection). */
export async function addMilestone(
  userId: string,
  contractId: string,
  input: z.infer<typeof MilestoneInput>,
  idem: IdempotencyContext,
) {
  const contract = await partyContract(userId, contractId, 'client');
  checkAssetScale(contract.currency, { amount: input.amount });
  await quoteOutflow(userId, contract.currency.symbol, input.amount); // balance and limits before the PIN; the hold checks again
  await verifyPin(userId, input.pin);
  return runIdempotent(userId, idem, async (db, tx) => {
    await lockRow(db, 'project_contracts', contractId, { share: true });
    const { status } = await tx.projectContract.findUniqueOrThrow({
      where: { id: contractId },
      select: { status: true },
    });
    if (status !== 'active') throw conflict(NOT_ACTIVE);
    const { id } = await tx.projectMilestone.create({
      data: {
        contractId,
        title: input.title,
        description: input.description ?? null,
        amount: input.amount,
        dueDate: input.due_date ? new Date(`${input.due_date}T00:00:00Z`) : null,
      },
      select: { id: true },
    });
    await hold(db, {
      reference: { type: 'milestone', id },
      payerId: userId,
      assetSymbol: contract.currency.symbol,
      amount: input.amount,
      description: escrowLabel(input.title),
    });
    await notify(db, {
      userId: contract.freelancerId,
      kind: 'milestone_funded',
      actorId: userId,
      link: `/contract/${contractId}`,
      data: {
        title: input.title,
        amount: new Prisma.Decimal(input.amount).toFixed(contract.currency.scale),
        asset: contract.currency.symbol,
      },
    });
    return { status: 201, body: await milestoneAnswer(tx, id, contract.currency.scale) };
  });
}

/** Approval dialog: the amount, the fee of the schedule (1%) and what the freelancer receives. */
export async function quotePayment(userId: string, id: string) {
  const m = await partyMilestone(userId, id, 'client');
  const asset = m.contract.currency;
  // the ledger's quote (ledger_quote_fee) of the milestone's asset, which exists
  const fee = new Prisma.Decimal((await quoteFee(MILESTONE_FEE, asset.symbol, m.amount.toFixed()))!.fee);
  const percent = await getPrisma().feeSchedule.findFirst({
    where: { transactionType: MILESTONE_FEE, OR: [{ assetId: asset.id }, { assetId: null }] },
    orderBy: { assetId: { sort: 'asc', nulls: 'last' } },
    select: { percent: true },
  });
  return {
    amount: money(m.amount, asset.scale),
    fee: money(fee, asset.scale),
    fee_percent: (percent?.percent ?? new Prisma.Decimal(0)).toString(),
    freelancer_receives: money(m.amount.minus(fee), asset.scale),
    asset: assetView(asset),
  };
}

/** approve (submitted -> paid, released minus 1%) or cancel (pending -> cancelled, refunded): the client's money actions. */
export async function settleMilestone(
  userId: string,
  id: string,
  pin: string,
  idem: IdempotencyContext,
  action: 'approve' | 'cancel',
) {
  const m = await partyMilestone(userId, id, 'client');
  await verifyPin(userId, pin);
  return runIdempotent(userId, idem, async (db, tx) => {
    const locked = (await lockMilestone(db, tx, id))!;
    if (locked.contract.status !== 'active') throw conflict(NOT_ACTIVE);
    if (action === 'approve') {
      if (locked.status !== 'submitted_for_payment')
        throw conflict('Only a milestone submitted for payment can be approved.');
      await payMilestone(db, tx, locked, new Date());
      await notify(db, {
        userId: locked.contract.freelancerId,
        kind: 'milestone_approved',
        actorId: userId,
        ...milestoneNote(locked, locked.amount),
      });
    } else {
      if (locked.status !== 'pending') throw conflict('Only a pending milestone (not submitted) can be cancelled.');
      await refundMilestone(db, tx, locked, new Date());
    }
    return { status: 200, body: await milestoneAnswer(tx, id, m.contract.currency.scale) };
  });
}

const TRANSITIONS = {
  submit: {
    role: 'freelancer',
    from: ['pending'],
    refused: 'Only a pending milestone can be submitted.',
    told: 'milestone_submitted',
  },
  'request-changes': {
    role: 'client',
    from: ['submitted_for_payment'],
    refused: 'Only a submitted milestone can be returned for changes.',
    told: 'milestone_changes_requested',
  },
  dispute: {
    role: 'client',
    from: ['submitted_for_payment'],
    refused: 'Only a submitted milestone can be disputed.',
    told: 'milestone_disputed',
  },
} as const;
export type Transition = keyof typeof TRANSITIONS;

/** The state changes without money: one conditional update, so two clicks at once get one outcome. */
export async function moveMilestone(userId: string, id: string, transition: Transition, note: string | null) {
  const rule = TRANSITIONS[transition];
  const m = await partyMilestone(userId, id, rule.role);
  const now = new Date();
  const data: Prisma.ProjectMilestoneUpdateManyMutationInput =
    transition === 'submit'
      ? { status: 'submitted_for_payment', submittedAt: now, freelancerSubmissionNotes: note, updatedAt: now }
      : transition === 'request-changes'
        ? { status: 'pending', submittedAt: null, changeRequestNote: note, updatedAt: now }
        : { status: 'disputed', disputeReason: note, disputedAt: now, updatedAt: now };
  const other = rule.role === 'client' ? m.contract.freelancerId : m.contract.clientId;
  const moved = await getPrisma().$transaction(async (tx) => {
    const { count } = await tx.projectMilestone.updateMany({
      where: { id, status: { in: [...rule.from] }, contract: { is: { status: 'active' } } },
      data,
    });
    if (count === 0) return null;
    await notify(tx, {
      userId: other,
      kind: rule.told,
      actorId: userId,
      link: `/contract/${m.contractId}`,
      data: { title: m.title },
    });
    return tx.projectMilestone.findUniqueOrThrow({ where: { id } });
  });
  if (!moved) throw conflict(m.contract.status !== 'active' ? NOT_ACTIVE : rule.refused);
  return { milestone: milestoneView(moved, m.contract.currency.scale) };
}

/**
 * The scheduled job: submitted milestones older than 14 days, on active contracts, are paid to the
 * freelancer as if approved. Each in its own transaction, the row locked and re-checked (SKIP LOCKED:
 * a milestone being approved right now is left to that approval), so two runs pay nothing twice.
 */
export async function autoReleaseDue(now: Date): Promise<{ released: number }> {
  const cutoff = new Date(now.getTime() - AUTO_RELEASE_DAYS * 86_400_000);
  const due = await getPrisma().projectMilestone.findMany({
    where: { status: 'submitted_for_payment', submittedAt: { lte: cutoff }, contract: { is: { status: 'active' } } },
    select: { id: true },
    orderBy: { submittedAt: 'asc' },
    take: 500,
  });
  let released = 0;
  for (const { id } of due) {
    released += await inTransaction(async (db, tx) => {
      const m = await lockMilestone(db, tx, id, { skipLocked: true });
      if (
        !m ||
        m.status !== 'submitted_for_payment' ||
        m.contract.status !== 'active' ||
        !m.submittedAt ||
        m.submittedAt > cutoff
      )
        return 0;
      await payMilestone(db, tx, m, now);
      const { clientId, freelancerId } = m.contract;
      const note = milestoneNote(m, m.amount);
      await notify(db, {
        userId: freelancerId,
        kind: 'milestone_auto_released',
        actorId: clientId,
        ...note,
        data: { ...note.data, role: 'freelancer' },
      });
      await notify(db, {
        userId: clientId,
        kind: 'milestone_auto_released',
        actorId: freelancerId,
        ...note,
        data: { ...note.data, role: 'client' },
      });
      return 1;
    });
  }
  return { released };
}
