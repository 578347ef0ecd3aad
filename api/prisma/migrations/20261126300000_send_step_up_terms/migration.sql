-- A send carries the API's step-up terms, so the step-up check rides in the send's own statement
-- (prisma/sql/money.sql M6): wallet_send gains a last parameter (money.sql defines it again with it)
-- and a batch item a field. (A new database has no functions yet: they are applied after the migrations.)
DROP FUNCTION IF EXISTS wallet_send(uuid, text, uuid, text, text, text, bytea, text, text, uuid);
ALTER TYPE send_batch_item ADD ATTRIBUTE step_up jsonb;
