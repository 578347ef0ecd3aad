import { notify } from '../../../platform/notifications/index.js';
import { getPrisma } from '../../../platform/db/prisma.js';
import type { ReadClient } from '../../../platform/db/replica.js';
import { notFound, validationError } from '../../../platform/errors.js';
import { USER_NOT_FOUND } from '../schemas.js';

export type Relationship = 'self' | 'none' | 'requested' | 'incoming' | 'friends';

/** Where `me` stands with `other`: one user_relationships row per pair (either direction). */
export async function relationship(me: string, other: string, db: ReadClient = getPrisma()): Promise<Relationship> {
  if (me === other) return 'self';
  const r = await db.userRelationship.findFirst({
    where: {
      OR: [
        { requesterId: me, addresseeId: other },
        { requesterId: other, addresseeId: me },
      ],
    },
  });
  if (!r || r.status === 'blocked') return 'none';
  if (r.status === 'accepted') return 'friends';
  return r.requesterId === me ? 'requested' : 'incoming';
}

async function person(me: string, id: string) {
  if (id === me) throw validationError({ id: 'You cannot befriend yourself.' });
  if (!(await getPrisma().profile.count({ where: { id, deletedAt: null } }))) throw notFound(USER_NOT_FOUND);
}

/**
 * Add Friend: a request (pending) the other accepts by adding back; adding someone whose request is
 * waiting accepts it. One conditional statement each, so two people adding each other at once end as friends.
 */
export async function addFriend(me: string, other: string) {
  await person(me, other);
  const db = getPrisma();
  const accepted = await db.userRelationship.updateMany({
    where: { requesterId: other, addresseeId: me, status: 'pending' },
    data: { status: 'accepted', updatedAt: new Date() },
  });
  if (accepted.count === 0) {
    await db.$transaction(async (tx) => {
      // ON CONFLICT DO NOTHING: a request already made stays as it is
      const { count: asked } = await tx.userRelationship.createMany({
        data: { requesterId: me, addresseeId: other },
        skipDuplicates: true,
      });
      if (asked === 1) await notify(tx, { userId: other, kind: 'friend_request', actorId: me, link: `/profile/${me}` });
    });
    // the other's request may have arrived between the two statements: accept it now
    await db.userRelationship.updateMany({
      where: { requesterId: other, addresseeId: me, status: 'pending' },
      data: { status: 'accepted', updatedAt: new Date() },
    });
  }
  return { relationship: await relationship(me, other) };
}

/** Cancel one's request, decline the other's, or end a friendship: the pair's row goes. */
export async function removeFriend(me: string, other: string) {
  await person(me, other);
  await getPrisma().userRelationship.deleteMany({
    where: {
      status: { not: 'blocked' },
      OR: [
        { requesterId: me, addresseeId: other },
        { requesterId: other, addresseeId: me },
      ],
    },
  });
  return { relationship: await relationship(me, other) };
}
