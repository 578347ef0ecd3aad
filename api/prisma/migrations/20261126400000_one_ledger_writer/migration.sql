-- One writer of the ledger (prisma/sql/ledger.sql R1): ledger_write() posts a set of checked movements,
-- one or a batch's many, each a ledger_posting. ledger_post_transfer gains a last parameter (the US dollars
-- a send counts, money.sql M4), so its old signature goes (ledger.sql defines it again with it).
-- (A new database has no functions yet: they are applied after the migrations.)
CREATE TYPE ledger_posting AS (
	transaction_id uuid,
	created_at timestamptz,
	transaction_type transaction_type,
	asset_id uuid,
	sender_id uuid,
	receiver_id uuid,
	from_wallet uuid,
	from_system uuid,
	to_wallet uuid,
	to_system uuid,
	fee_system uuid,
	amount numeric,
	fee numeric,
	debit numeric,
	credit numeric,
	description text,
	reference_type text,
	reference_id uuid,
	counted_usd numeric
);
DROP FUNCTION IF EXISTS ledger_post_transfer(transaction_type, text, uuid, system_account_code, uuid, system_account_code, numeric, text, text, uuid, numeric);
