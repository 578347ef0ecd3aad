/* @name GivePin */
UPDATE profiles SET transaction_pin_hash = :pinHash! WHERE id = :userId!;

/* @name AssetIdOf */
SELECT id FROM assets WHERE symbol = :symbol!;

/* @name WalletBalance */
SELECT coalesce((SELECT w.balance FROM user_wallets w JOIN assets a ON a.id = w.asset_id WHERE w.user_id = :userId! AND a.symbol = :symbol!), 0)::numeric(38,2)::text AS "b!";

/* @name SetLimits */
UPDATE profiles SET daily_transaction_limit = :usd, weekly_transaction_limit = :usd, monthly_transaction_limit = :usd WHERE id = :userId!;

/* @name SetDailyCap */
UPDATE transaction_limit_caps SET max_usd = CASE period WHEN 'daily' THEN :usd!::numeric ELSE 1000000000 END;

/* @name OutgoingUsage */
SELECT coalesce(sum(usd), 0)::numeric(38,2)::text AS "usd!" FROM outgoing_usage WHERE user_id = :userId!;

/* @name PinFailures */
SELECT pin_failed_attempts AS n FROM profiles WHERE id = :userId!;
