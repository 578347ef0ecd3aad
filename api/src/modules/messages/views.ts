import type { Prisma } from '../../platform/db/prisma.js';

// Prisma rows -> the JSON of schemas.ts, seen by one of the thread's two members.

export const partnerSelect = {
  id: true,
  fullName: true,
  username: true,
  avatarUrl: true,
} satisfies Prisma.ProfileSelect;
export const threadInclude = {
  userOne: { select: partnerSelect },
  userTwo: { select: partnerSelect },
} satisfies Prisma.MessageThreadInclude;
type ThreadRow = Prisma.MessageThreadGetPayload<{ include: typeof threadInclude }>;
type PartnerRow = Prisma.ProfileGetPayload<{ select: typeof partnerSelect }>;
type MessageRow = Prisma.DirectMessageGetPayload<object>;

export const partnerView = (p: PartnerRow) => ({
  id: p.id,
  full_name: p.fullName,
  username: p.username,
  avatar_url: p.avatarUrl,
});

export function threadView(t: ThreadRow, me: string) {
  const one = t.userOneId === me;
  const mine = Number(one ? t.userOneReadSeq : t.userTwoReadSeq);
  return {
    id: t.id,
    partner: partnerView(one ? t.userTwo : t.userOne),
    last_seq: Number(t.lastSeq),
    my_read_seq: mine,
    partner_read_seq: Number(one ? t.userTwoReadSeq : t.userOneReadSeq),
    unread_count: Number(t.lastSeq) - mine,
    last_message:
      t.lastMessageText !== null && t.lastMessageAt
        ? { content: t.lastMessageText, at: t.lastMessageAt.toISOString() }
        : null,
    updated_at: t.updatedAt.toISOString(),
  };
}

export const messageView = (m: MessageRow) => ({
  id: m.id,
  thread_id: m.threadId,
  seq: Number(m.seq),
  sender_id: m.senderId,
  content: m.content,
  client_message_id: m.clientMessageId,
  created_at: m.createdAt.toISOString(),
});
