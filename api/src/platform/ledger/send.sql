/* @name WalletSend */
SELECT body::text AS "json!", body->'refusal' AS refusal, replayed AS "replayed!", stored_status FROM wallet_send(:senderId!, :recipientEmail, :recipientId, :assetSymbol, :amount, :description, :pinProof!, :idempotencyKey, :requestHash, :paymentRequestId, :stepUp);

/* @name WalletSendBatch */
SELECT body::text AS "json!", body->'refusal' AS refusal, replayed AS "replayed!", stored_status, plain AS "plain!" FROM wallet_send_batch(:items!);
