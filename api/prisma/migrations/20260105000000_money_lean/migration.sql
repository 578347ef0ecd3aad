-- Money core, leaner: same behaviour, answers and invariants as 20260103000200_money_fast, in fewer
-- SQL statements. Inside PL/pgSQL every statement pays executor start-up and shut-down (~10-20 µs
-- on this machine), and the send path ran about 25 of them; it now runs 8 (bench/suites/api-transfers.mjs).
-- * ledger_post_transfer: one read (asset, fee, system accounts, both wallet ids), one lock of both
--   wallets in id order, one write (wallets + transaction + entries as data-modifying CTEs). The
--   receiver's wallet is created before any wallet lock is taken, as before (no lock-order change).
-- * wallet_send: the idempotency lookup rides on the profile read, everything a decision needs
--   (asset, price, recipient, fee, balance, limits used) is one read, the usage is one upsert.
-- * The sender lock is pg_advisory_xact_lock called as a plain expression (no SQL-function call).
--
-- Invariants (unchanged, see 20260101000100_ledger):
--   L1 the entries of a transaction sum to zero; L3 no wallet balance below zero (CHECK constraint);
--   L4 wallets are locked in id order; L6 entries are append-only. One sender's sends are serialised
--   by the advisory lock (class 7401), so an Idempotency-Key is looked up and stored under it.

-- ---------------------------------------------------------------- references on the money path
-- A foreign-key check is a query of its own per referencing row (13 per transfer: transaction 3,
-- entries 9, idempotency key 1), and the asset and fee-account rows it share-locks are the same for
-- every transfer. Dropping these checks cut PostgreSQL CPU per transfer by ~0.1 ms (~17%; pgbench on
-- wallet_send, 16 clients, interleaved runs: 3,050 -> 3,790 calls/s). References stay exact by
-- construction instead:
--   R1 ledger_post_transfer() is the only writer of transactions and ledger_entries, and it takes
--      every id it writes from the row it has just read in the same database transaction;
--   R2 the referenced rows are never deleted and their ids never change: users and profiles are
--      closed by anonymising (account_delete), wallets, assets, system accounts and transactions are
--      permanent. The guards below refuse DELETE, TRUNCATE and id updates on those tables;
--   R3 the books check (platform/ledger/check-books.ts) counts dangling references, and the tests
--      that race transfers assert there are none.
ALTER TABLE ledger_entries
  DROP CONSTRAINT ledger_entries_transaction_id_fkey, DROP CONSTRAINT ledger_entries_asset_id_fkey,
  DROP CONSTRAINT ledger_entries_wallet_id_fkey, DROP CONSTRAINT ledger_entries_system_account_id_fkey;
ALTER TABLE transactions
  DROP CONSTRAINT transactions_asset_id_fkey, DROP CONSTRAINT transactions_sender_id_fkey,
  DROP CONSTRAINT transactions_receiver_id_fkey;
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_user_id_fkey;

CREATE FUNCTION money_rows_are_permanent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are referenced by the ledger and are never deleted or re-keyed (R2)', TG_TABLE_NAME
    USING ERRCODE = 'LD020';
END $$;
CREATE TRIGGER users_permanent BEFORE DELETE OR TRUNCATE OR UPDATE OF id ON users
  FOR EACH STATEMENT EXECUTE FUNCTION money_rows_are_permanent();
CREATE TRIGGER profiles_permanent BEFORE DELETE OR TRUNCATE OR UPDATE OF id ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION money_rows_are_permanent();
CREATE TRIGGER assets_permanent BEFORE DELETE OR TRUNCATE OR UPDATE OF id ON assets
  FOR EACH STATEMENT EXECUTE FUNCTION money_rows_are_permanent();
