/* @name UnbalancedAssets */
-- L1: an asset's entries sum to zero.
SELECT a.symbol, sum(e.amount)::text AS total FROM ledger_entries e JOIN assets a ON a.id = e.asset_id
 GROUP BY a.symbol HAVING sum(e.amount) <> 0;

/* @name UnbalancedTransactions */
-- L1: a transaction's entries sum to zero.
SELECT transaction_id, sum(amount)::text AS total FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0;

/* @name TransactionsWithoutEntries */
SELECT t.id FROM transactions t WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = t.id);

/* @name WalletsOffTheirEntries */
-- L2: a wallet's balance is the sum of its entries.
SELECT w.id, w.balance::text AS balance, coalesce(e.total, 0)::text AS total
  FROM user_wallets w LEFT JOIN (SELECT wallet_id, sum(amount) AS total FROM ledger_entries WHERE wallet_id IS NOT NULL GROUP BY wallet_id) e
    ON e.wallet_id = w.id
 WHERE w.balance <> coalesce(e.total, 0);

/* @name EntriesInAnotherAsset */
SELECT e.id FROM ledger_entries e
  LEFT JOIN user_wallets w ON w.id = e.wallet_id LEFT JOIN system_accounts s ON s.id = e.system_account_id
 WHERE coalesce(w.asset_id, s.asset_id) <> e.asset_id;

/* @name NegativeWallets */
SELECT id, balance::text AS balance FROM user_wallets WHERE balance < 0;

/* @name EntriesWithMissingRows */
-- R3: ledger rows carry no foreign-key checks, so dangling ids are counted here.
SELECT e.id FROM ledger_entries e
 WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = e.transaction_id)
    OR NOT EXISTS (SELECT 1 FROM assets a WHERE a.id = e.asset_id)
    OR (e.wallet_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM user_wallets w WHERE w.id = e.wallet_id))
    OR (e.system_account_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM system_accounts s WHERE s.id = e.system_account_id));

/* @name TransactionsWithMissingRows */
SELECT t.id FROM transactions t
 WHERE NOT EXISTS (SELECT 1 FROM assets a WHERE a.id = t.asset_id)
    OR (t.sender_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = t.sender_id))
    OR (t.receiver_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = t.receiver_id));

/* @name HoldsOffTheirEntries */
-- L7: every reference's held amount equals its escrow entries.
SELECT h.reference_type, h.reference_id, h.held::text AS held, coalesce(e.total, 0)::text AS total
  FROM escrow_holds h
  LEFT JOIN (SELECT e.reference_type, e.reference_id, sum(e.amount) AS total
               FROM ledger_entries e JOIN system_accounts s ON s.id = e.system_account_id AND s.code = 'escrow'
              WHERE e.reference_id IS NOT NULL GROUP BY 1, 2) e USING (reference_type, reference_id)
 WHERE h.held <> coalesce(e.total, 0);

/* @name EscrowEntriesWithoutHold */
-- L7: every escrow entry has a reference.
SELECT e.id FROM ledger_entries e JOIN system_accounts s ON s.id = e.system_account_id AND s.code = 'escrow'
 WHERE NOT EXISTS (SELECT 1 FROM escrow_holds h WHERE h.reference_type = e.reference_type AND h.reference_id = e.reference_id);

/* @name WalletTotals */
SELECT a.symbol, coalesce(sum(w.balance), 0)::text AS "total!" FROM assets a LEFT JOIN user_wallets w ON w.asset_id = a.id GROUP BY a.symbol;

/* @name SystemTotals */
SELECT a.symbol, b.code::text AS "code!", b.balance::text AS "balance!" FROM system_account_balances b JOIN assets a ON a.id = b.asset_id;
