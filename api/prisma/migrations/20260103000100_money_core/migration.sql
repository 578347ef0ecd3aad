-- Money core (issue 4): PIN-checked, limit-checked, idempotent transfers in ONE round trip; history
-- counters; outgoing usage per day for the daily/weekly/monthly limits; payment requests paid
-- through the same path.
--
-- Round trips per transfer: one. wallet_send() claims the Idempotency-Key, locks the sender's
-- profile (NO KEY UPDATE: serialises the sender's own outgoing money, so the PIN counter, the limit
-- decision and the balance pre-check are race free, and does not conflict with the KEY SHARE locks
-- that foreign keys to profiles take), checks the PIN, the balance and the limits, posts through
-- ledger_post_transfer(), records the usage, and stores the response under the key, all in one
-- database transaction. Business failures (wrong PIN, limits, balance, unknown recipient...) are
-- RETURNED, not raised, so the wrong-PIN counter and the idempotent error response are committed.
--
-- Lock order (no deadlocks): sender profile -> payment request -> wallets in id order (ledger L4).

-- ---------------------------------------------------------------- history counters
-- Number of transactions that touched the wallet. Every transaction touches each of its user
-- parties' wallets exactly once (sender <> receiver), so sum(tx_count) over a user's wallets is the
-- exact count of the user's transactions: history pages get their exact total without counting
-- rows. Maintained by ledger_post_transfer in the UPDATE it already does.
ALTER TABLE user_wallets ADD COLUMN tx_count bigint NOT NULL DEFAULT 0 CHECK (tx_count >= 0);
UPDATE user_wallets w SET tx_count = c.n
  FROM (SELECT wallet_id, count(DISTINCT transaction_id) AS n FROM ledger_entries WHERE wallet_id IS NOT NULL GROUP BY wallet_id) c
 WHERE c.wallet_id = w.id;

-- History reads the two index ranges (as sender, as receiver) newest first with a stable order.
CREATE INDEX transactions_sender_history_idx ON transactions (sender_id, created_at DESC, id DESC);
CREATE INDEX transactions_receiver_history_idx ON transactions (receiver_id, created_at DESC, id DESC);
DROP INDEX transactions_sender_id_created_at_idx;
DROP INDEX transactions_receiver_id_created_at_idx;

-- ---------------------------------------------------------------- outgoing usage (limits)
-- US-dollar value of the money a user sent per UTC day (amount x reference price at the time;
-- the fee is not counted). Daily = today, weekly = today and the 6 days before, monthly = today and
-- the 29 days before. At most 30 rows are read per decision however many transfers the user made.
CREATE TABLE outgoing_usage (
  user_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  day     date NOT NULL,
  usd     numeric(38,18) NOT NULL DEFAULT 0 CHECK (usd >= 0),
  PRIMARY KEY (user_id, day)
);

-- ---------------------------------------------------------------- payment requests
ALTER TABLE payment_requests ADD COLUMN transaction_id uuid UNIQUE REFERENCES transactions(id) ON DELETE RESTRICT;
ALTER TABLE payment_requests ADD COLUMN updated_at timestamptz(6) NOT NULL DEFAULT now();
ALTER TABLE payment_requests ADD CONSTRAINT payment_requests_paid_check CHECK ((status = 'paid') = (transaction_id IS NOT NULL));
CREATE INDEX payment_requests_payer_idx ON payment_requests (payer_id, created_at DESC);
CREATE INDEX payment_requests_requester_idx ON payment_requests (requester_id, created_at DESC);

-- ---------------------------------------------------------------- idempotency
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);

-- ---------------------------------------------------------------- ledger: same function, + tx_count
CREATE OR REPLACE FUNCTION ledger_post_transfer(
  p_type          transaction_type,
  p_asset_symbol  text,
  p_from_user     uuid,
  p_from_system   system_account_code,
  p_to_user       uuid,
  p_to_system     system_account_code,
  p_amount        numeric,
  p_description   text
) RETURNS TABLE (transaction_id uuid, created_at timestamptz, amount numeric, fee numeric, sender_balance numeric)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_asset_id    uuid;
  v_scale       integer;
  v_fee         numeric := 0;
  v_bearer      fee_bearer := 'sender';
  v_debit       numeric;
  v_credit      numeric;
  v_from_wallet uuid;
  v_to_wallet   uuid;
  v_from_sys    uuid;
  v_to_sys      uuid;
  v_fee_sys     uuid;
  v_from_bal    numeric;
  v_tx          uuid := gen_random_uuid();
  v_now         timestamptz := clock_timestamp();
  r             record;