CREATE TRIGGER system_accounts_permanent BEFORE DELETE OR TRUNCATE OR UPDATE OF id ON system_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION money_rows_are_permanent();
CREATE TRIGGER user_wallets_permanent BEFORE DELETE OR TRUNCATE OR UPDATE OF id ON user_wallets
  FOR EACH STATEMENT EXECUTE FUNCTION money_rows_are_permanent();
CREATE TRIGGER transactions_permanent BEFORE DELETE OR TRUNCATE OR UPDATE OF id ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION money_rows_are_permanent();

-- ---------------------------------------------------------------- ledger
DROP FUNCTION ledger_post_transfer(transaction_type, text, uuid, system_account_code, uuid, system_account_code, numeric, text);

CREATE FUNCTION ledger_post_transfer(
  p_type          transaction_type,
  p_asset_symbol  text,
  p_from_user     uuid,
  p_from_system   system_account_code,
  p_to_user       uuid,
  p_to_system     system_account_code,
  p_amount        numeric,
  p_description   text,
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
BEGIN
  -- Everything the posting needs, in one read. Wallets are never deleted, so ids read here stay valid.
  SELECT a.id AS asset_id, a.scale, q.fee, q.bearer,
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
    RAISE EXCEPTION '% allows at most % decimal places', p_asset_symbol, v.scale USING ERRCODE = 'LD002';
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
      DETAIL = format('balance %s, needed %s', coalesce(v_from_bal, 0), v_debit);
  END IF;

  -- One statement: both balances, the transaction row, and entries that sum to zero (L1:
  -- -debit + credit + fee = 0 in both fee arrangements).
  WITH balances AS (
    UPDATE user_wallets w
       SET balance = w.balance + CASE WHEN w.id = v.from_wallet THEN -v_debit ELSE v_credit END,
           tx_count = w.tx_count + 1,
           updated_at = v_now
     WHERE w.id IN (v.from_wallet, v.to_wallet)
  ), tx AS (
    INSERT INTO transactions (id, created_at, amount, fee, status, transaction_type, description, asset_id, sender_id, receiver_id)
    VALUES (v_tx, v_now, p_amount, v.fee, 'completed', p_type, p_description, v.asset_id, p_from_user, p_to_user)
  )
  INSERT INTO ledger_entries (transaction_id, asset_id, wallet_id, system_account_id, amount, created_at)
  SELECT v_tx, v.asset_id, e.wallet_id, e.system_account_id, e.amount, v_now
    FROM (VALUES (v.from_wallet, v.from_sys, -v_debit),
                 (v.to_wallet,   v.to_sys,    v_credit),
                 (NULL::uuid,    v.fee_sys,   v.fee)) AS e(wallet_id, system_account_id, amount)
   WHERE e.amount <> 0;

  transaction_id := v_tx;
  created_at := v_now;
  amount := round(p_amount, v.scale);
  fee := round(v.fee, v.scale);
  sender_balance := CASE WHEN v.from_wallet IS NULL THEN NULL ELSE round(v_from_bal - v_debit, v.scale) END;
END $$;

-- ---------------------------------------------------------------- send
-- One user sends money to another (or pays a payment request): (status, body) of the HTTP answer,
-- stored under the Idempotency-Key whatever it is, so a retry gets the same answer.
DROP FUNCTION wallet_send(uuid, text, uuid, text, text, text, bytea, text, text, uuid);
DROP FUNCTION wallet_send_work(uuid, text, uuid, text, text, text, bytea, uuid);

CREATE FUNCTION wallet_send(
  p_sender uuid, p_recipient_email text, p_recipient_id uuid, p_asset_symbol text, p_amount text,
  p_description text, p_pin_proof bytea, p_idem_key text, p_idem_hash text, p_request_id uuid DEFAULT NULL,
  OUT status integer, OUT body jsonb, OUT replayed boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_prof   record;
  v_req    record;
  v        record;
  r        record;
  v_amount numeric;
  v_debit  numeric;
  v_usd    numeric;
  v_day    date := (now() AT TIME ZONE 'UTC')::date;
  v_period text;
  v_limit  numeric;
  v_used   numeric;
  v_desc   text := p_description;
  v_symbol text := p_asset_symbol;
  v_amount_t text := p_amount;
BEGIN
  replayed := false;
  PERFORM pg_advisory_xact_lock(7401, hashtext(p_sender::text)); -- = money_lock_user(p_sender)
  SELECT p.id IS NOT NULL AS has_profile, p.full_name, p.transaction_pin_hash, p.pin_failed_attempts, p.pin_locked_until,
         p.daily_transaction_limit, p.weekly_transaction_limit, p.monthly_transaction_limit,
         k.user_id IS NOT NULL AS key_used, k.request_hash, k.response_status, k.response_body
    INTO v_prof
    FROM (SELECT p_sender AS id) s
    LEFT JOIN profiles p ON p.id = s.id
    LEFT JOIN idempotency_keys k ON k.user_id = s.id AND k.key = p_idem_key;
  IF v_prof.key_used THEN
    IF v_prof.request_hash IS DISTINCT FROM p_idem_hash THEN
      status := 422; body := money_error('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was already used with a different request.');
    ELSIF v_prof.response_status IS NULL THEN
      status := 409; body := money_error('CONFLICT', 'A request with this Idempotency-Key is still being processed.', jsonb_build_object('retry_after', 1));
    ELSE
      status := v_prof.response_status; body := v_prof.response_body; replayed := true;
    END IF;
    RETURN;
  END IF;

  <<work>>
  BEGIN
    IF NOT v_prof.has_profile THEN
      status := 404; body := money_error('NOT_FOUND', 'Profile not found.'); EXIT work;
    END IF;

    IF p_request_id IS NOT NULL THEN
      SELECT q.id, q.requester_id, q.status, q.amount, q.description, a.symbol
        INTO v_req FROM payment_requests q JOIN assets a ON a.id = q.asset_id
       WHERE q.id = p_request_id AND q.payer_id = p_sender FOR UPDATE OF q;
      IF NOT FOUND THEN
        status := 404; body := money_error('NOT_FOUND', 'Payment request not found.'); EXIT work;
      END IF;
      IF v_req.status <> 'pending' THEN
        status := 409; body := money_error('CONFLICT', format('This payment request is already %s.', v_req.status), jsonb_build_object('status', v_req.status)); EXIT work;
      END IF;
      v_symbol := v_req.symbol; v_amount_t := v_req.amount::text; v_desc := v_req.description;
      p_recipient_id := v_req.requester_id; p_recipient_email := NULL;
    END IF;
    v_amount := v_amount_t::numeric;

    -- Everything the decision needs, in one read (no side effects; the checks below keep their order).
    SELECT a.id AS asset_id, a.symbol, a.name, a.scale, pr.price_usd,
           rc.id AS recipient_id, rc.full_name AS recipient_name, q.fee, q.bearer,
           (SELECT w.balance FROM user_wallets w WHERE w.user_id = p_sender AND w.asset_id = a.id) AS balance,
           u.day_usd, u.week_usd, u.month_usd, c.day_cap, c.week_cap, c.month_cap
      INTO v
      FROM assets a
      LEFT JOIN asset_prices pr ON pr.asset_id = a.id
      LEFT JOIN LATERAL (
        SELECT p.id, p.full_name FROM profiles p JOIN users us ON us.id = p.id
         WHERE p_recipient_id IS NOT NULL AND p.id = p_recipient_id AND us.disabled_at IS NULL
        UNION ALL
        SELECT p.id, p.full_name FROM users us JOIN profiles p ON p.id = us.id
         WHERE p_recipient_id IS NULL AND us.email = lower(btrim(p_recipient_email)) AND us.disabled_at IS NULL
        LIMIT 1) rc ON true
      CROSS JOIN LATERAL ledger_quote_fee('p2p_transfer', a.id, v_amount) q
      -- US-dollar value sent: today, the last 7 days, the last 30 days (at most 30 rows)
      CROSS JOIN (SELECT coalesce(sum(o.usd) FILTER (WHERE o.day = v_day), 0) AS day_usd,
                         coalesce(sum(o.usd) FILTER (WHERE o.day > v_day - 7), 0) AS week_usd,
                         coalesce(sum(o.usd), 0) AS month_usd
                    FROM outgoing_usage o WHERE o.user_id = p_sender AND o.day > v_day - 30) u
      CROSS JOIN (SELECT max(l.max_usd) FILTER (WHERE l.period = 'daily') AS day_cap,
                         max(l.max_usd) FILTER (WHERE l.period = 'weekly') AS week_cap,
                         max(l.max_usd) FILTER (WHERE l.period = 'monthly') AS month_cap
                    FROM transaction_limit_caps l) c
     WHERE a.symbol = v_symbol;
    IF NOT FOUND THEN
      status := 400; body := money_error('VALIDATION', 'Unknown asset.', jsonb_build_object('fields', jsonb_build_object('assetSymbol', 'Unknown asset.'))); EXIT work;
    END IF;
    IF v_amount <= 0 THEN
      status := 400; body := money_error('VALIDATION', 'Amount must be greater than zero.', jsonb_build_object('fields', jsonb_build_object('amount', 'Amount must be greater than zero.'))); EXIT work;
    END IF;
    IF v_amount <> round(v_amount, v.scale) THEN
      status := 400;
      body := money_error('VALIDATION', format('%s amounts allow at most %s decimal places.', v.symbol, v.scale),
        jsonb_build_object('fields', jsonb_build_object('amount', format('%s amounts allow at most %s decimal places.', v.symbol, v.scale))));
      EXIT work;
    END IF;
    IF v.recipient_id IS NULL THEN
      status := 404;
      body := money_error('NOT_FOUND', 'Recipient not found.',
        jsonb_build_object('fields', jsonb_build_object(CASE WHEN p_recipient_id IS NOT NULL THEN 'recipientId' ELSE 'recipientEmail' END, 'No user with this e-mail address.')));
      EXIT work;
    END IF;
    IF v.recipient_id = p_sender THEN
      status := 400; body := money_error('VALIDATION', 'You cannot send money to yourself.', jsonb_build_object('fields', jsonb_build_object('recipientEmail', 'You cannot send money to yourself.'))); EXIT work;
    END IF;

    IF v_prof.transaction_pin_hash IS NULL OR v_prof.pin_failed_attempts > 0 OR v_prof.pin_locked_until IS NOT NULL
       OR NOT pin_hash_matches(v_prof.transaction_pin_hash, p_pin_proof) THEN -- the common case (right PIN, clean counter) writes nothing
      SELECT a.status, a.body INTO status, body FROM pin_attempt_locked(p_sender, v_prof.transaction_pin_hash, v_prof.pin_failed_attempts, v_prof.pin_locked_until, p_pin_proof) a;
      IF status IS NOT NULL THEN EXIT work; END IF;
    END IF;

    -- Balance check under the sender lock (the ledger checks again under the wallet lock).
    v_debit := CASE WHEN v.bearer = 'sender' THEN v_amount + v.fee ELSE v_amount END;
    IF coalesce(v.balance, 0) < v_debit THEN
      status := 409;
      body := money_error('INSUFFICIENT_FUNDS', format('You do not have enough %s.', v.symbol),
        jsonb_build_object('title', 'Insufficient Balance', 'balance', round(coalesce(v.balance, 0), v.scale)::text,
                           'amount', round(v_amount, v.scale)::text, 'fee', round(v.fee, v.scale)::text,
                           'needed', round(v_debit, v.scale)::text));
      EXIT work;
    END IF;

    -- Limits in US dollars: the profile's own limit, else the platform cap; the first period exceeded answers.
    v_usd := v_amount * coalesce(v.price_usd, 0);
    v_period := CASE
      WHEN least(v_prof.daily_transaction_limit, v.day_cap) < v.day_usd + v_usd THEN 'daily'
      WHEN least(v_prof.weekly_transaction_limit, v.week_cap) < v.week_usd + v_usd THEN 'weekly'
      WHEN least(v_prof.monthly_transaction_limit, v.month_cap) < v.month_usd + v_usd THEN 'monthly' END;
    IF v_period IS NOT NULL THEN
      v_limit := CASE v_period WHEN 'daily' THEN least(v_prof.daily_transaction_limit, v.day_cap)
                               WHEN 'weekly' THEN least(v_prof.weekly_transaction_limit, v.week_cap)
                               ELSE least(v_prof.monthly_transaction_limit, v.month_cap) END;
      v_used := CASE v_period WHEN 'daily' THEN v.day_usd WHEN 'weekly' THEN v.week_usd ELSE v.month_usd END;
      status := 409;
      body := money_error('LIMIT_EXCEEDED',
        format('This transfer would exceed your %s transaction limit of $%s. You can still send $%s %s.',
               v_period, money_usd(v_limit), money_usd(greatest(v_limit - v_used, 0)),
               CASE v_period WHEN 'daily' THEN 'today' WHEN 'weekly' THEN 'in the last 7 days' ELSE 'in the last 30 days' END),
        jsonb_build_object('title', 'Limit Exceeded', 'period', v_period, 'limit_usd', money_usd(v_limit), 'used_usd', money_usd(v_used),
                           'remaining_usd', money_usd(greatest(v_limit - v_used, 0)), 'amount_usd', money_usd(v_usd)));
      EXIT work;
    END IF;

    SELECT * INTO r FROM ledger_post_transfer('p2p_transfer', v.symbol, p_sender, NULL, v.recipient_id, NULL, v_amount, v_desc);
    INSERT INTO outgoing_usage AS o (user_id, day, usd) VALUES (p_sender, v_day, v_usd)
      ON CONFLICT (user_id, day) DO UPDATE SET usd = o.usd + excluded.usd;
    IF p_request_id IS NOT NULL THEN
      UPDATE payment_requests SET status = 'paid', transaction_id = r.transaction_id, updated_at = now() WHERE id = p_request_id;
    END IF;

    status := 201;
    body := jsonb_build_object(
      'transaction', jsonb_build_object(
        'id', r.transaction_id, 'created_at', money_iso(r.created_at), 'amount', r.amount::text, 'fee', r.fee::text,
        'status', 'completed', 'transaction_type', 'p2p_transfer', 'description', v_desc,
        'asset', jsonb_build_object('symbol', v.symbol, 'name', v.name, 'scale', v.scale),
        'sender', jsonb_build_object('id', p_sender, 'full_name', v_prof.full_name),
        'receiver', jsonb_build_object('id', v.recipient_id, 'full_name', v.recipient_name)),
      'fee', r.fee::text,
      'total', round(v_debit, v.scale)::text,
      'sender_balance', r.sender_balance::text,
      'payment_request_id', p_request_id);
  END work;

  IF p_idem_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body)
    VALUES (p_sender, p_idem_key, p_idem_hash, status, body);
  END IF;
END $$;

-- ---------------------------------------------------------------- ledger entry indexes
-- Every transfer wrote 12 index entries here; two of them were NULL keys and one the fee account,
-- all landing on the same hot index pages. A wallet's entries stay indexed (partial: wallet rows
-- only); the system accounts' sums (system_account_balances, the books check) read whole ranges of
-- the table anyway, so they lose nothing without an index.
DROP INDEX ledger_entries_system_account_id_idx;
DROP INDEX ledger_entries_wallet_id_idx;
CREATE INDEX ledger_entries_wallet_id_idx ON ledger_entries (wallet_id) WHERE wallet_id IS NOT NULL;
