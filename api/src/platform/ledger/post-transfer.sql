/* @name PostTransfer */
SELECT transaction_id AS "transaction_id!", created_at AS "created_at!", amount::text AS "amount!", fee::text AS "fee!", sender_balance::text
  FROM ledger_post_transfer(:type!, :assetSymbol!, :fromUser, :fromSystem, :toUser, :toSystem, :amount!::numeric, :description);

/* @name QuoteFee */
SELECT q.fee::text AS "fee!", q.bearer AS "bearer!" FROM assets a, ledger_quote_fee(:type!, a.id, :amount!::numeric) q WHERE a.symbol = :assetSymbol!;