BEGIN
  SELECT a.id, a.scale INTO v_asset_id, v_scale FROM assets a WHERE a.symbol = p_asset_symbol;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'unknown asset %', p_asset_symbol USING ERRCODE = 'LD003';
  END IF;
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'amount must be greater than zero' USING ERRCODE = 'LD001';
  END IF;
  IF p_amount <> round(p_amount, v_scale) THEN -- L5
    RAISE EXCEPTION '% allows at most % decimal places', p_asset_symbol, v_scale USING ERRCODE = 'LD002';
  END IF;
  IF (p_from_user IS NULL) = (p_from_system IS NULL) OR (p_to_user IS NULL) = (p_to_system IS NULL)
     OR p_from_user = p_to_user OR p_from_system = p_to_system THEN
    RAISE EXCEPTION 'a transfer needs one sender and one different receiver' USING ERRCODE = 'LD004';
  END IF;

  SELECT q.fee, q.bearer INTO v_fee, v_bearer FROM ledger_quote_fee(p_type, v_asset_id, p_amount) q;
  IF v_bearer = 'sender' THEN
    v_debit := p_amount + v_fee;  v_credit := p_amount;
  ELSE
    v_debit := p_amount;          v_credit := p_amount - v_fee;
    IF v_credit <= 0 THEN
      RAISE EXCEPTION 'the fee % is not below the amount', v_fee USING ERRCODE = 'LD006';
    END IF;
  END IF;

  FOR r IN SELECT s.id, s.code FROM system_accounts s WHERE s.asset_id = v_asset_id LOOP
    IF r.code = p_from_system THEN v_from_sys := r.id; END IF;
    IF r.code = p_to_system THEN v_to_sys := r.id; END IF;
    IF r.code = 'fees' THEN v_fee_sys := r.id; END IF;
  END LOOP;
  IF (p_from_system IS NOT NULL AND v_from_sys IS NULL) OR (p_to_system IS NOT NULL AND v_to_sys IS NULL)
     OR (v_fee > 0 AND v_fee_sys IS NULL) THEN
    RAISE EXCEPTION 'system account missing for %', p_asset_symbol USING ERRCODE = 'LD005';
  END IF;

  IF p_to_user IS NOT NULL THEN -- the receiver's wallet appears on first receipt
    INSERT INTO user_wallets (user_id, asset_id) VALUES (p_to_user, v_asset_id)
      ON CONFLICT (user_id, asset_id) DO NOTHING;
  END IF;

  -- L4: lock both wallets in id order, and read the sender's balance under the lock.
  FOR r IN SELECT w.id, w.user_id, w.balance FROM user_wallets w
            WHERE w.asset_id = v_asset_id AND w.user_id IN (p_from_user, p_to_user)
            ORDER BY w.id FOR UPDATE LOOP
    IF r.user_id = p_from_user THEN v_from_wallet := r.id; v_from_bal := r.balance; END IF;
    IF r.user_id = p_to_user THEN v_to_wallet := r.id; END IF;
  END LOOP;
  IF p_from_user IS NOT NULL AND (v_from_wallet IS NULL OR v_from_bal < v_debit) THEN -- L3
    RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'LD010',
      DETAIL = format('balance %s, needed %s', coalesce(v_from_bal, 0), v_debit);
  END IF;

  UPDATE user_wallets w
     SET balance = w.balance + CASE WHEN w.id = v_from_wallet THEN -v_debit ELSE v_credit END,
         tx_count = w.tx_count + 1,
         updated_at = v_now
   WHERE w.id IN (v_from_wallet, v_to_wallet);

  INSERT INTO transactions (id, created_at, amount, fee, status, transaction_type, description, asset_id, sender_id, receiver_id)
  VALUES (v_tx, v_now, p_amount, v_fee, 'completed', p_type, p_description, v_asset_id, p_from_user, p_to_user);

  -- L1: -debit + credit + fee = 0 in both fee arrangements.
  INSERT INTO ledger_entries (transaction_id, asset_id, wallet_id, system_account_id, amount, created_at)
  SELECT v_tx, v_asset_id, e.wallet_id, e.system_account_id, e.amount, v_now
    FROM (VALUES (v_from_wallet, v_from_sys, -v_debit),
                 (v_to_wallet,   v_to_sys,    v_credit),
                 (NULL::uuid,    v_fee_sys,   v_fee)) AS e(wallet_id, system_account_id, amount)
   WHERE e.amount <> 0;

  RETURN QUERY SELECT v_tx, v_now, round(p_amount, v_scale), round(v_fee, v_scale),
    CASE WHEN v_from_wallet IS NULL THEN NULL ELSE round(v_from_bal - v_debit, v_scale) END;
