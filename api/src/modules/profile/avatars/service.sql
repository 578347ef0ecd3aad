/* @name SwapAvatar */
UPDATE profiles p SET avatar_url = :url!, updated_at = now() FROM profiles o
 WHERE p.id = :userId! AND o.id = p.id AND p.deleted_at IS NULL RETURNING o.avatar_url AS old;

/* @name ClearAvatar */
UPDATE profiles p SET avatar_url = NULL, updated_at = now() FROM profiles o
 WHERE p.id = :userId! AND o.id = p.id RETURNING o.avatar_url AS old;
