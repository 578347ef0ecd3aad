import type { Prisma } from '../../platform/db/prisma.js';
import { AUTO_RELEASE_DAYS } from './milestones/rules.js';

// Prisma rows -> the JSON of schemas.ts. The selects below are what each view needs; the row types
// are Prisma's own (GetPayload), so a changed column breaks the build, not the answer.

export const partySelect = { id: true, fullName: true, username: true, avatarUrl: true } satisfies Prisma.ProfileSelect;
export const assetSelect = {
  id: true,
  symbol: true,
  name: true,
  scale: true,
  assetType: true,
} satisfies Prisma.AssetSelect;
type PartyRow = Prisma.ProfileGetPayload<{ select: typeof partySelect }>;
type AssetRow = Prisma.AssetGetPayload<{ select: typeof assetSelect }>;

const iso = (d: Date) => d.toISOString();
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
/** Decimal -> plain decimal string without trailing zeros beyond the asset's scale. */
export const money = (d: Prisma.Decimal, scale: number) => d.toFixed(scale);

export const partyView = (p: PartyRow) => ({
  id: p.id,
  full_name: p.fullName,
  username: p.username,
  avatar_url: p.avatarUrl,
});
export const assetView = (a: AssetRow) => ({
  id: a.id,
  symbol: a.symbol,
  name: a.name,
  scale: a.scale,
  asset_type: a.assetType,
});

export const projectInclude = {
  client: { select: partySelect },
  currency: { select: assetSelect },
  _count: { select: { proposals: { where: { status: { in: ['submitted', 'accepted'] } } } } },
} satisfies Prisma.ProjectInclude;
type ProjectRow = Prisma.ProjectGetPayload<{ include: typeof projectInclude }>;

export const projectView = (p: ProjectRow) => ({
  id: p.id,
  title: p.title,
  description: p.description,
  skills_required: p.skillsRequired,
  budget_amount: money(p.budgetAmount, p.currency.scale),
  budget_type: p.budgetType,
  currency: assetView(p.currency),
  deadline: day(p.deadline),
  status: p.status,
  created_at: iso(p.createdAt),
  updated_at: iso(p.updatedAt),
  client: partyView(p.client),
  proposal_count: p._count.proposals,
});

export const proposalInclude = {
  freelancer: { select: partySelect },
  project: { select: { currency: { select: { scale: true } } } },
} satisfies Prisma.ProjectProposalInclude;
type ProposalRow = Prisma.ProjectProposalGetPayload<{ include: typeof proposalInclude }>;

export const proposalView = (p: ProposalRow) => ({
  id: p.id,
  project_id: p.projectId,
  freelancer: partyView(p.freelancer),
  proposal_text: p.proposalText,
  proposed_amount: p.proposedAmount ? money(p.proposedAmount, p.project.currency.scale) : null,
  estimated_duration_days: p.estimatedDurationDays,
  status: p.status,
  contract_id: p.contractId,
  created_at: iso(p.createdAt),
});

type MilestoneRow = Prisma.ProjectMilestoneGetPayload<object>;

export const milestoneView = (m: MilestoneRow, scale: number) => ({
  id: m.id,
  contract_id: m.contractId,
  title: m.title,
  description: m.description,
  amount: money(m.amount, scale),
  due_date: day(m.dueDate),
  status: m.status,
  freelancer_submission_notes: m.freelancerSubmissionNotes,
  change_request_note: m.changeRequestNote,
  dispute_reason: m.disputeReason,
  submitted_at: m.submittedAt && iso(m.submittedAt),
  paid_at: m.paidAt && iso(m.paidAt),
  auto_release_at:
    m.status === 'submitted_for_payment' && m.submittedAt
      ? iso(new Date(m.submittedAt.getTime() + AUTO_RELEASE_DAYS * 86_400_000))
      : null,
  resolution:
    m.resolvedAt && m.resolvedFreelancerAmount
      ? {
          freelancer_amount: money(m.resolvedFreelancerAmount, scale),
          client_amount: money(m.amount.minus(m.resolvedFreelancerAmount), scale),
          note: m.resolutionNote,
          resolved_at: iso(m.resolvedAt),
        }
      : null,
  created_at: iso(m.createdAt),
});

export const contractInclude = {
  project: { select: { id: true, title: true } },
  client: { select: partySelect },
  freelancer: { select: partySelect },
  currency: { select: assetSelect },
} satisfies Prisma.ProjectContractInclude;
type ContractRow = Prisma.ProjectContractGetPayload<{ include: typeof contractInclude }>;

export const contractView = (c: ContractRow) => ({
  id: c.id,
  status: c.status,
  agreed_amount: money(c.agreedAmount, c.currency.scale),
  contract_terms: c.contractTerms,
  start_date: iso(c.startDate),
  created_at: iso(c.createdAt),
  project: c.project,
  client: partyView(c.client),
  freelancer: partyView(c.freelancer),
  asset: assetView(c.currency),
});
