/* @name Hold */
SELECT transaction_id AS "transaction_id!", held::text AS "held!", payer_balance::text AS "payer_balance!"
  FROM ledger_hold(:referenceType!, :referenceId!, :payerId!, :assetSymbol!, :amount!::numeric, :description);

/* @name Release */
SELECT transaction_id AS "transaction_id!", amount::text AS "amount!", fee::text AS "fee!", held::text AS "held!"
  FROM ledger_release(:referenceType!, :referenceId!, :toUser, :amount::numeric, :feeType!, :description, :toSystem, :fee::numeric);

/* @name Refund */
SELECT transaction_id AS "transaction_id!", amount::text AS "amount!", held::text AS "held!"
  FROM ledger_refund(:referenceType!, :referenceId!, :amount::numeric, :description);
