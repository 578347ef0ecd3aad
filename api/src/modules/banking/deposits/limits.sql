/* @name DepositRoom */
SELECT w.lim::numeric(38,2)::text AS "limit_usd!", u.used::numeric(38,2)::text AS "used!",
       greatest(w.lim - u.used, 0)::numeric(38,2)::text AS "remaining!",
       money_usd(w.lim) AS "limit_shown!", money_usd(greatest(w.lim - u.used, 0)) AS "remaining_shown!"
  FROM unnest(:hours!::int[], :limits!::numeric[]) WITH ORDINALITY AS w(hours, lim, n)
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(t.amount), 0) AS used FROM bank_transfers t
     WHERE t.user_id = :userId! AND t.direction = 'deposit' AND t.status NOT IN ('declined', 'failed')
       AND t.created_at > now() - make_interval(hours => w.hours)) u
 ORDER BY w.n;
