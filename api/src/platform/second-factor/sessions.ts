// Which sessions proved a second factor, and when: the admin rule and step-up read it.
// A session (refresh-token family) that signed in with a passkey, or with a password and then an
// authenticator code / recovery code / passkey, has a row; a step-up check renews verified_at.
import type pg from 'pg';
import { getPool } from '../db/pool.js';
import { AppError, STEP_UP_MESSAGE } from '../errors.js';
import type { AuthUser } from '../auth/tokens.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

export type SecondFactorMethod = 'passkey' | 'totp' | 'recovery_code';

/** How long a second-factor check counts as fresh for step-up (large money moves, removing a factor). */
export const STEP_UP_WINDOW_SECONDS = 5 * 60;

export { STEP_UP_MESSAGE };
export const ADMIN_SECOND_FACTOR_MESSAGE =
  'Admins must sign in with a second factor. Add a passkey or an authenticator app on your profile, then sign in again.';

/** The session proved a second factor now (sign-in or step-up). */
export async function markSecondFactor(
  db: Queryable,
  s: { familyId: string; userId: string; method: SecondFactorMethod },
): Promise<void> {
  await db.query(
    `INSERT INTO session_second_factors (family_id, user_id, method) VALUES ($1, $2, $3)
     ON CONFLICT (family_id) DO UPDATE SET method = EXCLUDED.method, verified_at = now()`,
    [s.familyId, s.userId, s.method],
  );
}

/** Whether this session proved a second factor at any time (the access token's `mfa` claim). */
export async function sessionHasSecondFactor(db: Queryable, familyId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM session_second_factors WHERE family_id = $1', [familyId]);
  return rows.length > 0;
}

/** A user's enrolled second factors. */
export async function enrolledFactors(db: Queryable, userId: string): Promise<{ totp: boolean; passkeys: number }> {
  const { rows } = await db.query<{ totp: boolean; passkeys: number }>(
    `SELECT EXISTS (SELECT 1 FROM totp_factors WHERE user_id = $1 AND enabled_at IS NOT NULL) AS totp,
            (SELECT count(*)::int FROM passkey_credentials WHERE user_id = $1) AS passkeys`,
    [userId],
  );
  return rows[0] ?? { totp: false, passkeys: 0 };
}

export const hasAnyFactor = (f: { totp: boolean; passkeys: number }) => f.totp || f.passkeys > 0;

/** When this session's last second-factor check lapses for step-up (null: none, or already lapsed). */
export async function stepUpFreshUntil(db: Queryable, familyId: string): Promise<Date | null> {
  const { rows } = await db.query<{ until: Date }>(
    `SELECT verified_at + make_interval(secs => $2) AS until FROM session_second_factors
      WHERE family_id = $1 AND verified_at > now() - make_interval(secs => $2)`,
    [familyId, STEP_UP_WINDOW_SECONDS],
  );
  return rows[0]?.until ?? null;
}

/**
 * Step-up: 403 STEP_UP_REQUIRED unless this session checked a second factor within the window.
 * Users with no second factor have nothing to step up with and are not asked (docs/decisions.md
 * "Passkeys, second factor and step-up").
 */
export async function requireStepUp(user: AuthUser, db: Queryable = getPool()): Promise<void> {
  if (!hasAnyFactor(await enrolledFactors(db, user.id))) return;
  if (await stepUpFreshUntil(db, user.sid)) return;
  throw new AppError(403, 'STEP_UP_REQUIRED', STEP_UP_MESSAGE);
}
