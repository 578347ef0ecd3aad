import { getPrisma } from '../../../platform/db/prisma.js';
import { notFound } from '../../../platform/errors.js';

export async function paymentSettings(userId: string) {
  const p = await getPrisma().profile.findUnique({
    where: { id: userId },
    select: { transactionPinHash: true, pinLockedUntil: true, defaultPaymentHashtags: true },
  });
  if (!p) throw notFound('Profile not found.');
  const locked = p.pinLockedUntil && p.pinLockedUntil > new Date() ? p.pinLockedUntil : null;
  return {
    pin_set: p.transactionPinHash != null,
    pin_locked_until: locked?.toISOString() ?? null,
    default_payment_hashtags: p.defaultPaymentHashtags,
  };
}
