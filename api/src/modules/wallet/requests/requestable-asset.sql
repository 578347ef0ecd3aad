/* @name RequestableAsset */
SELECT a.id, a.symbol, a.scale, :amount!::numeric * coalesce(p.price_usd, 0) > c.cap AS over_cap, money_usd(c.cap) AS cap
  FROM assets a LEFT JOIN asset_prices p ON p.asset_id = a.id CROSS JOIN (SELECT min(max_usd) AS cap FROM transaction_limit_caps) c
 WHERE a.symbol = :symbol!;