END $$;

-- ---------------------------------------------------------------- PIN
-- Stored PIN: 'v1$<salt hex>$<sha256(salt || proof) hex>', where proof = HMAC-SHA256(server secret,
-- user id || ':' || pin) is computed by the API (the secret never reaches the database). A copy of
-- the database alone does not allow trying the 10,000 PINs; the lockout protects against guessing.
CREATE FUNCTION pin_hash_matches(p_stored text, p_proof bytea) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_stored IS NOT NULL AND p_proof IS NOT NULL AND split_part(p_stored, '$', 1) = 'v1'
     AND sha256(decode(split_part(p_stored, '$', 2), 'hex') || p_proof) = decode(split_part(p_stored, '$', 3), 'hex')
$$;

CREATE FUNCTION money_error(p_code text, p_message text, p_details jsonb DEFAULT NULL) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_details IS NULL THEN jsonb_build_object('error', p_message, 'code', p_code)
              ELSE jsonb_build_object('error', p_message, 'code', p_code, 'details', p_details) END
$$;

-- One PIN attempt for a user whose profile row the caller has locked (FOR NO KEY UPDATE).
-- 5 wrong attempts in a row lock every PIN action for 15 minutes; a correct PIN resets the count.
-- Returns NULL when the PIN is right, else (status, error body).
CREATE FUNCTION pin_attempt_locked(p_user uuid, p_stored text, p_failed integer, p_locked_until timestamptz, p_proof bytea,
                                   OUT status integer, OUT body jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_failed integer;
BEGIN
  IF p_stored IS NULL THEN
    status := 403; body := money_error('PIN_NOT_SET', 'Please set up a transaction PIN in your profile first.', jsonb_build_object('title', 'PIN Not Set'));
    RETURN;
  END IF;
  IF p_locked_until IS NOT NULL AND p_locked_until > now() THEN
    status := 423;
    body := money_error('PIN_LOCKED',
      format('Your PIN is locked after 5 incorrect attempts. Try again in %s minute(s).', ceil(extract(epoch FROM p_locked_until - now()) / 60)::int),
      jsonb_build_object('locked_until', to_char(p_locked_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                         'retry_after', ceil(extract(epoch FROM p_locked_until - now()))::int));
    RETURN;
  END IF;
  IF pin_hash_matches(p_stored, p_proof) THEN
    IF p_failed > 0 OR p_locked_until IS NOT NULL THEN
      UPDATE profiles SET pin_failed_attempts = 0, pin_locked_until = NULL WHERE id = p_user;
    END IF;
    RETURN; -- NULLs: correct
  END IF;
  v_failed := CASE WHEN p_locked_until IS NOT NULL THEN 0 ELSE p_failed END + 1; -- an expired lock starts a new series
  IF v_failed >= 5 THEN
    UPDATE profiles SET pin_failed_attempts = 0, pin_locked_until = now() + interval '15 minutes' WHERE id = p_user;
    status := 423;
    body := money_error('PIN_LOCKED', 'The PIN you entered is incorrect. Your PIN is now locked for 15 minutes.',
      jsonb_build_object('locked_until', to_char((now() + interval '15 minutes') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                         'retry_after', 900, 'attempts_left', 0));
  ELSE
    UPDATE profiles SET pin_failed_attempts = v_failed, pin_locked_until = NULL WHERE id = p_user;
    status := 403;
    body := money_error('PIN_INCORRECT', 'The PIN you entered is incorrect.', jsonb_build_object('attempts_left', 5 - v_failed));
  END IF;
END $$;

-- verify_pin / change_pin: one call locks the profile and makes one attempt.
CREATE FUNCTION pin_attempt(p_user uuid, p_proof bytea, OUT status integer, OUT body jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v record;
BEGIN
  SELECT p.transaction_pin_hash, p.pin_failed_attempts, p.pin_locked_until INTO v FROM profiles p WHERE p.id = p_user FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    status := 404; body := money_error('NOT_FOUND', 'Profile not found.'); RETURN;
  END IF;
  SELECT a.status, a.body INTO status, body FROM pin_attempt_locked(p_user, v.transaction_pin_hash, v.pin_failed_attempts, v.pin_locked_until, p_proof) a;
END $$;

-- ---------------------------------------------------------------- send
CREATE FUNCTION money_usd(p numeric) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(trunc(p, 2), 'FM999,999,999,999,990.00')
$$;

CREATE FUNCTION money_iso(p timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(p AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- The work of one send (no idempotency): returns (status, body) of the HTTP answer.
CREATE FUNCTION wallet_send_core(
  p_sender uuid, p_recipient_email text, p_recipient_id uuid, p_asset_symbol text, p_amount text,
  p_description text, p_pin_proof bytea, p_request_id uuid, OUT status integer, OUT body jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_prof      record;
  v_req       record;
  v_asset     record;
  v_amount    numeric;
  v_recipient uuid;
  v_rname     text;
  v_sname     text;
  v_fee       numeric;
  v_bearer    fee_bearer;
  v_debit     numeric;
  v_balance   numeric;
  v_usd       numeric;
  v_day       date := (now() AT TIME ZONE 'UTC')::date;
  v_used      record;
  v_lim       record;
  v_period    text;
  v_limit     numeric;
  v_spent     numeric;
  v_desc      text := p_description;
  v_symbol    text := p_asset_symbol;
  v_amount_t  text := p_amount;
  r           record;
BEGIN
  SELECT p.full_name, p.transaction_pin_hash, p.pin_failed_attempts, p.pin_locked_until,
         p.daily_transaction_limit, p.weekly_transaction_limit, p.monthly_transaction_limit
    INTO v_prof FROM profiles p WHERE p.id = p_sender FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    status := 404; body := money_error('NOT_FOUND', 'Profile not found.'); RETURN;
  END IF;
  v_sname := v_prof.full_name;

  IF p_request_id IS NOT NULL THEN
    SELECT q.id, q.requester_id, q.status, q.amount, q.description, a.symbol
      INTO v_req FROM payment_requests q JOIN assets a ON a.id = q.asset_id
     WHERE q.id = p_request_id AND q.payer_id = p_sender FOR UPDATE OF q;
    IF NOT FOUND THEN
      status := 404; body := money_error('NOT_FOUND', 'Payment request not found.'); RETURN;
    END IF;
    IF v_req.status <> 'pending' THEN
      status := 409; body := money_error('CONFLICT', format('This payment request is already %s.', v_req.status), jsonb_build_object('status', v_req.status)); RETURN;
    END IF;
    v_symbol := v_req.symbol; v_amount_t := v_req.amount::text; v_desc := v_req.description;
    p_recipient_id := v_req.requester_id; p_recipient_email := NULL;
  END IF;

  SELECT a.id, a.symbol, a.name, a.scale, pr.price_usd INTO v_asset
    FROM assets a LEFT JOIN asset_prices pr ON pr.asset_id = a.id WHERE a.symbol = v_symbol;
  IF NOT FOUND THEN
    status := 400; body := money_error('VALIDATION', 'Unknown asset.', jsonb_build_object('fields', jsonb_build_object('assetSymbol', 'Unknown asset.'))); RETURN;
  END IF;
  v_amount := v_amount_t::numeric;
  IF v_amount <= 0 THEN
    status := 400; body := money_error('VALIDATION', 'Amount must be greater than zero.', jsonb_build_object('fields', jsonb_build_object('amount', 'Amount must be greater than zero.'))); RETURN;
  END IF;
  IF v_amount <> round(v_amount, v_asset.scale) THEN
    status := 400;
    body := money_error('VALIDATION', format('%s amounts allow at most %s decimal places.', v_asset.symbol, v_asset.scale),
      jsonb_build_object('fields', jsonb_build_object('amount', format('%s amounts allow at most %s decimal places.', v_asset.symbol, v_asset.scale))));
    RETURN;
  END IF;

  IF p_recipient_id IS NOT NULL THEN
    SELECT p.id, p.full_name INTO v_recipient, v_rname FROM profiles p JOIN users u ON u.id = p.id
     WHERE p.id = p_recipient_id AND u.disabled_at IS NULL;
  ELSE
    SELECT p.id, p.full_name INTO v_recipient, v_rname FROM users u JOIN profiles p ON p.id = u.id
     WHERE u.email = lower(btrim(p_recipient_email)) AND u.disabled_at IS NULL;
  END IF;
  IF v_recipient IS NULL THEN
    status := 404;
    body := money_error('NOT_FOUND', 'Recipient not found.',
      jsonb_build_object('fields', jsonb_build_object(CASE WHEN p_recipient_id IS NOT NULL THEN 'recipientId' ELSE 'recipientEmail' END, 'No user with this e-mail address.')));
    RETURN;
  END IF;
  IF v_recipient = p_sender THEN
    status := 400; body := money_error('VALIDATION', 'You cannot send money to yourself.', jsonb_build_object('fields', jsonb_build_object('recipientEmail', 'You cannot send money to yourself.'))); RETURN;
  END IF;

  SELECT a.status, a.body INTO status, body
    FROM pin_attempt_locked(p_sender, v_prof.transaction_pin_hash, v_prof.pin_failed_attempts, v_prof.pin_locked_until, p_pin_proof) a;
  IF status IS NOT NULL THEN RETURN; END IF;

  -- Balance pre-check under the sender's profile lock (the ledger checks again under the wallet lock).
  SELECT q.fee, q.bearer INTO v_fee, v_bearer FROM ledger_quote_fee('p2p_transfer', v_asset.id, v_amount) q;
  v_debit := CASE WHEN v_bearer = 'sender' THEN v_amount + v_fee ELSE v_amount END;
  SELECT w.balance INTO v_balance FROM user_wallets w WHERE w.user_id = p_sender AND w.asset_id = v_asset.id;
  IF coalesce(v_balance, 0) < v_debit THEN
    status := 409;
    body := money_error('INSUFFICIENT_FUNDS', format('You do not have enough %s.', v_asset.symbol),
      jsonb_build_object('title', 'Insufficient Balance', 'balance', round(coalesce(v_balance, 0), v_asset.scale)::text,
                         'amount', round(v_amount, v_asset.scale)::text, 'fee', round(v_fee, v_asset.scale)::text,
                         'needed', round(v_debit, v_asset.scale)::text));
    RETURN;
  END IF;

  -- Limits in US dollars: the profile's own limit, else the platform cap for the period.
  v_usd := v_amount * coalesce(v_asset.price_usd, 0);
  SELECT coalesce(sum(u.usd) FILTER (WHERE u.day = v_day), 0) AS d,
         coalesce(sum(u.usd) FILTER (WHERE u.day > v_day - 7), 0) AS w,
         coalesce(sum(u.usd), 0) AS m
    INTO v_used FROM outgoing_usage u WHERE u.user_id = p_sender AND u.day > v_day - 30;
  SELECT (SELECT c.max_usd FROM transaction_limit_caps c WHERE c.period = 'daily') AS d,
         (SELECT c.max_usd FROM transaction_limit_caps c WHERE c.period = 'weekly') AS w,
         (SELECT c.max_usd FROM transaction_limit_caps c WHERE c.period = 'monthly') AS m INTO v_lim;
  FOR r IN SELECT * FROM (VALUES
      ('daily',   least(v_prof.daily_transaction_limit, v_lim.d),   v_used.d, 1),
      ('weekly',  least(v_prof.weekly_transaction_limit, v_lim.w),  v_used.w, 2),
      ('monthly', least(v_prof.monthly_transaction_limit, v_lim.m), v_used.m, 3)) AS x(period, lim, used, ord)
    ORDER BY x.ord LOOP
    IF r.lim IS NOT NULL AND r.used + v_usd > r.lim THEN
      status := 409;
      body := money_error('LIMIT_EXCEEDED',
        format('This transfer would exceed your %s transaction limit of $%s. You can still send $%s %s.',
               r.period, money_usd(r.lim), money_usd(greatest(r.lim - r.used, 0)),
               CASE r.period WHEN 'daily' THEN 'today' WHEN 'weekly' THEN 'in the last 7 days' ELSE 'in the last 30 days' END),
        jsonb_build_object('title', 'Limit Exceeded', 'period', r.period, 'limit_usd', money_usd(r.lim), 'used_usd', money_usd(r.used),
                           'remaining_usd', money_usd(greatest(r.lim - r.used, 0)), 'amount_usd', money_usd(v_usd)));
      RETURN;
    END IF;
  END LOOP;

  SELECT * INTO r FROM ledger_post_transfer('p2p_transfer', v_asset.symbol, p_sender, NULL, v_recipient, NULL, v_amount, v_desc);
  INSERT INTO outgoing_usage AS u (user_id, day, usd) VALUES (p_sender, v_day, v_usd)
    ON CONFLICT (user_id, day) DO UPDATE SET usd = u.usd + excluded.usd;
  IF p_request_id IS NOT NULL THEN
    UPDATE payment_requests SET status = 'paid', transaction_id = r.transaction_id, updated_at = now() WHERE id = p_request_id;
  END IF;

  status := 201;
  body := jsonb_build_object(
    'transaction', jsonb_build_object(
      'id', r.transaction_id, 'created_at', money_iso(r.created_at), 'amount', r.amount::text, 'fee', r.fee::text,
      'status', 'completed', 'transaction_type', 'p2p_transfer', 'description', v_desc,
      'asset', jsonb_build_object('symbol', v_asset.symbol, 'name', v_asset.name, 'scale', v_asset.scale),
      'sender', jsonb_build_object('id', p_sender, 'full_name', v_sname),
      'receiver', jsonb_build_object('id', v_recipient, 'full_name', v_rname)),
    'fee', r.fee::text,
    'total', round(v_debit, v_asset.scale)::text,
    'sender_balance', r.sender_balance::text,
    'payment_request_id', p_request_id);
END $$;

-- Idempotent send: claims (user, key) with the request hash, runs the send, stores the answer,
-- all in the caller's one statement. A concurrent duplicate waits on the unique key until the first
-- commits, then reads its stored answer (never a second posting). Same key with another body: 422.
-- Returns the answer and whether it was a replay.
CREATE FUNCTION wallet_send(
  p_sender uuid, p_recipient_email text, p_recipient_id uuid, p_asset_symbol text, p_amount text,
  p_description text, p_pin_proof bytea, p_idem_key text, p_idem_hash text, p_request_id uuid DEFAULT NULL)
RETURNS TABLE (status integer, body jsonb, replayed boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_prev record;
  v_status integer;
  v_body jsonb;
BEGIN
  IF p_idem_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES (p_sender, p_idem_key, p_idem_hash)
      ON CONFLICT (user_id, key) DO NOTHING;
    IF NOT FOUND THEN
      SELECT k.request_hash, k.response_status, k.response_body INTO v_prev
        FROM idempotency_keys k WHERE k.user_id = p_sender AND k.key = p_idem_key;
      IF v_prev.request_hash IS DISTINCT FROM p_idem_hash THEN
        RETURN QUERY SELECT 422, money_error('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was already used with a different request.'), false;
      ELSIF v_prev.response_status IS NULL THEN
        RETURN QUERY SELECT 409, money_error('CONFLICT', 'A request with this Idempotency-Key is still being processed.', jsonb_build_object('retry_after', 1)), false;
      ELSE
        RETURN QUERY SELECT v_prev.response_status, v_prev.response_body, true;
      END IF;
      RETURN;
    END IF;
  END IF;
  SELECT c.status, c.body INTO v_status, v_body
    FROM wallet_send_core(p_sender, p_recipient_email, p_recipient_id, p_asset_symbol, p_amount, p_description, p_pin_proof, p_request_id) c;
  IF p_idem_key IS NOT NULL THEN
    UPDATE idempotency_keys k SET response_status = v_status, response_body = v_body
     WHERE k.user_id = p_sender AND k.key = p_idem_key;
  END IF;
  RETURN QUERY SELECT v_status, v_body, false;
END $$;
