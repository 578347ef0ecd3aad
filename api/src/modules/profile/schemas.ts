import { z } from '@hono/zod-openapi';
import { Money } from '../../platform/http/schemas.js';

// The profile as every route that changes it answers it.

const NullableMoney = Money.nullable();

export const ProfileSchema = z
  .object({
    id: z.uuid(),
    full_name: z.string().nullable(),
    username: z.string().nullable(),
    email: z.string(),
    email_confirmed: z.boolean(),
    email_confirmed_at: z.string().nullable(),
    avatar_url: z.string().nullable(),
    kyc_status: z.enum(['not_started', 'pending', 'verified', 'rejected']),
    has_pin: z.boolean().openapi({ description: 'A transaction PIN is set (the hash is never sent)' }),
    is_accredited_investor: z.boolean(),
    is_admin: z.boolean(),
    daily_transaction_limit: NullableMoney,
    weekly_transaction_limit: NullableMoney,
    monthly_transaction_limit: NullableMoney,
    limit_caps: z
      .object({ daily: Money, weekly: Money, monthly: Money })
      .openapi({ description: 'Platform maximums (US dollars)' }),
    default_payment_hashtags: z.array(z.string()),
    profile_privacy: z.enum(['public', 'friends_only', 'private']),
    customer_id: z.string().openapi({ example: 'PT-7K4M-9QX2', description: 'What support asks for' }),
    member_since: z.string().openapi({ format: 'date-time' }),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Profile');

export const profileOk = { description: 'The profile', content: { 'application/json': { schema: ProfileSchema } } };
