import { getPrisma, type Prisma } from '../../../platform/db/prisma.js';
import { sqlState } from '../../../platform/db/sql-state.js';
import { conflict, notFound } from '../../../platform/errors.js';
import { MSG, centsToString, toCents } from '../rules.js';

export type Period = 'daily' | 'weekly' | 'monthly';
export const PERIODS: Period[] = ['daily', 'weekly', 'monthly'];

const money = (v: Prisma.Decimal | null) => (v == null ? null : centsToString(toCents(v.toFixed())));

export async function limitCaps(): Promise<Record<Period, bigint>> {
  const rows = await getPrisma().transactionLimitCap.findMany({ select: { period: true, maxUsd: true } });
  const caps = {} as Record<Period, bigint>;
  for (const r of rows) caps[r.period as Period] = toCents(r.maxUsd.toFixed());
  return caps;
}

/** The caller's own profile with what the /profile screen shows (docs/product.md "Profile, PIN and KYC"). */
export async function getProfile(userId: string) {
  const p = await getPrisma().profile.findFirst({
    where: { id: userId, deletedAt: null },
    include: { user: { select: { email: true, emailConfirmedAt: true, createdAt: true } } },
  });
  if (!p) throw notFound('Could not load profile data.');
  const caps = await limitCaps();
  return {
    id: p.id,
    full_name: p.fullName,
    username: p.username,
    email: p.user.email,
    email_confirmed: p.user.emailConfirmedAt != null,
    email_confirmed_at: p.user.emailConfirmedAt?.toISOString() ?? null,
    avatar_url: p.avatarUrl,
    kyc_status: p.kycStatus,
    has_pin: p.transactionPinHash != null,
    is_accredited_investor: p.isAccreditedInvestor,
    is_admin: p.isAdmin,
    daily_transaction_limit: money(p.dailyTransactionLimit),
    weekly_transaction_limit: money(p.weeklyTransactionLimit),
    monthly_transaction_limit: money(p.monthlyTransactionLimit),
    limit_caps: {
      daily: centsToString(caps.daily),
      weekly: centsToString(caps.weekly),
      monthly: centsToString(caps.monthly),
    },
    default_payment_hashtags: p.defaultPaymentHashtags,
    profile_privacy: p.profilePrivacy,
    customer_id: p.customerId,
    member_since: p.user.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

const isUniqueViolation = (e: unknown) => sqlState(e) === '23505';

/**
 * Updates the caller's own profile. Username uniqueness is the database's (UNIQUE and a unique
 * index on lower(username)): of two concurrent claims one commits, the other gets 409 with the
 * spec's message, so no check-then-write race.
 */
export async function updateProfile(
  userId: string,
  patch: {
    full_name?: string;
    username?: string;
    default_payment_hashtags?: string[];
    profile_privacy?: Prisma.ProfileUpdateInput['profilePrivacy'];
  },
) {
  const data = {
    fullName: patch.full_name,
    username: patch.username,
    defaultPaymentHashtags: patch.default_payment_hashtags,
    profilePrivacy: patch.profile_privacy,
  } satisfies Prisma.ProfileUpdateManyMutationInput;
  if (Object.values(data).some((v) => v !== undefined)) {
    try {
      const { count } = await getPrisma().profile.updateMany({
        where: { id: userId, deletedAt: null },
        data: { ...data, updatedAt: new Date() },
      });
      if (!count) throw notFound('Could not load profile data.');
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(MSG.usernameTaken, { fields: { username: MSG.usernameTaken } });
      throw e;
    }
  }
  return getProfile(userId);
}
