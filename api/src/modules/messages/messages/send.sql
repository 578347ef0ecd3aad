/* @name DmSend */
SELECT id AS "id!", receiver_id AS "receiver_id!", seq AS "seq!", created_at = now() AS "stored_now!"
  FROM dm_send(:threadId!, :senderId!, :clientMessageId!, :content!);
