import { getPrisma } from '../../../platform/db/prisma.js';
import type { ReadClient } from '../../../platform/db/replica.js';
import { notFound } from '../../../platform/errors.js';
import { relationship } from '../friends/service.js';
import { postPage } from '../posts/service.js';
import { canSeePostsOf } from '../privacy.js';
import { USER_NOT_FOUND } from '../schemas.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /user/{username} and /profile/{user_id} (both readings of the spec): name and avatar for anyone
 * signed in; username, member since and posts only where the privacy allows (privacy.ts). A private
 * profile shows only the name to others.
 */
export async function publicProfile(viewer: string, ref: string, db: ReadClient = getPrisma()) {
  const p = await db.profile.findFirst({
    where: { deletedAt: null, ...(UUID.test(ref) ? { id: ref } : { username: { equals: ref, mode: 'insensitive' } }) },
    select: { id: true, fullName: true, username: true, avatarUrl: true, createdAt: true, profilePrivacy: true },
  });
  if (!p) throw notFound(USER_NOT_FOUND);
  const canSee = await canSeePostsOf(viewer, p.id, db);
  const open = p.id === viewer || p.profilePrivacy !== 'private';
  return {
    profile: {
      id: p.id,
      full_name: p.fullName,
      avatar_url: p.avatarUrl,
      privacy: p.profilePrivacy,
      username: open ? p.username : null,
      member_since: open ? p.createdAt.toISOString() : null,
    },
    relationship: await relationship(viewer, p.id, db),
    can_see_posts: canSee,
  };
}

/** A person's posts, newest first; an empty page when the viewer may not see them. */
export async function postsOf(
  viewer: string,
  userId: string,
  cursor: string | undefined,
  db: ReadClient = getPrisma(),
) {
  if (!(await db.profile.count({ where: { id: userId, deletedAt: null } }))) throw notFound(USER_NOT_FOUND);
  return postPage(viewer, cursor, userId, db);
}
