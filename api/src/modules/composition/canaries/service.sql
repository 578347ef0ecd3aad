/* @name LockRunningCanary */
SELECT 1 AS "locked!" FROM remote_canaries WHERE remote = :remote! AND ended_at IS NULL FOR UPDATE;
