/* @name ReplayedUpTo */
SELECT pg_last_wal_replay_lsn() >= :wrote!::pg_lsn AS replayed;

/* @name CurrentWalPosition */
SELECT pg_current_wal_lsn()::text AS "lsn!";
