import { getPool } from '../../../platform/db/pool.js';
import { notFound } from '../../../platform/errors.js';
import { visiblePost } from '../posts/service.js';
import { POST_NOT_FOUND } from '../schemas.js';
import { toggleLike as toggleLikeQuery } from './toggle-like.queries.js';

/**
 * docs/product.md "Feed and profiles", in the database (prisma/sql/social.sql social_toggle_like, SO1/SO2): the
 * toggles of a post queue on its row lock and the count moves with the row, so likes_count equals
 * the rows whatever runs at once.
 */
export async function toggleLike(userId: string, postId: string) {
  await visiblePost(userId, postId);
  const [row] = await toggleLikeQuery.run({ userId, postId }, getPool());
  if (!row) throw notFound(POST_NOT_FOUND); // deleted in between
  return { liked: row.liked, likes_count: row.likes_count };
}
