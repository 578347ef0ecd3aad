// Which sessions proved a second factor, and when: the admin rule and step-up read it.
// A session (refresh-token family) that signed in with a passkey, or with a password and then an
// authenticator code / recovery code / passkey, has a row; a step-up check renews verified_at.
import { getPrisma, type PrismaTx } from '../db/prisma.js';
import { AppError, STEP_UP_MESSAGE } from '../errors.js';
import type { AuthUser } from '../auth/tokens.js';

export type SecondFactorMethod = 'passkey' | 'totp' | 'recovery_code';

/** How long a second-factor check counts as fresh for step-up (large money moves, removing a factor). */
export const STEP_UP_WINDOW_SECONDS = 5 * 60;

export { STEP_UP_MESSAGE };
export const ADMIN_SECOND_FACTOR_MESSAGE =
  'Admins must sign in with a second factor. Add a passkey or an authenticator app on your profile, then sign in again.';

/** The session proved a second factor now (sign-in or step-up). */
export async function markSecondFactor(
  db: PrismaTx,
  s: { familyId: string; userId: string; method: SecondFactorMethod },
): Promise<void> {
  await db.sessionSecondFactor.upsert({
    where: { familyId: s.familyId },
    create: s,
    update: { method: s.method, verifiedAt: new Date() },
  });
}

/** Whether this session proved a second factor at any time (the access token's `mfa` claim). */
export async function sessionHasSecondFactor(db: PrismaTx, familyId: string): Promise<boolean> {
  return (await db.sessionSecondFactor.count({ where: { familyId } })) > 0;
}

/** A user's enrolled second factors. */
export async function enrolledFactors(db: PrismaTx, userId: string): Promise<{ totp: boolean; passkeys: number }> {
  // Two counts: a relation `_count` in Prisma groups the whole passkey table before joining.
  const totp = await db.totpFactor.count({ where: { userId, enabledAt: { not: null } } });
  return { totp: totp > 0, passkeys: await db.passkeyCredential.count({ where: { userId } }) };
}

export const hasAnyFactor = (f: { totp: boolean; passkeys: number }) => f.totp || f.passkeys > 0;

/** When this session's last second-factor check lapses for step-up (null: none, or already lapsed). */
export async function stepUpFreshUntil(db: PrismaTx, familyId: string): Promise<Date | null> {
  const row = await db.sessionSecondFactor.findUnique({ where: { familyId }, select: { verifiedAt: true } });
  const until = row && new Date(row.verifiedAt.getTime() + STEP_UP_WINDOW_SECONDS * 1000);
  return until && until.getTime() > Date.now() ? until : null;
}

/**
 * Step-up: 403 STEP_UP_REQUIRED unless this session checked a second factor within the window.
 * Users with no second factor have nothing to step up with and are not asked (docs/decisions.md
 * "Passkeys, second factor and step-up").
 */
export async function requireStepUp(user: AuthUser, db: PrismaTx = getPrisma()): Promise<void> {
  if (!hasAnyFactor(await enrolledFactors(db, user.id))) return;
  if (await stepUpFreshUntil(db, user.sid)) return;
  throw new AppError(403, 'STEP_UP_REQUIRED', STEP_UP_MESSAGE);
}
