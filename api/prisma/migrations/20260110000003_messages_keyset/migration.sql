-- The thread list's keyset (issue 17): its cursor carries updated_at as JSON shows it (milliseconds),
-- so threads store it at that precision (as social posts do, 20260110000002_social_keyset): with
-- microseconds, threads of the cursor's millisecond that sort after it fell between two pages.
ALTER TABLE message_threads ALTER COLUMN updated_at TYPE timestamptz(3);
