import { AVATAR_PREFIX, avatarKey, deleteAccount } from '../../platform/accounts/index.js';
import { inTransaction } from '../../platform/audit/index.js';
import { dummyPasswordHash, verifyPassword } from '../../platform/auth/passwords.js';
import { publishRevocation } from '../../platform/auth/revocation.js';
import { getPool } from '../../platform/db/pool.js';
import { conflict, notFound, unauthenticated, validationError } from '../../platform/errors.js';
import * as rateLimit from '../../platform/rate-limit.js';
import { getStorage, removeUpload, storeUpload } from '../../platform/storage/index.js';
import { MSG, centsToString, describeUserAgent, dollars, toCents } from './rules.js';

type Period = 'daily' | 'weekly' | 'monthly';
const PERIODS: Period[] = ['daily', 'weekly', 'monthly'];

interface ProfileRow {
  id: string; full_name: string | null; username: string | null; avatar_url: string | null; kyc_status: string;
  has_pin: boolean; is_accredited_investor: boolean; is_admin: boolean; daily_transaction_limit: string | null;
  weekly_transaction_limit: string | null; monthly_transaction_limit: string | null; default_payment_hashtags: string[];
  profile_privacy: string; customer_id: string; updated_at: Date; email: string; email_confirmed_at: Date | null;
  member_since: Date;
}

const money = (v: string | null) => (v == null ? null : centsToString(toCents(v)));

async function limitCaps(): Promise<Record<Period, bigint>> {
  const { rows } = await getPool().query<{ period: Period; max_usd: string }>('SELECT period, max_usd FROM transaction_limit_caps');
  const caps = {} as Record<Period, bigint>;
  for (const r of rows) caps[r.period] = toCents(r.max_usd);
  return caps;
}

/** The caller's own profile with what the /profile screen shows (spec 000 §2, §3). */
export async function getProfile(userId: string) {
  const { rows } = await getPool().query<ProfileRow>(
    `SELECT p.id, p.full_name, p.username, p.avatar_url, p.kyc_status, p.transaction_pin_hash IS NOT NULL AS has_pin,
            p.is_accredited_investor, p.is_admin, p.daily_transaction_limit, p.weekly_transaction_limit,
            p.monthly_transaction_limit, p.default_payment_hashtags, p.profile_privacy, p.customer_id, p.updated_at,
            u.email, u.email_confirmed_at, u.created_at AS member_since
       FROM profiles p JOIN users u ON u.id = p.id WHERE p.id = $1 AND p.deleted_at IS NULL`, [userId]);
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
    limit_caps: { daily: centsToString(caps.daily), weekly: centsToString(caps.weekly), monthly: centsToString(caps.monthly) },
    default_payment_hashtags: p.default_payment_hashtags,
    profile_privacy: p.profile_privacy as 'public' | 'friends_only' | 'private',
    customer_id: p.customer_id,
    member_since: p.member_since.toISOString(),
    updated_at: p.updated_at.toISOString(),
  };
}

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505';

/**
 * Updates the caller's own profile. Username uniqueness is the database's (UNIQUE and a unique
 * index on lower(username)): of two concurrent claims one commits, the other gets 409 with the
 * spec's message, so no check-then-write race.
 */
export async function updateProfile(userId: string, patch: { full_name?: string; username?: string; default_payment_hashtags?: string[]; profile_privacy?: string }) {
  const sets: string[] = [];
  const args: unknown[] = [userId];
  const col = (name: string, value: unknown, cast = '') => { args.push(value); sets.push(`${name} = $${args.length}${cast}`); };
  if (patch.full_name !== undefined) col('full_name', patch.full_name);
  if (patch.username !== undefined) col('username', patch.username);
  if (patch.default_payment_hashtags !== undefined) col('default_payment_hashtags', patch.default_payment_hashtags, '::text[]');
  if (patch.profile_privacy !== undefined) col('profile_privacy', patch.profile_privacy, '::profile_privacy');
  if (sets.length) {
    try {
      const { rowCount } = await getPool().query(
        `UPDATE profiles SET ${sets.join(', ')}, updated_at = now() WHERE id = $1 AND deleted_at IS NULL`, args);
      if (!rowCount) throw notFound('Could not load profile data.');
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(MSG.usernameTaken, { fields: { username: MSG.usernameTaken } });
      throw e;
    }
  }
  return getProfile(userId);
}

