import { getPrisma, type Prisma } from '../../../platform/db/prisma.js';
import { getPool } from '../../../platform/db/pool.js';
import { notFound } from '../../../platform/errors.js';
import { sendToUsers } from '../../../platform/realtime/sockets.js';
import { THREAD_NOT_FOUND } from '../schemas.js';
import { threadInclude, threadView } from '../views.js';
import { dmMarkRead } from './mark-read.queries.js';

const PAGE = 30;
const member = (me: string): Prisma.MessageThreadWhereInput => ({ OR: [{ userOneId: me }, { userTwoId: me }] });

/** The thread if `me` is one of its two members; 404 in the spec's words for anyone else. */
export async function memberThread(me: string, id: string) {
  const t = await getPrisma().messageThread.findFirst({ where: { id, ...member(me) }, include: threadInclude });
  if (!t) throw notFound(THREAD_NOT_FOUND);
  return t;
}

/** Threads with a message, newest first (keyset on updated_at, id), optionally only partners whose name or username matches. */
export async function listThreads(me: string, q: string | undefined, cursor: { at: Date; id: string } | undefined) {
  const named = (text: string): Prisma.ProfileWhereInput => ({
    OR: [{ fullName: { contains: text, mode: 'insensitive' } }, { username: { contains: text, mode: 'insensitive' } }],
  });
  const where: Prisma.MessageThreadWhereInput = {
    lastSeq: { gt: 0 },
    OR: q
      ? [
          { userOneId: me, userTwo: named(q) },
          { userTwoId: me, userOne: named(q) },
        ]
      : member(me).OR,
    ...(cursor
      ? { AND: [{ OR: [{ updatedAt: { lt: cursor.at } }, { updatedAt: cursor.at, id: { lt: cursor.id } }] }] }
      : {}),
  };
  const rows = await getPrisma().messageThread.findMany({
    where,
    include: threadInclude,
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    take: PAGE + 1,
  });
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  return {
    threads: page.map((t) => threadView(t, me)),
    next_cursor: rows.length > PAGE && last ? `${last.updatedAt.toISOString()}_${last.id}` : null,
  };
}

export const showThread = async (me: string, id: string) => ({ thread: threadView(await memberThread(me, id), me) });

/** Moves `me`'s read position up to `seq` (never back, never past the last message) and tells both members. */
export async function markRead(me: string, id: string, seq: number) {
  const t = await memberThread(me, id);
  const [read] = await dmMarkRead.run({ threadId: id, userId: me, seq }, getPool());
  const readSeq = Number(read!.read_seq);
  await sendToUsers(getPool(), [t.userOneId, t.userTwoId], { type: 'read', thread_id: id, user_id: me, seq: readSeq });
  return { read_seq: readSeq };
}
