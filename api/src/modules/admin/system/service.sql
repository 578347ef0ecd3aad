/* @name JobTablesReady */
SELECT to_regclass('pgboss.job') IS NOT NULL AS "ready!";

/* @name TransactionsLastHour */
SELECT transaction_type::text AS "type!", count(*)::int AS "count!" FROM transactions
 WHERE status = 'completed' AND created_at > now() - interval '1 hour' GROUP BY 1 ORDER BY 2 DESC, 1;
