import { z } from '@hono/zod-openapi';
import { decimalInput } from '../../platform/http/fields.js';
import { Money, NOT_STORABLE, storableText } from '../../platform/http/schemas.js';

// What the marketplace's routes share: the shapes of a party, an asset, a project, a proposal, a
// contract and a milestone (snake_case JSON, money as decimal strings), and the inputs they share.

export { IdemHeader, PinInput, json, security } from '../../platform/http/schemas.js';
const uuidParam = (name: string) => z.uuid('Not found.').openapi({ param: { name, in: 'path' } });
export const IdParam = z.object({ id: uuidParam('id') });
export const MilestoneIdParam = z.object({ milestoneId: uuidParam('milestoneId') });

/** Text a user typed: trimmed, bounded, storable. */
export const text = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters.`).refine(storableText, NOT_STORABLE);
export const REQUIRED = 'Please fill in all required fields.';
/** A decimal string of 0 or more (the asset's scale is checked where the asset is known: checkAssetScale). */
export const AmountInput = (missing?: string) =>
  decimalInput({ invalid: 'Please enter a valid amount (a number, 0 or more).', missing, min: 'zero' });

export const Party = z
  .object({
    id: z.uuid(),
    full_name: z.string().nullable(),
    username: z.string().nullable(),
    avatar_url: z.string().nullable(),
  })
  .openapi('MarketplaceParty');
export const AssetRef = z
  .object({ id: z.uuid(), symbol: z.string(), name: z.string(), scale: z.number().int(), asset_type: z.string() })
  .openapi('MarketplaceAsset');
const at = z.string().openapi({ format: 'date-time' });

export const ProjectShape = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    skills_required: z.array(z.string()),
    budget_amount: Money,
    budget_type: z.enum(['fixed', 'hourly']),
    currency: AssetRef,
    deadline: z.string().nullable(),
    status: z.string(),
    created_at: at,
    updated_at: at,
    client: Party,
    proposal_count: z.number().int(),
  })
  .openapi('Project');

export const ProposalShape = z
  .object({
    id: z.uuid(),
    project_id: z.uuid(),
    freelancer: Party,
    proposal_text: z.string(),
    proposed_amount: Money.nullable(),
    estimated_duration_days: z.number().int().nullable(),
    status: z.enum(['submitted', 'accepted', 'rejected', 'withdrawn']),
    contract_id: z.uuid().nullable(),
    created_at: at,
  })
  .openapi('Proposal');

export const MilestoneShape = z
  .object({
    id: z.uuid(),
    contract_id: z.uuid(),
    title: z.string(),
    description: z.string().nullable(),
    amount: Money,
    due_date: z.string().nullable(),
    status: z.enum(['pending', 'submitted_for_payment', 'paid', 'cancelled', 'disputed', 'resolved']),
    freelancer_submission_notes: z.string().nullable(),
    change_request_note: z.string().nullable(),
    dispute_reason: z.string().nullable(),
    submitted_at: at.nullable(),
    paid_at: at.nullable(),
    auto_release_at: at.nullable(),
    resolution: z
      .object({ freelancer_amount: Money, client_amount: Money, note: z.string().nullable(), resolved_at: at })
      .nullable(),
    created_at: at,
  })
  .openapi('Milestone');

export const ContractSummary = z
  .object({
    id: z.uuid(),
    status: z.string(),
    agreed_amount: Money,
    contract_terms: z.string().nullable(),
    start_date: at,
    created_at: at,
    project: z.object({ id: z.uuid(), title: z.string() }),
    client: Party,
    freelancer: Party,
    asset: AssetRef,
  })
  .openapi('ContractSummary');
