import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { decimalInput, notPastDate, plainDecimal } from '../../../platform/http/fields.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { CampaignShape, IdParam, InvestmentShape, Person, json, security, text } from '../schemas.js';

// /campaigns (the module's root) and /campaigns/{id}: browse, create a draft, show, edit, submit for review.

const fillIn = (field: string) => `Please fill in the ${field} field.`;
const required = (field: string, schema: z.ZodString) =>
  z
    .string({ error: fillIn(field) })
    .trim()
    .min(1, fillIn(field))
    .pipe(schema);
const NUMBER = 'Enter a number, 0 or more.';
/** Campaign creation: number fields of 0 or more; required ones say which field is missing. */
const number = (field: string, decimals?: number) =>
  decimalInput({ invalid: NUMBER, missing: fillIn(field), min: 'zero', decimals });
const optionalNumber = decimalInput({ invalid: NUMBER, min: 'zero' })
  .nullish()
  .or(z.literal('').transform(() => null));
const EQUITY_DECIMALS = 4; // funding_campaigns.equity_offered_percentage is numeric(9,4)
export const END_IN_FUTURE = 'The end date must be in the future.';

type Bounds = { target_amount: string; min_investment: string; max_investment?: string | null };
/** Minimum investment <= maximum investment <= target: otherwise nobody could ever invest. */
function investmentBounds({ target_amount, min_investment, max_investment }: Bounds, ctx: z.RefinementCtx) {
  const [target, min] = [plainDecimal(target_amount), plainDecimal(min_investment)];
  const max = max_investment ? plainDecimal(max_investment) : undefined;
  if (!target || !min || max === null) return; // the field's own reason is given
  const refuse = (field: keyof Bounds, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  if (min.gt(target)) refuse('min_investment', 'The minimum investment cannot be above the target amount.');
  if (!max) return;
  if (min.gt(max)) refuse('max_investment', 'The maximum must be at least the minimum investment.');
  else if (target.lt(max)) refuse('max_investment', 'The maximum investment cannot be above the target amount.');
}
const url = text(500)
  .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), 'Enter a full web address (https://...).')
  .nullish();
const longText = text(5000).nullish();

export const CampaignInput = z
  .object({
    company_name: required('Company Name', text(200)),
    company_logo_url: url,
    website_url: url,
    pitch_deck_url: url,
    tagline: text(200).nullish(),
    description: required('Description', text(5000)),
    problem_solved: longText,
    solution_description: longText,
    market_size: longText,
    business_model: longText,
    team_description: longText,
    target_amount: decimalInput({
      invalid: NUMBER,
      missing: fillIn('Target Amount'),
      notPositive: 'The target amount must be greater than zero.',
    }),
    min_investment: number('Minimum Investment'),
    max_investment: optionalNumber,
    equity_offered_percentage: number('Equity Offered (%)', EQUITY_DECIMALS).refine(
      (p) => Number(p) <= 100,
      'At most 100 percent.',
    ),
    valuation: optionalNumber,
    campaign_end_date: notPastDate(END_IN_FUTURE)
      .nullish()
      .or(z.literal('').transform(() => null)),
    asset_currency_id: z.uuid({ error: fillIn('Currency') }),
  })
  .superRefine(investmentBounds)
  .openapi('CampaignInput');

export const BrowseQuery = z.object({
  q: text(100)
    .optional()
    .openapi({ description: 'Words of the company name, tagline or description (prefixes match)' }),
  cursor: z
    .string()
    .max(100)
    .regex(/^[\w.:-]+$/, 'Invalid cursor.')
    .optional(),
});

const Campaign = z.object({ campaign: CampaignShape });
const Update = z.object({
  id: z.uuid(),
  title: z.string(),
  content: z.string(),
  created_at: z.string(),
  posted_by: Person,
});
const Comment = z.object({ id: z.uuid(), comment_text: z.string(), created_at: z.string(), commenter: Person });

export const browseRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['campaigns'],
  'x-access': 'user',
  security,
  summary: 'Active campaigns, newest first, 9 a page, text search over company name, tagline and description',
  middleware: [requireAuth] as const,
  request: { query: BrowseQuery },
  responses: {
    200: json(
      'A page of campaigns',
      z.object({ campaigns: z.array(CampaignShape), next_cursor: z.string().nullable() }),
    ),
    400: err('Invalid query'),
    401: err('Not signed in'),
  },
});

export const createRoute_ = createRoute({
  method: 'post',
  path: '/',
  tags: ['campaigns'],
  'x-access': 'user',
  security,
  summary: 'Create a campaign as a draft (funds_raised 0)',
  middleware: [requireAuth] as const,
  request: { body: { required: true, content: { 'application/json': { schema: CampaignInput } } } },
  responses: { 201: json('Draft saved', Campaign), 400: err('Missing or invalid fields'), 401: err('Not signed in') },
});

export const showRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['campaigns'],
  'x-access': 'user',
  security,
  summary:
    'A campaign: live ones for everyone signed in, drafts, campaigns in review and rejected ones for their owner; updates newest first, top-level comments oldest first, whether the caller may invest',
  middleware: [requireAuth] as const,
  request: { params: IdParam },
  responses: {
    200: json(
      'Campaign',
      z.object({
        campaign: CampaignShape,
        role: z.enum(['owner', 'visitor']),
        updates: z.array(Update),
        comments: z.array(Comment),
        can_invest: z.boolean(),
        restriction: z.string().nullable(),
        my_investments: z.array(InvestmentShape),
      }),
    ),
    401: err('Not signed in'),
    404: err('Campaign not found.'),
  },
});

export const editRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags: ['campaigns'],
  'x-access': 'owner',
  security,
  summary: 'Edit a campaign: its owner, while draft, pending approval or rejected',
  middleware: [requireAuth] as const,
  request: { params: IdParam, body: { required: true, content: { 'application/json': { schema: CampaignInput } } } },
  responses: {
    200: json('Saved', Campaign),
    400: err('Missing or invalid fields'),
    401: err('Not signed in'),
    404: err('Campaign not found.'),
    409: err('Live or ended: no more edits'),
  },
});

export const submitRoute = createRoute({
  method: 'post',
  path: '/{id}/submit',
  tags: ['campaigns'],
  'x-access': 'owner',
  security,
  summary: 'The owner submits a draft (or a rejected campaign) for review: pending_approval',
  middleware: [requireAuth] as const,
  request: { params: IdParam },
  responses: {
    200: json('In review', Campaign),
    401: err('Not signed in'),
    404: err('Campaign not found.'),
    409: err('Not a draft or rejected, or the end date has passed'),
  },
});
