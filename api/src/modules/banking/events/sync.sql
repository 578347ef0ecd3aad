/* @name LockEventCursor */
SELECT last_event_id::text AS "last!" FROM plaid_event_cursor FOR UPDATE;
