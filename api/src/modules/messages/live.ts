import { z } from '@hono/zod-openapi';
import { getPool } from '../../platform/db/pool.js';
import { getPrisma } from '../../platform/db/prisma.js';
import { sendToUsers, type SocketConn, type SocketHandler } from '../../platform/realtime/sockets.js';
import { THREAD_NOT_FOUND } from './schemas.js';

// What a chat sends over the socket (platform/realtime/sockets.ts): typing, and watching the
// partner's presence. Only the two members of a thread may, as over HTTP.

/** The other member of `threadId` when the socket's user is one (remembered per socket: members never change). */
async function partnerIn(conn: SocketConn, threadId: string): Promise<string | null> {
  const key = `thread:${threadId}`;
  if (conn.memo.has(key)) return conn.memo.get(key) as string;
  const me = conn.user.id;
  const thread = await getPrisma().messageThread.findFirst({
    where: { id: threadId, OR: [{ userOneId: me }, { userTwoId: me }] },
    select: { userOneId: true, userTwoId: true },
  });
  const partner = thread ? (thread.userOneId === me ? thread.userTwoId : thread.userOneId) : null;
  if (partner) conn.memo.set(key, partner);
  return partner;
}

const notMember = (conn: SocketConn, threadId: string) =>
  conn.send({ type: 'error', code: 'NOT_FOUND', error: THREAD_NOT_FOUND, thread_id: threadId });

const TypingFrame = z.object({ type: z.literal('typing'), thread_id: z.uuid(), typing: z.boolean() });
const WatchFrame = z.object({ type: z.literal('presence.watch'), thread_id: z.uuid() });

export const socketHandlers: SocketHandler[] = [
  {
    // The client repeats {typing: true} every few seconds while typing and shows the partner's for a
    // few seconds after the last one: a stop that never arrives (a closed tab) expires by itself.
    type: 'typing',
    schema: TypingFrame,
    async handle(conn, frame: z.infer<typeof TypingFrame>) {
      const partner = await partnerIn(conn, frame.thread_id);
      if (!partner) return notMember(conn, frame.thread_id);
      await sendToUsers(getPool(), [partner], {
        type: 'typing',
        thread_id: frame.thread_id,
        user_id: conn.user.id,
        typing: frame.typing,
      });
    },
  },
  {
    type: 'presence.watch',
    schema: WatchFrame,
    async handle(conn, frame: z.infer<typeof WatchFrame>, live) {
      const partner = await partnerIn(conn, frame.thread_id);
      if (!partner) return notMember(conn, frame.thread_id);
      await live.presence.watch(conn, partner);
    },
  },
];
