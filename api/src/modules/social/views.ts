import type { Prisma } from '../../platform/db/prisma.js';

// Prisma rows -> the JSON of schemas.ts, with Prisma's own row types.

export const authorSelect = {
  id: true,
  fullName: true,
  username: true,
  avatarUrl: true,
} satisfies Prisma.ProfileSelect;
type AuthorRow = Prisma.ProfileGetPayload<{ select: typeof authorSelect }>;
export const authorView = (p: AuthorRow) => ({
  id: p.id,
  full_name: p.fullName,
  username: p.username,
  avatar_url: p.avatarUrl,
});

/** A post with its author and whether `viewer` likes it. */
export const postInclude = (viewer: string) =>
  ({
    author: { select: authorSelect },
    likes: { where: { userId: viewer }, select: { id: true } },
  }) satisfies Prisma.SocialPostInclude;
type PostRow = Prisma.SocialPostGetPayload<{ include: ReturnType<typeof postInclude> }>;
export const postView = (p: PostRow) => ({
  id: p.id,
  content_type: p.contentType,
  text_content: p.textContent,
  media_url: p.mediaUrl,
  tags: p.tags.length ? p.tags : null,
  likes_count: p.likesCount,
  comments_count: p.commentsCount,
  created_at: p.createdAt.toISOString(),
  liked_by_me: p.likes.length > 0,
  author: authorView(p.author),
});

/** Keyset cursors `<created_at>_<id>` of the last row shown (schemas.ts Cursor checks the form). */
export interface Keyset {
  at: Date;
  id: string;
}
export const cursorOf = (p: { createdAt: Date; id: string }) => `${p.createdAt.toISOString()}_${p.id}`;
export function parseCursor(cursor: string | undefined): Keyset | undefined {
  if (!cursor) return undefined;
  const [at, id] = cursor.split('_') as [string, string];
  return { at: new Date(at), id };
}
/** Rows after the cursor: newest first (`before`) for posts, oldest first (`after`) for comments. */
export const before = (k: Keyset | undefined) =>
  k ? { OR: [{ createdAt: { lt: k.at } }, { createdAt: k.at, id: { lt: k.id } }] } : {};
export const after = (k: Keyset | undefined) =>
  k ? { OR: [{ createdAt: { gt: k.at } }, { createdAt: k.at, id: { gt: k.id } }] } : {};
