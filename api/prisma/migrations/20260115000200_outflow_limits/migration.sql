-- Limits on every outflow and the ledger's answers as codes (prisma/sql/ledger.sql L8, prisma/sql/money.sql):
-- the functions whose results change shape, and those that no file defines any more, are dropped here;
-- the repeatable definitions create the current ones in the same transaction.
DROP FUNCTION IF EXISTS money_error(text, text, jsonb);
DROP FUNCTION IF EXISTS wallet_send_limit_exceeded(numeric, numeric[], numeric[], numeric[]);
DROP FUNCTION IF EXISTS wallet_send_limit_refusal(integer, numeric, numeric[], numeric[], numeric[]);
DROP FUNCTION IF EXISTS wallet_send_funds_refusal(text, integer, numeric, numeric, numeric, numeric, numeric, numeric[], numeric[], numeric[]);
DROP FUNCTION IF EXISTS pin_attempt_locked(uuid, text, integer, timestamptz, bytea);
DROP FUNCTION IF EXISTS pin_attempt(uuid, bytea);
DROP FUNCTION IF EXISTS wallet_send_facts(uuid, text, uuid, text, numeric, date);
DROP FUNCTION IF EXISTS wallet_send_quote(uuid, text, uuid, text, text);
DROP FUNCTION IF EXISTS wallet_send(uuid, text, uuid, text, text, text, bytea, text, text, uuid);
DROP FUNCTION IF EXISTS wallet_send_batch(jsonb);