/**
 * Own limits (spec 000 §3, §9), in dollars: each empty (Not Set: the platform maximum applies) or
 * a positive amount up to the platform maximum, and daily <= weekly <= monthly where set.
 */
export async function setLimits(userId: string, input: Record<`${Period}_transaction_limit`, string | null>) {
  const caps = await limitCaps();
  const cents: Partial<Record<Period, bigint | null>> = {};
  const fields: Record<string, string> = {};
  for (const period of PERIODS) {
    const v = input[`${period}_transaction_limit`];
    if (v == null) { cents[period] = null; continue; }
    const c = toCents(v);
    if (c <= 0n) fields[`${period}_transaction_limit`] = 'A limit must be more than $0.00; leave it empty for Not Set.';
    else if (c > caps[period]) fields[`${period}_transaction_limit`] = `The ${period} limit can be at most ${dollars(caps[period])}.`;
    cents[period] = c;
  }
  const order: [Period, Period][] = [['daily', 'weekly'], ['weekly', 'monthly'], ['daily', 'monthly']];
  for (const [a, b] of order) {
    const x = cents[a], y = cents[b];
    if (x != null && y != null && x > y) fields[`${a}_transaction_limit`] ??= `The ${a} limit cannot be above the ${b} limit.`;
  }
  if (Object.keys(fields).length) throw validationError(fields, 'Invalid limits');
  const str = (p: Period) => (cents[p] == null ? null : centsToString(cents[p]!));
  await getPool().query(
    `UPDATE profiles SET daily_transaction_limit = $2, weekly_transaction_limit = $3, monthly_transaction_limit = $4, updated_at = now()
      WHERE id = $1 AND deleted_at IS NULL`, [userId, str('daily'), str('weekly'), str('monthly')]);
  return getProfile(userId);
}

/** Stores a new avatar (public bucket) and removes the previous file. */
export async function setAvatar(userId: string, file: unknown) {
  const { key } = await storeUpload('avatars', file, { ownerId: userId, prefix: userId, field: 'file' });
  const url = AVATAR_PREFIX + key;
  const { rows } = await getPool().query<{ old: string | null }>(
    `UPDATE profiles p SET avatar_url = $2, updated_at = now() FROM profiles o
      WHERE p.id = $1 AND o.id = p.id AND p.deleted_at IS NULL RETURNING o.avatar_url AS old`, [userId, url]);
  if (!rows[0]) { await removeUpload('avatars', key); throw notFound('Could not load profile data.'); }
  const old = avatarKey(rows[0].old);
  if (old) await removeUpload('avatars', old);
  return getProfile(userId);
}

export async function removeAvatar(userId: string) {
  const { rows } = await getPool().query<{ old: string | null }>(
    `UPDATE profiles p SET avatar_url = NULL, updated_at = now() FROM profiles o
      WHERE p.id = $1 AND o.id = p.id RETURNING o.avatar_url AS old`, [userId]);
  const old = avatarKey(rows[0]?.old ?? null);
  if (old) await removeUpload('avatars', old);
  return getProfile(userId);
}

export async function readAvatar(file: string) {
  const obj = await getStorage().get('avatars', file);
  if (!obj) throw notFound();
  return obj;
}

/**
 * Active sessions = refresh-token families with a live token (not rotated, not revoked, not
 * expired). A family's sign-in time is its first token, its last use the newest token (each refresh
 * rotates, so the newest row is the last time the session was used), its device the newest user agent.
 */
