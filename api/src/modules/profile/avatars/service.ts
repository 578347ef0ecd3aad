import { AVATAR_PREFIX, avatarKey } from '../../../platform/accounts/index.js';
import { getPool } from '../../../platform/db/pool.js';
import { notFound } from '../../../platform/errors.js';
import { getStorage, removeUpload, storeUpload } from '../../../platform/storage/index.js';
import { getProfile } from '../profile/service.js';

/** Stores a new avatar (public bucket) and removes the previous file. */
export async function setAvatar(userId: string, file: unknown) {
  const { key } = await storeUpload('avatars', file, { ownerId: userId, prefix: userId, field: 'file' });
  const url = AVATAR_PREFIX + key;
  // one statement swaps the avatar and returns the one it replaced (a read, then a write, could miss
  // a concurrent upload's file): SQL
  const { rows } = await getPool().query<{ old: string | null }>(
    `UPDATE profiles p SET avatar_url = $2, updated_at = now() FROM profiles o
      WHERE p.id = $1 AND o.id = p.id AND p.deleted_at IS NULL RETURNING o.avatar_url AS old`,
    [userId, url],
  );
  if (!rows[0]) {
    await removeUpload('avatars', key);
    throw notFound('Could not load profile data.');
  }
  const old = avatarKey(rows[0].old);
  if (old) await removeUpload('avatars', old);
  return getProfile(userId);
}

export async function removeAvatar(userId: string) {
  // the same swap as setAvatar: SQL
  const { rows } = await getPool().query<{ old: string | null }>(
    `UPDATE profiles p SET avatar_url = NULL, updated_at = now() FROM profiles o
      WHERE p.id = $1 AND o.id = p.id RETURNING o.avatar_url AS old`,
    [userId],
  );
  const old = avatarKey(rows[0]?.old ?? null);
  if (old) await removeUpload('avatars', old);
  return getProfile(userId);
}

export async function readAvatar(file: string) {
  const obj = await getStorage().get('avatars', file);
  if (!obj) throw notFound();
  return obj;
}
