import { Prisma, getPrisma } from '../../../platform/db/prisma.js';
import { inPageOrder, newestFirst } from '../../../platform/db/keyset.js';
import { notFound } from '../../../platform/errors.js';
import type { NotificationData } from '../../../platform/notifications/index.js';
import { NOTIFICATION_WORDS, actorName } from '../../../platform/notifications/words.js';
import { NOTIFICATION_NOT_FOUND } from '../schemas.js';

const include = {
  actor: { select: { profile: { select: { id: true, fullName: true, username: true, avatarUrl: true } } } },
} satisfies Prisma.NotificationInclude;
type Row = Prisma.NotificationGetPayload<{ include: typeof include }>;

function view(n: Row) {
  const actor = n.actor?.profile ?? null;
  const data = n.data as NotificationData;
  return {
    id: n.id,
    kind: n.kind,
    link: n.link,
    read: n.readAt !== null,
    created_at: n.createdAt.toISOString(),
    text: NOTIFICATION_WORDS[n.kind].text({ actor: actorName(actor, data), d: data }),
    actor: actor && { id: actor.id, full_name: actor.fullName, username: actor.username, avatar_url: actor.avatarUrl },
  };
}

export const unreadCount = (userId: string) => getPrisma().notification.count({ where: { userId, readAt: null } });

export async function listNotifications(userId: string, cursor: string | undefined) {
  const page = await newestFirst(Prisma.sql`notifications t`, [Prisma.sql`t.user_id = ${userId}::uuid`], cursor);
  const rows = await getPrisma().notification.findMany({ where: { id: { in: page.ids }, userId }, include });
  return {
    notifications: inPageOrder(page.ids, rows).map(view),
    next_cursor: page.next_cursor,
    unread: await unreadCount(userId),
  };
}

/** Read once: the first reading time stays. */
export async function markRead(userId: string, id: string) {
  const db = getPrisma();
  await db.notification.updateMany({ where: { id, userId, readAt: null }, data: { readAt: new Date() } });
  const n = await db.notification.findFirst({ where: { id, userId }, include });
  if (!n) throw notFound(NOTIFICATION_NOT_FOUND);
  return { notification: view(n), unread: await unreadCount(userId) };
}

export async function markAllRead(userId: string) {
  const { count } = await getPrisma().notification.updateMany({
    where: { userId, readAt: null },
    data: { readAt: new Date() },
  });
  return { marked: count, unread: await unreadCount(userId) };
}
