import { getPool } from '../../../platform/db/pool.js';
import { sqlState } from '../../../platform/db/sql-state.js';
import { conflict, notFound } from '../../../platform/errors.js';
import { MSG, centsToString, toCents } from '../rules.js';

export type Period = 'daily' | 'weekly' | 'monthly';
export const PERIODS: Period[] = ['daily', 'weekly', 'monthly'];

interface ProfileRow {
  id: string;
  full_name: string | null;
  username: string | null;
  avatar_url: string | null;
  kyc_status: string;
  has_pin: boolean;
  is_accredited_investor: boolean;
  is_admin: boolean;
  daily_transaction_limit: string | null;
  weekly_transaction_limit: string | null;
  monthly_transaction_limit: string | null;
  default_payment_hashtags: string[];
  profile_privacy: string;
  customer_id: string;
  updated_at: Date;
  email: string;
  email_confirmed_at: Date | null;
  member_since: Date;
}

const money = (v: string | null) => (v == null ? null : centsToString(toCents(v)));

export async function limitCaps(): Promise<Record<Period, bigint>> {
  const { rows } = await getPool().query<{ period: Period; max_usd: string }>(
    'SELECT period, max_usd FROM transaction_limit_caps',
  );
  const caps = {} as Record<Period, bigint>;
  for (const r of rows) caps[r.period] = toCents(r.max_usd);
  return caps;
}

/** The caller's own profile with what the /profile screen shows (docs/product.md "Profile, PIN and KYC"). */
export async function getProfile(userId: string) {
  const { rows } = await getPool().query<ProfileRow>(
    `SELECT p.id, p.full_name, p.username, p.avatar_url, p.kyc_status, p.transaction_pin_hash IS NOT NULL AS has_pin,
            p.is_accredited_investor, p.is_admin, p.daily_transaction_limit, p.weekly_transaction_limit,
            p.monthly_transaction_limit, p.default_payment_hashtags, p.profile_privacy, p.customer_id, p.updated_at,
            u.email, u.email_confirmed_at, u.created_at AS member_since
       FROM profiles p JOIN users u ON u.id = p.id WHERE p.id = $1 AND p.deleted_at IS NULL`,
    [userId],
  );
  const p = rows[0];
  if (!p) throw notFound('Could not load profile data.');
  const caps = await limitCaps();
  return {
    id: p.id,
    full_name: p.full_name,
    username: p.username,
    email: p.email,
    email_confirmed: p.email_confirmed_at != null,
    email_confirmed_at: p.email_confirmed_at?.toISOString() ?? null,
    avatar_url: p.avatar_url,
    kyc_status: p.kyc_status as 'not_started' | 'pending' | 'verified' | 'rejected',
    has_pin: p.has_pin,
    is_accredited_investor: p.is_accredited_investor,
    is_admin: p.is_admin,
    daily_transaction_limit: money(p.daily_transaction_limit),
    weekly_transaction_limit: money(p.weekly_transaction_limit),
    monthly_transaction_limit: money(p.monthly_transaction_limit),
    limit_caps: {
      daily: centsToString(caps.daily),
      weekly: centsToString(caps.weekly),
      monthly: centsToString(caps.monthly),
    },
    default_payment_hashtags: p.default_payment_hashtags,
    profile_privacy: p.profile_privacy as 'public' | 'friends_only' | 'private',
    customer_id: p.customer_id,
    member_since: p.member_since.toISOString(),
    updated_at: p.updated_at.toISOString(),
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
  patch: { full_name?: string; username?: string; default_payment_hashtags?: string[]; profile_privacy?: string },
) {
  const sets: string[] = [];
  const args: unknown[] = [userId];
  const col = (name: string, value: unknown, cast = '') => {
    args.push(value);
    sets.push(`${name} = $${args.length}${cast}`);
  };
  if (patch.full_name !== undefined) col('full_name', patch.full_name);
  if (patch.username !== undefined) col('username', patch.username);
  if (patch.default_payment_hashtags !== undefined)
    col('default_payment_hashtags', patch.default_payment_hashtags, '::text[]');
  if (patch.profile_privacy !== undefined) col('profile_privacy', patch.profile_privacy, '::profile_privacy');
  if (sets.length) {
    try {
      const { rowCount } = await getPool().query(
        `UPDATE profiles SET ${sets.join(', ')}, updated_at = now() WHERE id = $1 AND deleted_at IS NULL`,
        args,
      );
      if (!rowCount) throw notFound('Could not load profile data.');
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(MSG.usernameTaken, { fields: { username: MSG.usernameTaken } });
      throw e;
    }
  }
  return getProfile(userId);
}
