/* @name Volume24h */
SELECT a.symbol, a.scale, sum(t.amount)::text AS "amount!", (sum(t.amount) * coalesce(p.price_usd, 0))::text AS "usd!", count(*)::int AS "count!"
  FROM transactions t JOIN assets a ON a.id = t.asset_id LEFT JOIN asset_prices p ON p.asset_id = a.id
 WHERE t.status = 'completed' AND t.created_at > :since!
 GROUP BY a.symbol, a.scale, p.price_usd ORDER BY a.symbol;
