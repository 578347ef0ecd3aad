/* @name LockNewestCode */
SELECT id, user_id, code_hash, attempts, expires_at <= now() AS "expired!" FROM otp_codes
 WHERE phone = :phone! AND consumed_at IS NULL ORDER BY id DESC LIMIT 1 FOR UPDATE;
