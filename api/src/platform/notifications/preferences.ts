import { getPrisma } from '../db/prisma.js';
import type { EmailKind } from './words.js';

/**
 * Whether `userId` wants the e-mail of `kind` (profile settings; on unless turned off). Asked by each
 * e-mail writer just before sending; a message to someone without an account (an invoice client by
 * e-mail) has no preference and is sent.
 */
export async function wantsEmail(userId: string | null, kind: EmailKind): Promise<boolean> {
  if (!userId) return true;
  const optOut = await getPrisma().notificationEmailOptOut.findUnique({ where: { userId_kind: { userId, kind } } });
  return optOut === null;
}