export async function listSessions(userId: string, currentSid: string) {
  const { rows } = await getPool().query<{ family_id: string; signed_in_at: Date; last_used_at: Date; user_agent: string | null }>(
    `SELECT family_id, min(created_at) AS signed_in_at, max(created_at) AS last_used_at,
            (array_agg(user_agent ORDER BY created_at DESC))[1] AS user_agent
       FROM refresh_tokens
      WHERE user_id = $1
      GROUP BY family_id
     HAVING bool_or(rotated_at IS NULL AND revoked_at IS NULL AND expires_at > now())
      ORDER BY max(created_at) DESC`, [userId]);
  return rows.map((r) => ({
    id: r.family_id,
    device: describeUserAgent(r.user_agent),
    user_agent: r.user_agent,
    signed_in_at: r.signed_in_at.toISOString(),
    last_used_at: r.last_used_at.toISOString(),
    current: r.family_id === currentSid,
  }));
}

/** Signs one of the caller's sessions out (its refresh tokens stop working at once). Another user's: 404. */
export async function revokeSession(userId: string, familyId: string) {
  await inTransaction(async (db) => {
    const { rowCount } = await db.query(
      `UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND family_id = $2 AND revoked_at IS NULL
          AND EXISTS (SELECT 1 FROM refresh_tokens WHERE user_id = $1 AND family_id = $2 AND rotated_at IS NULL AND revoked_at IS NULL AND expires_at > now())`,
      [userId, familyId]);
    if (!rowCount) throw notFound('Session not found');
    // Same transaction: that session's access tokens stop in every API process on commit.
    await publishRevocation(db, { sids: [familyId] });
  });
}

/** What deletion would refuse on: wallets holding money. */
export async function fundedWallets(userId: string) {
  const { rows } = await getPool().query<{ symbol: string; balance: string; scale: number }>(
    `SELECT a.symbol, w.balance::text, a.scale FROM user_wallets w JOIN assets a ON a.id = w.asset_id
      WHERE w.user_id = $1 AND w.balance > 0 ORDER BY a.symbol`, [userId]);
  return rows.map((r) => ({ symbol: r.symbol, balance: Number.isFinite(r.scale) ? trimTo(r.balance, r.scale) : r.balance }));
}
const trimTo = (s: string, scale: number) => {
  const [i, f = ''] = s.split('.');
  return scale > 0 ? `${i}.${(f + '0'.repeat(scale)).slice(0, scale)}` : i!;
};

export function fundedMessage(wallets: { symbol: string; balance: string }[]) {
  return `Your account cannot be deleted while your wallets hold money: ${wallets.map((w) => `${w.symbol} ${w.balance}`).join(', ')}. Send or withdraw these balances first.`;
}

/**
 * The account password re-typed to confirm a sensitive action (deletion, PIN reset): 5 tries per
 * 15 minutes under `rateKey`; a wrong one is 400 on the field `password`.
 */
export async function assertOwnPassword(userId: string, password: string, rateKey: string) {
  await rateLimit.enforce(rateKey, 5, 15 * 60,
    (s) => `Too many attempts. Please try again in ${Math.ceil(s / 60)} minutes.`);
  const { rows } = await getPool().query<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE id = $1 AND disabled_at IS NULL', [userId]);
  const hash = rows[0]?.password_hash;
  const ok = await verifyPassword(hash ?? (await dummyPasswordHash()), password);
  if (!rows[0]) throw unauthenticated();
  if (!hash || !ok) throw validationError({ password: 'The password is incorrect.' }, 'The password is incorrect.');
}

/** Self-service deletion: the password confirms it is the owner (5 tries per 15 minutes). */
export async function deleteOwnAccount(userId: string, password: string, ip?: string) {
  await assertOwnPassword(userId, password, `account-delete:${userId}`);
  const wallets = await fundedWallets(userId);
  if (wallets.length) throw conflict(fundedMessage(wallets), { wallets });
  // docs/decisions.md "Account deletion" (platform/accounts): account_delete(), revocation, audit, avatar file.
  await deleteAccount(userId, {
    audit: { actorId: userId, action: 'account.delete', ip },
    funded: async () => { const funded = await fundedWallets(userId); return conflict(fundedMessage(funded), { wallets: funded }); },
    notFound: () => notFound('Account not found'),
  });
}
