// The second step of a sign-in (password, phone code, OAuth): once that first step is right and the account has a second
// factor, the answer is 403 SECOND_FACTOR_REQUIRED with a short-lived signed ticket naming the user;
// the ticket plus an authenticator code, a recovery code or a passkey completes the sign-in.
import { SignJWT, jwtVerify } from 'jose';
import { jwtSecret } from '../../../platform/auth/secret.js';
import type { PrismaTx } from '../../../platform/db/prisma.js';
import { AppError, unauthenticated } from '../../../platform/errors.js';
import { enrolledFactors, hasAnyFactor } from '../../../platform/second-factor/sessions.js';

export const TICKET_TTL_SECONDS = 5 * 60;
const AUDIENCE = 'portal:second-factor';
export const TICKET_EXPIRED = 'This sign-in has expired. Please sign in again.';

export type SecondFactorKind = 'totp' | 'passkey' | 'recovery_code';

export async function issueTicket(userId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${TICKET_TTL_SECONDS}s`)
    .sign(jwtSecret());
}

/** The user a ticket was issued to; 401 when forged or expired. */
export async function ticketUser(ticket: string): Promise<string> {
  try {
    const { payload } = await jwtVerify(ticket, jwtSecret(), { algorithms: ['HS256'], audience: AUDIENCE });
    if (typeof payload.sub === 'string') return payload.sub;
  } catch {
    /* answered below */
  }
  throw unauthenticated(TICKET_EXPIRED);
}

/** After a right first step: returns when the account has no second factor, else throws the second step. */
export async function requireNoSecondFactor(db: PrismaTx, user: { id: string }): Promise<void> {
  const factors = await enrolledFactors(db, user.id);
  if (!hasAnyFactor(factors)) return;
  const methods: SecondFactorKind[] = [
    ...(factors.totp ? (['totp', 'recovery_code'] as const) : []),
    ...(factors.passkeys ? (['passkey'] as const) : []),
  ];
  throw new AppError(
    403,
    'SECOND_FACTOR_REQUIRED',
    'Enter the code from your authenticator app, or use your passkey.',
    {
      second_factor: { ticket: await issueTicket(user.id), methods, expires_in: TICKET_TTL_SECONDS },
    },
  );
}
