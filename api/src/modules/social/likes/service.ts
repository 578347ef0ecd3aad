import { getPrisma } from '../../../platform/db/prisma.js';
import { visiblePost } from '../posts/service.js';

/**
 * Spec 001 §4 Like toggle: the caller's like is removed if it exists, else added. The count moves
 * with the row in the database (prisma/sql/social.sql SO1), so it equals the rows whatever runs at
 * once; the unique key keeps one like per person (a double click's second insert does nothing).
 */
export async function toggleLike(userId: string, postId: string) {
  await visiblePost(userId, postId);
  const db = getPrisma();
  const removed = await db.socialPostLike.deleteMany({ where: { userId, postId } });
  let liked = false;
  if (removed.count === 0) liked = (await db.$executeRaw`INSERT INTO social_post_likes (user_id, post_id) VALUES (${userId}::uuid, ${postId}::uuid) ON CONFLICT (user_id, post_id) DO NOTHING`) === 1;
  const { likesCount } = await db.socialPost.findUniqueOrThrow({ where: { id: postId }, select: { likesCount: true } });
  return { liked, likes_count: likesCount };
}
