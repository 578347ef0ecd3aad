/* @name LockKycReset */
SELECT kyc_status, EXISTS (SELECT 1 FROM kyc_submissions k WHERE k.user_id = p.id AND k.status = 'pending') AS "waiting!"
  FROM profiles p WHERE id = :userId! AND deleted_at IS NULL FOR UPDATE;

/* @name LockUserProfile */
SELECT 1 AS "locked!" FROM profiles WHERE id = :userId! AND deleted_at IS NULL FOR UPDATE;
