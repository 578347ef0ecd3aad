import { getPrisma, type Prisma } from '../../platform/db/prisma.js';
import type { ReadClient } from '../../platform/db/replica.js';

/**
 * Who sees a person's posts (profiles.profile_privacy), one rule for every read (feed, a person's
 * posts, a post, its comments and likes): public -> every signed-in user; friends_only -> the
 * person and their friends; private -> only the person. Deleted accounts show nothing.
 * A friend: an accepted user_relationships row between the two, whoever asked (friends/service.ts).
 */
export function visibleAuthors(viewer: string): Prisma.ProfileWhereInput {
  return {
    deletedAt: null,
    OR: [
      { id: viewer },
      { profilePrivacy: 'public' },
      {
        profilePrivacy: 'friends_only',
        OR: [
          { relationshipsOut: { some: { addresseeId: viewer, status: 'accepted' } } },
          { relationshipsIn: { some: { requesterId: viewer, status: 'accepted' } } },
        ],
      },
    ],
  };
}

export async function canSeePostsOf(viewer: string, authorId: string, db: ReadClient = getPrisma()): Promise<boolean> {
  return (await db.profile.count({ where: { id: authorId, ...visibleAuthors(viewer) } })) > 0;
}
