/* @name LockLiveResetCode */
SELECT id, code_hash, attempts FROM pin_reset_codes
 WHERE user_id = :userId! AND used_at IS NULL AND expires_at > now() AND attempts < :maxAttempts!
 ORDER BY created_at DESC LIMIT 1 FOR UPDATE;
