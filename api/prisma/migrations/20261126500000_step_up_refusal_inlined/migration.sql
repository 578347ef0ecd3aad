-- money_step_up_refusal returns its one row as a table, so the planner inlines it into the batch's statement
-- (prisma/sql/money.sql, M6); a function's result type cannot be replaced, so the old one goes first.
-- (money.sql defines it again; a new database has no functions yet: they are applied after the migrations.)
DROP FUNCTION IF EXISTS money_step_up_refusal(uuid, text, numeric, jsonb);
