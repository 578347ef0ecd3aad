-- The ledger: the current definition of every function, trigger and view through which money moves.
-- Applied by the migration runner as a repeatable definition (api/src/platform/db/migrate.ts): run
-- again, in the same transaction as any pending migration, whenever this file changes; migrations
-- change tables, never these bodies. A test fails when the database differs from this file.
--
-- Invariants (the books check, api/src/platform/ledger/check-books.ts, verifies L1, L2, L7, R3):
--   L1  Every transaction's ledger entries sum to zero, so per asset all entries sum to zero.
--       (Entries are signed: + credits an account, - debits it.)
--   L2  A user wallet's balance equals the sum of its entries. Wallets store the balance because it
--       is what the CHECK guards and what screens read.
--   L3  A user wallet's balance is never below zero: CHECK (balance >= 0). The functions check first,
--       to return a clear "insufficient funds" instead of a constraint violation.
--   L4  Rows are locked in one fixed order before they change: the paying user's advisory lock
--       (class 7401, money_lock_user) first, then an escrow hold's row, then wallet rows by id.
--       Two movements in opposite directions cannot deadlock.
--   L5  An amount finer than its asset's scale is refused; fees are rounded to the asset's scale.
--   L6  Ledger entries are append-only (UPDATE and DELETE raise).
--   L7  Escrow: a reference's held amount (escrow_holds.held) equals the sum of the escrow account's
--       entries carrying that reference, and is never below zero: CHECK (held >= 0). Money leaves
--       escrow only by release (to a user, minus the scheduled fee) or refund (to the payer).
--   L8  Every outflow a user makes (money out of the user's wallet: sends, request and invoice
--       payments, escrow holds for milestones, investments and withdrawals; every type but
--       bank_reversal, which takes back a returned deposit) counts in US dollars at asset_prices
--       into outgoing_usage, the one counter of the daily, weekly and monthly limits: the least of
--       the profile's limit and the platform's cap (transaction_limit_caps), refused over a limit
--       under the user's advisory lock, so concurrent outflows of one user never pass a limit in sum.
--       ledger_post_transfer does it for every outflow but p2p_transfer, which only wallet_send and
--       wallet_send_batch post (money.sql M4): they check a send with the same functions under the same
--       lock, answer a refusal instead of raising it, and pass what the send counts to the posting. The amount counts, not the
--       fee (a hold counts what it holds: a withdrawal's amount + fee). Money coming back (refunds,
--       releases, deposits, reversals) gives no usage back.
--   R1  ledger_write() is the only writer of transactions, ledger_entries, outgoing_usage and user
--       wallets' balances: every posting, one (ledger_post_transfer) or a batch's many (wallet_send_batch's
--       plain sends, money.sql), is a ledger_posting row its caller checked under its locks, written by the
--       one statement there. Its callers take every id they pass from rows they have just read in the same
--       database transaction. (A test reads every function's body in the database and finds no other.)
--   R2  Rows the ledger references are never deleted and their ids never change (guards below):
--       users and profiles are closed by anonymising (account_delete), the rest is permanent.
--   R3  Ledger rows carry no foreign-key checks (they cost ~17% of a transfer's database CPU); the
--       books check counts dangling references instead.
--
-- Refusals are raised with their own SQLSTATE and, where the answer needs figures, a DETAIL that is
-- a JSON object of them; never an HTTP status or a sentence: api/src/platform/errors.ts maps every
-- code to the answer the user gets (status, the spec's words).
--
-- System accounts (deposits, withdrawals, fees, escrow; one per asset) keep no stored balance:
-- their balance is the sum of their entries (view system_account_balances). The fee account is
-- credited by every transfer; a stored balance there would make one row lock the queue that all
-- transfers wait in. The deposits account is the counterpart of money brought in from outside, so
-- its balance is negative by the amount deposited and not withdrawn.

-- ====================================================================================================
-- guards
-- ====================================================================================================
CREATE OR REPLACE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only (L6); post a reversing transfer instead';
END $$;
CREATE OR REPLACE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_append_only();

CREATE OR REPLACE FUNCTION money_rows_are_permanent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are referenced by the ledger and are never deleted or re-keyed (R2)', TG_TABLE_NAME
    USING ERRCODE = 'LD020';
END $$;
CREATE OR REPLACE TRIGGER users_permanent BEFORE DELETE OR TRUNCATE OR UPDATE OF id ON users
  FOR EACH STATEMENT EXECUTE FUNCTION money_rows_are_permanent();
CREATE OR REPLACE TRIGGER profiles_permanent BEFORE DELETE OR TRUNCATE OR UPDATE OF id ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION money_rows_are_permanent();
CREATE OR REPLACE TRIGGER assets_permanent BEFORE DELETE OR TRUNCATE OR UPDATE OF id ON assets
  FOR EACH STATEMENT EXECUTE FUNCTION money_rows_are_permanent();
CREATE OR REPLACE TRIGGER system_accounts_permanent BEFORE DELETE OR TRUNCATE OR UPDATE OF id ON system_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION money_rows_are_permanent();
CREATE OR REPLACE TRIGGER user_wallets_permanent BEFORE DELETE OR TRUNCATE OR UPDATE OF id ON user_wallets
  FOR EACH STATEMENT EXECUTE FUNCTION money_rows_are_permanent();
CREATE OR REPLACE TRIGGER transactions_permanent BEFORE DELETE OR TRUNCATE OR UPDATE OF id ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION money_rows_are_permanent();

-- ====================================================================================================
-- balances
-- ====================================================================================================
-- System accounts keep no stored balance: theirs is the sum of their entries.
CREATE OR REPLACE VIEW system_account_balances AS
  SELECT sa.id, sa.code, sa.asset_id, coalesce(sum(e.amount), 0)::numeric(38,18) AS balance
  FROM system_accounts sa LEFT JOIN ledger_entries e ON e.system_account_id = sa.id
  GROUP BY sa.id;

-- ====================================================================================================
-- fees
-- ====================================================================================================
-- Quote the fee for a movement without posting it (shown to the user before confirming).
CREATE OR REPLACE FUNCTION ledger_quote_fee(p_type transaction_type, p_asset_id uuid, p_amount numeric)
RETURNS TABLE (fee numeric, bearer fee_bearer) LANGUAGE sql STABLE AS $$
  SELECT coalesce(
           (SELECT least(greatest(round(p_amount * f.percent / 100 + f.fixed, a.scale), f.minimum),
                         coalesce(f.maximum, 'Infinity'::numeric))
              FROM fee_schedule f
             WHERE f.transaction_type = p_type AND (f.asset_id = p_asset_id OR f.asset_id IS NULL)
             ORDER BY f.asset_id NULLS LAST LIMIT 1), 0),
         coalesce(
           (SELECT f.bearer FROM fee_schedule f
             WHERE f.transaction_type = p_type AND (f.asset_id = p_asset_id OR f.asset_id IS NULL)
             ORDER BY f.asset_id NULLS LAST LIMIT 1), 'sender')
    FROM assets a WHERE a.id = p_asset_id
$$;

-- ====================================================================================================
-- limits on outflows (L8)
-- ====================================================================================================
-- One advisory lock space for 'money of a user' (class 7401); a hash collision only makes two users wait.
CREATE OR REPLACE FUNCTION money_lock_user(p_user uuid) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(7401, hashtext(p_user::text))
$$;

-- US dollars as the limits show them: 2 decimals (cut, not rounded), thousands separated.
CREATE OR REPLACE FUNCTION money_usd(p numeric) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(trunc(p, 2), 'FM999,999,999,999,990.00')
$$;

-- Whether ledger_post_transfer checks and counts a movement of this type out of a user's wallet as
-- an outflow (L8): all but the taking back of a returned deposit (the bank's doing, not the user's)
-- and a send (wallet_send and wallet_send_batch check and count it: one check per send, not two).
CREATE OR REPLACE FUNCTION ledger_counts_as_outflow(p_type transaction_type) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_type NOT IN ('bank_reversal', 'p2p_transfer')
$$;

-- The functions below are plain SQL functions, declared STABLE where their bodies build jsonb or
-- format text, so the planner inlines them into the calling statement (wallet_send_batch's plain sends).

-- What the limits of a user are made of, as arrays of (daily, weekly, monthly): the profile's own
-- limits (NULL: none), the platform's caps, and the US dollars counted today, in the last 7 days and
-- in the last 30 days (UTC days, at most 30 rows of outgoing_usage).
CREATE OR REPLACE FUNCTION ledger_limit_facts(p_user uuid, p_day date)
RETURNS TABLE (limits numeric[], caps numeric[], used numeric[]) LANGUAGE sql STABLE AS $$
  SELECT ARRAY[p.daily_transaction_limit, p.weekly_transaction_limit, p.monthly_transaction_limit],
         ARRAY[c.day_cap, c.week_cap, c.month_cap], ARRAY[u.day_usd, u.week_usd, u.month_usd]
    FROM (SELECT coalesce(sum(o.usd) FILTER (WHERE o.day = p_day), 0) AS day_usd,
                 coalesce(sum(o.usd) FILTER (WHERE o.day > p_day - 7), 0) AS week_usd,
                 coalesce(sum(o.usd), 0) AS month_usd
            FROM outgoing_usage o WHERE o.user_id = p_user AND o.day > p_day - 30) u
   CROSS JOIN (SELECT max(l.max_usd) FILTER (WHERE l.period = 'daily') AS day_cap,
                      max(l.max_usd) FILTER (WHERE l.period = 'weekly') AS week_cap,
                      max(l.max_usd) FILTER (WHERE l.period = 'monthly') AS month_cap
                 FROM transaction_limit_caps l) c
    LEFT JOIN profiles p ON p.id = p_user
$$;

-- Which limit an outflow of p_usd would exceed: 1 daily, 2 weekly, 3 monthly (the first one exceeded),
-- or NULL. Exactly at the limit passes.
CREATE OR REPLACE FUNCTION ledger_limit_exceeded(p_usd numeric, p_limits numeric[], p_caps numeric[], p_used numeric[]) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN least(p_limits[1], p_caps[1]) < p_used[1] + p_usd THEN 1
    WHEN least(p_limits[2], p_caps[2]) < p_used[2] + p_usd THEN 2
    WHEN least(p_limits[3], p_caps[3]) < p_used[3] + p_usd THEN 3 END
$$;

-- The figures of a refusal over limit i (see ledger_limit_exceeded), in US dollars.
CREATE OR REPLACE FUNCTION ledger_limit_details(i integer, p_usd numeric, p_limits numeric[], p_caps numeric[], p_used numeric[]) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('period', (ARRAY['daily', 'weekly', 'monthly'])[i],
                            'limit_usd', money_usd(least(p_limits[i], p_caps[i])), 'used_usd', money_usd(p_used[i]),
                            'remaining_usd', money_usd(greatest(least(p_limits[i], p_caps[i]) - p_used[i], 0)), 'amount_usd', money_usd(p_usd))
$$;

-- The figures of an insufficient-funds refusal, at the asset's scale.
CREATE OR REPLACE FUNCTION ledger_funds_details(p_symbol text, p_scale integer, p_balance numeric, p_amount numeric, p_fee numeric, p_debit numeric) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('symbol', p_symbol, 'balance', round(coalesce(p_balance, 0), p_scale)::text, 'amount', round(p_amount, p_scale)::text,
                            'fee', round(p_fee, p_scale)::text, 'needed', round(p_debit, p_scale)::text)
$$;

-- The refusal an outflow of p_debit (p_amount counted against the limits) from p_user's wallet gets
-- before anything moves, as {code, details}, or NULL: the balance covers p_debit (LD010's refusal),
-- then no limit is exceeded (LD040's). Quotes ask it before the PIN; the posting checks the same
-- again under its locks.
CREATE OR REPLACE FUNCTION ledger_outflow_refusal(p_symbol text, p_scale integer, p_amount numeric, p_fee numeric, p_debit numeric,
  p_balance numeric, p_usd numeric, p_limits numeric[], p_caps numeric[], p_used numeric[]) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN coalesce(p_balance, 0) < p_debit THEN jsonb_build_object('code', 'INSUFFICIENT_FUNDS', 'details',
      ledger_funds_details(p_symbol, p_scale, p_balance, p_amount, p_fee, p_debit))
    WHEN ledger_limit_exceeded(p_usd, p_limits, p_caps, p_used) IS NOT NULL THEN jsonb_build_object('code', 'LIMIT_EXCEEDED', 'details',
      ledger_limit_details(ledger_limit_exceeded(p_usd, p_limits, p_caps, p_used), p_usd, p_limits, p_caps, p_used))
  END
$$;

-- An outflow of p_amount of an asset from p_user's wallet (what leaves it, fee included, as a hold or
-- a payment whose fee the receiver bears), asked before the PIN by the quotes of every money route but
-- the send (which has wallet_send_quote): NULL when it would pass, else its refusal (above).
CREATE OR REPLACE FUNCTION ledger_quote_outflow(p_user uuid, p_asset_symbol text, p_amount numeric) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT ledger_outflow_refusal(a.symbol, a.scale, p_amount, 0, p_amount,
           (SELECT w.balance FROM user_wallets w WHERE w.user_id = p_user AND w.asset_id = a.id),
           p_amount * coalesce((SELECT pr.price_usd FROM asset_prices pr WHERE pr.asset_id = a.id), 0), f.limits, f.caps, f.used)
    FROM assets a CROSS JOIN LATERAL ledger_limit_facts(p_user, (now() AT TIME ZONE 'UTC')::date) f
   WHERE a.symbol = p_asset_symbol
$$;

-- ====================================================================================================
-- the writer (R1)
-- ====================================================================================================
-- Writes checked postings (type ledger_posting, migration 20261126400000_one_ledger_writer), one or many,
-- in one statement: each wallet's balance moves once by the sum of its postings (-debit as a sender,
-- +credit as a receiver; L3's CHECK guards the result), one transaction row per posting, its entries
-- (-debit, +credit, +fee: they sum to zero, L1; a zero amount writes no entry) carrying the posting's
-- reference, and each sender's counted US dollars added to today's outgoing_usage (L8). The caller
-- holds every lock (L4) and made every check; nothing here reads a balance.
CREATE OR REPLACE FUNCTION ledger_write(p_postings ledger_posting[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH p AS (SELECT * FROM unnest(p_postings)
  ), balances AS (
    UPDATE user_wallets w SET balance = w.balance + m.delta, tx_count = w.tx_count + m.moves, updated_at = m.at
      FROM (SELECT e.wallet_id, sum(e.delta) AS delta, count(*) AS moves, max(p.created_at) AS at
              FROM p CROSS JOIN LATERAL (VALUES (p.from_wallet, -p.debit), (p.to_wallet, p.credit)) e(wallet_id, delta)
             WHERE e.wallet_id IS NOT NULL
             GROUP BY e.wallet_id) m
     WHERE w.id = m.wallet_id
  ), tx AS (
    INSERT INTO transactions (id, created_at, amount, fee, status, transaction_type, description, asset_id, sender_id, receiver_id)
    SELECT p.transaction_id, p.created_at, p.amount, p.fee, 'completed', p.transaction_type, p.description, p.asset_id, p.sender_id, p.receiver_id
      FROM p
  ), usage AS (
    INSERT INTO outgoing_usage AS o (user_id, day, usd)
    SELECT p.sender_id, (now() AT TIME ZONE 'UTC')::date, sum(p.counted_usd) FROM p WHERE p.counted_usd IS NOT NULL GROUP BY p.sender_id
        ON CONFLICT (user_id, day) DO UPDATE SET usd = o.usd + excluded.usd
  )
  INSERT INTO ledger_entries (transaction_id, asset_id, wallet_id, system_account_id, amount, created_at, reference_type, reference_id)
  SELECT p.transaction_id, p.asset_id, e.wallet_id, e.system_account_id, e.amount, p.created_at, p.reference_type, p.reference_id
    FROM p CROSS JOIN LATERAL (VALUES (p.from_wallet, p.from_system, -p.debit), (p.to_wallet, p.to_system, p.credit),
                                      (NULL::uuid, p.fee_system, p.fee)) AS e(wallet_id, system_account_id, amount)
   WHERE e.amount <> 0;
END $$;

-- ====================================================================================================
-- posting
-- ====================================================================================================
-- Post one movement of p_amount of an asset from a user or system account to a user or system
-- account, with the scheduled fee credited to the asset's fee account. Exactly one of p_from_user /
-- p_from_system and one of p_to_user / p_to_system is given. The receiver's wallet is created on
-- first receipt. A user's outflow (L8, ledger_counts_as_outflow) first takes the user's advisory lock
-- (L4), is refused over a limit and is counted in outgoing_usage; a send, which its caller checked
-- under that lock (money.sql M4), passes what it counts as p_counted_usd. One read (asset, fee, system
-- accounts, both wallet ids), an outflow's limits, one lock of both wallets in id order (L4), one
-- write (ledger_write, R1). Errors carry their own SQLSTATE so callers can map them without parsing text:
--   LD001 amount not above zero     LD002 amount finer than the asset's scale (DETAIL: symbol, scale)
--   LD003 unknown asset             LD004 bad parties (both/neither, or sender = receiver)
--   LD005 missing system account    LD006 fee not below the amount (fee taken from the amount)
--   LD010 insufficient funds (DETAIL: ledger_funds_details)
--   LD011 a reference needs both its type and its id
--   LD040 over a daily, weekly or monthly limit (DETAIL: ledger_limit_details)
CREATE OR REPLACE FUNCTION ledger_post_transfer(
  p_type          transaction_type,
  p_asset_symbol  text,
  p_from_user     uuid,
  p_from_system   system_account_code,
  p_to_user       uuid,
  p_to_system     system_account_code,
  p_amount        numeric,
  p_description   text,
  p_reference_type text DEFAULT NULL, -- the escrow hold (or other reference) the movement belongs to,
  p_reference_id  uuid DEFAULT NULL,  -- written on every entry of the transaction
  p_fee           numeric DEFAULT NULL, -- a fee fixed earlier (a withdrawal's, quoted and held with it), on top, instead of the schedule's
  p_counted_usd   numeric DEFAULT NULL, -- a send's US dollars, limits checked by its caller (money.sql M4), counted with the posting
  OUT transaction_id uuid, OUT created_at timestamptz, OUT amount numeric, OUT fee numeric, OUT sender_balance numeric
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v       record;
  v_debit numeric;
  v_credit numeric;
  v_from_bal numeric;
  v_locked integer;
  v_tx    uuid := gen_random_uuid();
  v_now   timestamptz := clock_timestamp();
  v_day   date := (now() AT TIME ZONE 'UTC')::date;
  v_outflow boolean := p_from_user IS NOT NULL AND ledger_counts_as_outflow(p_type);
  v_lim   record;
  v_usd   numeric;
  v_limit integer;
BEGIN
  IF v_outflow THEN
    PERFORM money_lock_user(p_from_user); -- L4, L8: the limits are read and counted under it
  END IF;
  -- Everything the posting needs, in one read. Wallets are never deleted, so ids read here stay valid.
  SELECT a.id AS asset_id, a.symbol, a.scale, coalesce(p_fee, q.fee) AS fee, CASE WHEN p_fee IS NULL THEN q.bearer ELSE 'sender' END AS bearer,
         (SELECT s.id FROM system_accounts s WHERE s.asset_id = a.id AND s.code = p_from_system) AS from_sys,
         (SELECT s.id FROM system_accounts s WHERE s.asset_id = a.id AND s.code = p_to_system) AS to_sys,
         (SELECT s.id FROM system_accounts s WHERE s.asset_id = a.id AND s.code = 'fees') AS fee_sys,
         (SELECT w.id FROM user_wallets w WHERE w.user_id = p_from_user AND w.asset_id = a.id) AS from_wallet,
         (SELECT w.id FROM user_wallets w WHERE w.user_id = p_to_user AND w.asset_id = a.id) AS to_wallet
    INTO v
    FROM assets a CROSS JOIN LATERAL ledger_quote_fee(p_type, a.id, p_amount) q
   WHERE a.symbol = p_asset_symbol;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'unknown asset %', p_asset_symbol USING ERRCODE = 'LD003';
  END IF;
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'amount must be greater than zero' USING ERRCODE = 'LD001';
  END IF;
  IF p_amount <> round(p_amount, v.scale) THEN -- L5
    RAISE EXCEPTION '% allows at most % decimal places', p_asset_symbol, v.scale USING ERRCODE = 'LD002',
      DETAIL = jsonb_build_object('symbol', v.symbol, 'scale', v.scale)::text;
  END IF;
  IF (p_reference_type IS NULL) <> (p_reference_id IS NULL) THEN
    RAISE EXCEPTION 'a reference needs both its type and its id' USING ERRCODE = 'LD011';
  END IF;
  IF (p_from_user IS NULL) = (p_from_system IS NULL) OR (p_to_user IS NULL) = (p_to_system IS NULL)
     OR p_from_user = p_to_user OR p_from_system = p_to_system THEN
    RAISE EXCEPTION 'a transfer needs one sender and one different receiver' USING ERRCODE = 'LD004';
  END IF;

  IF v.bearer = 'sender' THEN
    v_debit := p_amount + v.fee;  v_credit := p_amount;
  ELSE
    v_debit := p_amount;          v_credit := p_amount - v.fee;
    IF v_credit <= 0 THEN
      RAISE EXCEPTION 'the fee % is not below the amount', v.fee USING ERRCODE = 'LD006';
    END IF;
  END IF;
  IF (p_from_system IS NOT NULL AND v.from_sys IS NULL) OR (p_to_system IS NOT NULL AND v.to_sys IS NULL)
     OR (v.fee > 0 AND v.fee_sys IS NULL) THEN
    RAISE EXCEPTION 'system account missing for %', p_asset_symbol USING ERRCODE = 'LD005';
  END IF;

  IF p_to_user IS NOT NULL AND v.to_wallet IS NULL THEN -- first receipt: create it before any wallet lock
    INSERT INTO user_wallets (user_id, asset_id) VALUES (p_to_user, v.asset_id) ON CONFLICT (user_id, asset_id) DO NOTHING;
    SELECT w.id INTO v.to_wallet FROM user_wallets w WHERE w.user_id = p_to_user AND w.asset_id = v.asset_id;
  END IF;

  -- L4: lock both wallets in id order (the aggregate reads every row, so both are locked), and
  -- read the sender's balance under the lock.
  SELECT count(*), max(l.balance) FILTER (WHERE l.id = v.from_wallet) INTO v_locked, v_from_bal
    FROM (SELECT w.id, w.balance FROM user_wallets w WHERE w.id IN (v.from_wallet, v.to_wallet) ORDER BY w.id FOR UPDATE) l;
  IF p_from_user IS NOT NULL AND (v.from_wallet IS NULL OR v_from_bal < v_debit) THEN -- L3
    RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'LD010',
      DETAIL = ledger_funds_details(v.symbol, v.scale, v_from_bal, p_amount, v.fee, v_debit)::text;
  END IF;
  IF v_outflow THEN -- L8, a read of its own: a send (the hot path) is no outflow here
    SELECT p_amount * coalesce((SELECT pr.price_usd FROM asset_prices pr WHERE pr.asset_id = v.asset_id), 0) AS usd, f.limits, f.caps, f.used
      INTO v_lim FROM ledger_limit_facts(p_from_user, v_day) f;
    v_usd := v_lim.usd;
    v_limit := ledger_limit_exceeded(v_usd, v_lim.limits, v_lim.caps, v_lim.used);
    IF v_limit IS NOT NULL THEN
      RAISE EXCEPTION 'over the % limit', (ARRAY['daily', 'weekly', 'monthly'])[v_limit] USING ERRCODE = 'LD040',
        DETAIL = ledger_limit_details(v_limit, v_usd, v_lim.limits, v_lim.caps, v_lim.used)::text;
    END IF;
  END IF;

  PERFORM ledger_write(ARRAY[ROW(v_tx, v_now, p_type, v.asset_id, p_from_user, p_to_user, v.from_wallet, v.from_sys, v.to_wallet, v.to_sys,
                                  v.fee_sys, p_amount, v.fee, v_debit, v_credit, p_description, p_reference_type, p_reference_id,
                                  coalesce(p_counted_usd, v_usd))::ledger_posting]);

  transaction_id := v_tx;
  created_at := v_now;
  amount := round(p_amount, v.scale);
  fee := round(v.fee, v.scale);
  sender_balance := CASE WHEN v.from_wallet IS NULL THEN NULL ELSE round(v_from_bal - v_debit, v.scale) END;
END $$;

-- ====================================================================================================
-- escrow (L7)
-- ====================================================================================================
-- Money held for a reference (reference_type 'milestone', 'investment', 'invoice', 'withdrawal', ...;
-- reference_id the row's id) in the asset's escrow system account. Each function is ONE ledger
-- transaction posted by ledger_post_transfer, whose entries carry the reference, plus the update of
-- the reference's escrow_holds row, in the caller's database transaction, so a caller changes its own
-- rows (a milestone's status) in the same transaction. A hold is the payer's outflow (L8: limits,
-- outgoing_usage). Lock order (L4): a hold takes the payer's advisory lock, then the escrow_holds row,
-- then the wallets: a release and a refund of one reference run one after the other, and the second
-- sees what the first left (CHECK held >= 0 is the last guard).
--   LD030 the reference is already held in another asset or for another payer
--   LD031 nothing was ever held for the reference
--   LD032 more than is held (or nothing left to move)
--   LD033 the fee schedule puts the fee on top of the amount: escrow pays out what it holds, so a
--         release takes its fee from the amount (fee_schedule.bearer = 'receiver')

-- hold: p_amount from the payer's wallet into escrow for the reference (several holds add up).
CREATE OR REPLACE FUNCTION ledger_hold(
  p_reference_type text, p_reference_id uuid, p_payer uuid, p_asset_symbol text, p_amount numeric, p_description text,
  OUT transaction_id uuid, OUT held numeric, OUT payer_balance numeric)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_asset uuid;
  h       escrow_holds;
  r       record;
BEGIN
  PERFORM money_lock_user(p_payer); -- L4: the payer's lock before the hold's row (the posting counts the hold, L8)
  SELECT a.id INTO v_asset FROM assets a WHERE a.symbol = p_asset_symbol;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'unknown asset %', p_asset_symbol USING ERRCODE = 'LD003';
  END IF;
  INSERT INTO escrow_holds (reference_type, reference_id, asset_id, payer_id)
  VALUES (p_reference_type, p_reference_id, v_asset, p_payer)
  ON CONFLICT (reference_type, reference_id) DO NOTHING;
  SELECT * INTO h FROM escrow_holds e WHERE e.reference_type = p_reference_type AND e.reference_id = p_reference_id FOR UPDATE;
  IF h.asset_id <> v_asset OR h.payer_id <> p_payer THEN
    RAISE EXCEPTION '% % is held in another asset or for another payer', p_reference_type, p_reference_id USING ERRCODE = 'LD030';
  END IF;
  SELECT * INTO r FROM ledger_post_transfer('escrow_hold', p_asset_symbol, p_payer, NULL, NULL, 'escrow', p_amount, p_description,
                                            p_reference_type, p_reference_id);
  UPDATE escrow_holds e SET held = e.held + p_amount, held_total = e.held_total + p_amount, updated_at = now()
   WHERE e.reference_type = p_reference_type AND e.reference_id = p_reference_id
  RETURNING e.held INTO held;
  transaction_id := r.transaction_id;
  payer_balance := r.sender_balance;
END $$;

-- Money out of escrow for a reference: p_amount (NULL = all that is held) to the payer (p_refund) or to
-- p_to_user / p_to_system, as a p_type movement. The hold's row is locked first (L4); LD031 when nothing
-- was ever held, LD032 past the held amount. A release's fee comes from the amount (LD033 otherwise),
-- unless p_fee fixes it: then the fee is paid from the hold on top of p_amount (a withdrawal holds
-- amount + quoted fee and pays out exactly that, whatever the schedule says by then).
CREATE OR REPLACE FUNCTION ledger_pay_out_hold(
  p_reference_type text, p_reference_id uuid, p_refund boolean, p_to_user uuid, p_to_system system_account_code,
  p_amount numeric, p_type transaction_type, p_description text, p_fee numeric DEFAULT NULL,
  OUT transaction_id uuid, OUT amount numeric, OUT fee numeric, OUT held numeric)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  h        escrow_holds;
  v_amount numeric;
  v_out    numeric;
  v_symbol text;
  r        record;
BEGIN
  SELECT * INTO h FROM escrow_holds e WHERE e.reference_type = p_reference_type AND e.reference_id = p_reference_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'nothing is held for % %', p_reference_type, p_reference_id USING ERRCODE = 'LD031';
  END IF;
  v_amount := coalesce(p_amount, h.held - coalesce(p_fee, 0));
  v_out := v_amount + coalesce(p_fee, 0);
  IF v_out > h.held OR (p_amount IS NULL AND h.held = 0) OR p_fee < 0 THEN
    RAISE EXCEPTION 'cannot move % of %: % is held', v_out, p_reference_type, h.held USING ERRCODE = 'LD032';
  END IF;
  IF p_fee IS NULL AND EXISTS (SELECT 1 FROM ledger_quote_fee(p_type, h.asset_id, v_amount) q WHERE q.fee > 0 AND q.bearer = 'sender') THEN
    RAISE EXCEPTION 'escrow pays out what it holds; the fee schedule of % puts the fee on top', p_type USING ERRCODE = 'LD033';
  END IF;
  SELECT a.symbol INTO v_symbol FROM assets a WHERE a.id = h.asset_id;
  SELECT * INTO r FROM ledger_post_transfer(p_type, v_symbol, NULL, 'escrow',
                                            CASE WHEN p_refund THEN h.payer_id ELSE p_to_user END, CASE WHEN p_refund THEN NULL ELSE p_to_system END,
                                            v_amount, p_description, p_reference_type, p_reference_id, p_fee);
  UPDATE escrow_holds e
     SET held = e.held - v_out, updated_at = now(),
         released_total = e.released_total + CASE WHEN p_refund THEN 0 ELSE v_out END,
         refunded_total = e.refunded_total + CASE WHEN p_refund THEN v_out ELSE 0 END
   WHERE e.reference_type = p_reference_type AND e.reference_id = p_reference_id
  RETURNING e.held INTO held;
  transaction_id := r.transaction_id;
  amount := r.amount;
  fee := r.fee;
END $$;

-- release: held money to p_to_user (or to the system account p_to_system: a withdrawal the bank has
-- paid out goes to 'withdrawals'), minus the fee the schedule gives for p_type (milestone_payment: 1%),
-- or plus p_fee when the fee was fixed at hold time.
CREATE OR REPLACE FUNCTION ledger_release(
  p_reference_type text, p_reference_id uuid, p_to_user uuid, p_amount numeric, p_type transaction_type, p_description text,
  p_to_system system_account_code DEFAULT NULL, p_fee numeric DEFAULT NULL,
  OUT transaction_id uuid, OUT amount numeric, OUT fee numeric, OUT held numeric)
LANGUAGE sql AS $$
  SELECT * FROM ledger_pay_out_hold(p_reference_type, p_reference_id, false, p_to_user, p_to_system, p_amount, p_type, p_description, p_fee)
$$;

-- refund: held money back to the payer, without a fee (no fee schedule row for escrow_refund).
CREATE OR REPLACE FUNCTION ledger_refund(
  p_reference_type text, p_reference_id uuid, p_amount numeric, p_description text,
  OUT transaction_id uuid, OUT amount numeric, OUT held numeric)
LANGUAGE sql AS $$
  SELECT o.transaction_id, o.amount, o.held
    FROM ledger_pay_out_hold(p_reference_type, p_reference_id, true, NULL, NULL, p_amount, 'escrow_refund', p_description) o
$$;
