/* @name LockWalletBalance */
SELECT w.balance::text AS "balance!" FROM user_wallets w JOIN assets a ON a.id = w.asset_id WHERE w.user_id = :userId! AND a.symbol = :symbol! FOR UPDATE OF w;
