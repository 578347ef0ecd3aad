import { dummyPasswordHash, verifyPassword } from '../../platform/auth/passwords.js';
import { getPrisma } from '../../platform/db/prisma.js';
import { unauthenticated, validationError } from '../../platform/errors.js';
import * as rateLimit from '../../platform/rate-limit.js';

/**
 * The account password re-typed to confirm a sensitive action (deletion, PIN reset): 5 tries per
 * 15 minutes under `rateKey`; a wrong one is 400 on the field `password`.
 */
export async function assertOwnPassword(userId: string, password: string, rateKey: string) {
  await rateLimit.enforce(
    rateKey,
    5,
    15 * 60,
    (s) => `Too many attempts. Please try again in ${Math.ceil(s / 60)} minutes.`,
  );
  const user = await getPrisma().user.findFirst({
    where: { id: userId, disabledAt: null },
    select: { passwordHash: true },
  });
  const hash = user?.passwordHash;
  const ok = await verifyPassword(hash ?? (await dummyPasswordHash()), password);
  if (!user) throw unauthenticated();
  if (!hash || !ok) throw validationError({ password: 'The password is incorrect.' }, 'The password is incorrect.');
}
