import { getPrisma } from '../../../platform/db/prisma.js';
import { validationError } from '../../../platform/errors.js';
import { centsToString, dollars, toCents } from '../rules.js';
import { getProfile, limitCaps, PERIODS, type Period } from '../profile/service.js';

/**
 * Own limits (docs/product.md "Profile, PIN and KYC"), in dollars: each empty (Not Set: the platform maximum applies) or
 * a positive amount up to the platform maximum, and daily <= weekly <= monthly where set.
 */
export async function setLimits(userId: string, input: Record<`${Period}_transaction_limit`, string | null>) {
  const caps = await limitCaps();
  const cents: Partial<Record<Period, bigint | null>> = {};
  const fields: Record<string, string> = {};
  for (const period of PERIODS) {
    const v = input[`${period}_transaction_limit`];
    if (v == null) {
      cents[period] = null;
      continue;
    }
    const c = toCents(v);
    if (c <= 0n) fields[`${period}_transaction_limit`] = 'A limit must be more than $0.00; leave it empty for Not Set.';
    else if (c > caps[period])
      fields[`${period}_transaction_limit`] = `The ${period} limit can be at most ${dollars(caps[period])}.`;
    cents[period] = c;
  }
  const order: [Period, Period][] = [
    ['daily', 'weekly'],
    ['weekly', 'monthly'],
    ['daily', 'monthly'],
  ];
  for (const [a, b] of order) {
    const x = cents[a],
      y = cents[b];
    if (x != null && y != null && x > y)
      fields[`${a}_transaction_limit`] ??= `The ${a} limit cannot be above the ${b} limit.`;
  }
  if (Object.keys(fields).length) throw validationError(fields, 'Invalid limits');
  const str = (p: Period) => (cents[p] == null ? null : centsToString(cents[p]!));
  await getPrisma().profile.updateMany({
    where: { id: userId, deletedAt: null },
    data: {
      dailyTransactionLimit: str('daily'),
      weeklyTransactionLimit: str('weekly'),
      monthlyTransactionLimit: str('monthly'),
      updatedAt: new Date(),
    },
  });
  return getProfile(userId);
}
