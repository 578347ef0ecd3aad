import { z } from '@hono/zod-openapi';
import { amountInput } from '../../platform/http/fields.js';
import { Money, NOT_STORABLE, storableText } from '../../platform/http/schemas.js';

// What the campaigns' routes share: the shapes of a campaign, an investment, an update and a comment
// (snake_case JSON, money as decimal strings) and the inputs they share.

export { IdemHeader, PinInput, json, security } from '../../platform/http/schemas.js';
const uuidParam = (name: string) => z.uuid('Not found.').openapi({ param: { name, in: 'path' } });
export const IdParam = z.object({ id: uuidParam('id') });
export const text = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters.`).refine(storableText, NOT_STORABLE);
/** An investment amount: a number above 0, else 'Please enter a valid investment amount.' */
export const INVALID_INVESTMENT = 'Please enter a valid investment amount.';
export const AmountInput = amountInput(INVALID_INVESTMENT, INVALID_INVESTMENT);

const at = z.string().openapi({ format: 'date-time' });
export const Person = z
  .object({
    id: z.uuid(),
    full_name: z.string().nullable(),
    username: z.string().nullable(),
    avatar_url: z.string().nullable(),
  })
  .openapi('CampaignPerson');
export const CampaignAsset = z
  .object({ id: z.uuid(), symbol: z.string(), name: z.string(), scale: z.number().int() })
  .openapi('CampaignAsset');

export const CampaignShape = z
  .object({
    id: z.uuid(),
    company_name: z.string(),
    company_logo_url: z.string().nullable(),
    website_url: z.string().nullable(),
    tagline: z.string().nullable(),
    description: z.string(),
    problem_solved: z.string().nullable(),
    solution_description: z.string().nullable(),
    market_size: z.string().nullable(),
    business_model: z.string().nullable(),
    team_description: z.string().nullable(),
    target_amount: Money,
    min_investment: Money,
    max_investment: Money.nullable(),
    equity_offered_percentage: z.string(),
    valuation: Money.nullable(),
    campaign_end_date: z.string().nullable(),
    pitch_deck_url: z.string().nullable(),
    status: z.enum(['draft', 'pending_approval', 'active', 'funded', 'closed', 'rejected']),
    rejection_reason: z.string().nullable(),
    funds_raised: Money,
    progress_percent: z.number(),
    investor_count: z.number().int(),
    days_left: z.number().int().nullable(),
    currency: CampaignAsset,
    owner: Person,
    created_at: at,
    submitted_at: at.nullable(),
    closed_at: at.nullable(),
  })
  .openapi('Campaign');

export const InvestmentShape = z
  .object({
    id: z.uuid(),
    campaign_id: z.uuid(),
    amount_invested: Money,
    status: z.enum(['pending_verification', 'confirmed', 'rejected', 'refunded', 'cancelled']),
    created_at: at,
    cancellable_until: at.nullable(),
  })
  .openapi('Investment');
