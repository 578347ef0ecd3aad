import type { Prisma, PrismaTx } from '../../platform/db/prisma.js';
import { forbidden } from '../../platform/errors.js';

/** docs/product.md "Sign-in and sessions": an account whose e-mail is not confirmed within 48 hours is disabled. */
export const EMAIL_CONFIRMATION_WINDOW_HOURS = 48;

const SIGN_IN_COLUMNS = {
  id: true,
  email: true,
  passwordHash: true,
  emailConfirmedAt: true,
  disabledAt: true,
  createdAt: true,
  profile: { select: { isAdmin: true } },
} satisfies Prisma.UserSelect;

/** E-mail unconfirmed and the account older than the confirmation window. */
export const confirmationLapsed = (u: { emailConfirmedAt: Date | null; createdAt: Date }) =>
  u.emailConfirmedAt === null && u.createdAt.getTime() <= Date.now() - EMAIL_CONFIRMATION_WINDOW_HOURS * 3600_000;

function signInAccount(u: Prisma.UserGetPayload<{ select: typeof SIGN_IN_COLUMNS }>) {
  return {
    id: u.id,
    email: u.email,
    passwordHash: u.passwordHash,
    disabledAt: u.disabledAt,
    isAdmin: u.profile?.isAdmin === true,
    confirmationLapsed: confirmationLapsed(u),
  };
}

/** What a sign-in needs to know of an account. */
export type SignInAccount = ReturnType<typeof signInAccount>;

export async function findUser(
  db: PrismaTx,
  where: { email: string } | { id: string } | { phone: string },
): Promise<SignInAccount | undefined> {
  const u = await db.user.findUnique({ where, select: SIGN_IN_COLUMNS });
  return u ? signInAccount(u) : undefined;
}

/** What every sign-in form checks once the credential itself was proven. */
export function assertMaySignIn(user: Pick<SignInAccount, 'disabledAt' | 'confirmationLapsed'>) {
  if (user.disabledAt) throw forbidden('This account is disabled.');
  if (user.confirmationLapsed) {
    throw forbidden(
      'Email not confirmed. This account was disabled because its e-mail address was not confirmed within 48 hours. Request a new confirmation link to enable it.',
    );
  }
}

/** users + profiles (one nested create: one transaction); returns the new id. */
export async function insertUser(
  db: PrismaTx,
  u: {
    email: string;
    passwordHash: string | null;
    fullName: string | null;
    phone?: string | null;
    emailConfirmed: boolean;
  },
): Promise<string> {
  const { id } = await db.user.create({
    data: {
      email: u.email,
      passwordHash: u.passwordHash,
      phone: u.phone ?? null,
      emailConfirmedAt: u.emailConfirmed ? new Date() : null,
      profile: { create: { fullName: u.fullName } },
    },
    select: { id: true },
  });
  return id;
}
