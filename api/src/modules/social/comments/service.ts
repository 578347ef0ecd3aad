import { getPrisma } from '../../../platform/db/prisma.js';
import { visiblePost } from '../posts/service.js';
import { after, authorSelect, authorView, cursorOf, type Keyset } from '../views.js';

const LIMIT = 200;
const commentInclude = { user: { select: authorSelect } } as const;
type Row = { id: string; commentText: string; createdAt: Date; user: Parameters<typeof authorView>[0] };
const commentView = (k: Row) => ({
  id: k.id,
  comment_text: k.commentText,
  created_at: k.createdAt.toISOString(),
  commenter: authorView(k.user),
});

/** Top-level comments oldest first (docs/product.md "Feed and profiles"), 200 a page (`next_cursor`: the last one shown). */
export async function listComments(viewer: string, postId: string, from?: Keyset) {
  await visiblePost(viewer, postId);
  const rows = await getPrisma().socialPostComment.findMany({
    where: { postId, parentCommentId: null, ...after(from) },
    include: commentInclude,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: LIMIT + 1,
  });
  const page = rows.slice(0, LIMIT);
  return { comments: page.map(commentView), next_cursor: rows.length > LIMIT ? cursorOf(page.at(-1)!) : null };
}

export async function postComment(userId: string, postId: string, text: string) {
  await visiblePost(userId, postId);
  const k = await getPrisma().socialPostComment.create({
    data: { postId, userId, commentText: text },
    include: commentInclude,
  });
  return { comment: commentView(k) };
}
