import { getPrisma } from '../../../platform/db/prisma.js';
import { notFound } from '../../../platform/errors.js';
import { storeMessage, type SendInput } from '../messages/service.js';
import { RECIPIENT_NOT_FOUND } from '../schemas.js';
import { partnerSelect, partnerView } from '../views.js';
import { dmOpenThread } from './open-thread.queries.js';

/** Another live account; 'Recipient not found.' for oneself, an unknown or a deleted one. */
async function recipient(me: string, userId: string) {
  const p =
    userId === me
      ? null
      : await getPrisma().profile.findFirst({ where: { id: userId, deletedAt: null }, select: partnerSelect });
  if (!p) throw notFound(RECIPIENT_NOT_FOUND);
  return p;
}

const pair = (a: string, b: string) => (a < b ? { userOneId: a, userTwoId: b } : { userOneId: b, userTwoId: a });

/** /messages/new/{userId}: the partner, and the thread of the pair if one exists (a new chat has none until its first message). */
export async function chatWith(me: string, userId: string) {
  const partner = await recipient(me, userId);
  const t = await getPrisma().messageThread.findUnique({
    where: { userOneId_userTwoId: pair(me, userId) },
    select: { id: true },
  });
  return { partner: partnerView(partner), thread_id: t?.id ?? null };
}

/** The first message of a chat: the pair's one thread is found or created (dm_open_thread) in the same transaction. */
export async function startChat(me: string, userId: string, input: SendInput) {
  await recipient(me, userId);
  return storeMessage(me, input, async (db) => (await dmOpenThread.run({ me, userId }, db))[0]!.id);
}
