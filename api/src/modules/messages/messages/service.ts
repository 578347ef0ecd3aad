import { getPrisma } from '../../../platform/db/prisma.js';
import { sqlState } from '../../../platform/db/sql-state.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { conflict, notFound } from '../../../platform/errors.js';
import { notify } from '../../../platform/notifications/index.js';
import { isOnline } from '../../../platform/realtime/presence.js';
import { sendToUsers } from '../../../platform/realtime/sockets.js';
import { THREAD_NOT_FOUND } from '../schemas.js';
import { messageView, threadView } from '../views.js';
import { memberThread } from '../threads/service.js';
import { dmSend } from './send.queries.js';

type Db = Parameters<Parameters<typeof inTransaction>[0]>[0];
export interface SendInput {
  content: string;
  client_message_id: string;
}
const PAGE = 30;
const AFTER_PAGE = 100;

/**
 * Oldest first within the page. `before`: the page of messages just older than that seq (scrolling
 * back; the first page when absent). `after`: what came after the client's last seq (after a
 * reconnect or a live event), in order. With the partner's read position now, so the chat shows
 * "Read" from the database on load and after a reconnect, not only from live 'read' frames.
 */
export async function listMessages(me: string, threadId: string, page: { before?: number; after?: number }) {
  const thread = await memberThread(me, threadId);
  const forward = page.after !== undefined;
  const rows = await getPrisma().directMessage.findMany({
    where: {
      threadId,
      seq: forward ? { gt: page.after } : page.before !== undefined ? { lt: page.before } : undefined,
    },
    orderBy: { seq: forward ? 'asc' : 'desc' },
    take: (forward ? AFTER_PAGE : PAGE) + 1,
  });
  const more = rows.length > (forward ? AFTER_PAGE : PAGE);
  const kept = rows.slice(0, forward ? AFTER_PAGE : PAGE);
  return {
    messages: (forward ? kept : kept.reverse()).map(messageView),
    has_more: more,
    partner_read_seq: threadView(thread, me).partner_read_seq,
  };
}

/**
 * Stores the message with its seq (prisma/sql/messages.sql dm_send) and tells both members' sockets
 * when it commits. A retry with the same client id gets the stored message back: found by dm_send,
 * or, when the retry raced its first attempt, after the unique key refused the second.
 */
export async function storeMessage(sender: string, input: SendInput, thread: (db: Db) => Promise<string>) {
  try {
    return await inTransaction(async (db) => {
      const threadId = await thread(db);
      const m = (
        await dmSend.run(
          { threadId, senderId: sender, clientMessageId: input.client_message_id, content: input.content },
          db,
        )
      )[0]!;
      // away (no socket open anywhere): the bell tells them; a retry's stored message was told already
      if (m.stored_now && !(await isOnline(db, m.receiver_id))) {
        await notify(db, {
          userId: m.receiver_id,
          kind: 'message_received',
          actorId: sender,
          link: `/messages/${threadId}`,
        });
      }
      await sendToUsers(db, [sender, m.receiver_id], {
        type: 'message',
        thread_id: threadId,
        seq: Number(m.seq),
        sender_id: sender,
      });
      return { threadId, id: m.id };
    }).then(async ({ threadId, id }) => ({
      thread_id: threadId,
      message: messageView(await getPrisma().directMessage.findUniqueOrThrow({ where: { id } })),
    }));
  } catch (err) {
    const code = sqlState(err);
    if (code === 'P0002') throw notFound(THREAD_NOT_FOUND);
    if (code !== '23505') throw err;
    const stored = await getPrisma().directMessage.findUnique({
      where: { senderId_clientMessageId: { senderId: sender, clientMessageId: input.client_message_id } },
    });
    if (!stored) throw err;
    return { thread_id: stored.threadId, message: messageView(stored) };
  }
}

export async function sendMessage(me: string, threadId: string, input: SendInput) {
  const result = await storeMessage(me, input, async () => threadId);
  if (result.thread_id !== threadId) throw conflict('This message id was already used in another chat.');
  return { message: result.message };
}
