-- Money core, faster (same behaviour as 20260103000100, measured by bench/suites/api-transfers.mjs):
-- * the sender is serialised by a transaction-scoped advisory lock (money_lock_user) instead of a
--   row lock on the profile: no heap write / WAL record for the lock itself;
-- * the Idempotency-Key is looked up under that lock and its answer INSERTed once at the end (no
--   claim row that is updated later); duplicates of a key always come from the same user, so they
--   queue on the same lock and the second one replays the first one's stored answer (and should two
--   ever pass, the (user_id, key) primary key aborts the second with its transfer);
-- * the PIN counter is only written when it changes; the usage row is updated in place.
-- Lock order stays: sender (advisory) -> payment request row -> wallets in id order.

-- One advisory lock space for 'money of a user' (class 7401); a hash collision only makes two users wait.
CREATE FUNCTION money_lock_user(p_user uuid) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(7401, hashtext(p_user::text))
$$;

-- verify_pin / change_pin take the same lock as sends, so attempts are counted exactly once each.
CREATE OR REPLACE FUNCTION pin_attempt(p_user uuid, p_proof bytea, OUT status integer, OUT body jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v record;
BEGIN
  PERFORM money_lock_user(p_user);
  SELECT p.transaction_pin_hash, p.pin_failed_attempts, p.pin_locked_until INTO v FROM profiles p WHERE p.id = p_user;
  IF NOT FOUND THEN
    status := 404; body := money_error('NOT_FOUND', 'Profile not found.'); RETURN;
  END IF;
  SELECT a.status, a.body INTO status, body FROM pin_attempt_locked(p_user, v.transaction_pin_hash, v.pin_failed_attempts, v.pin_locked_until, p_proof) a;
END $$;

-- The work of one send, for a caller holding money_lock_user(p_sender): returns (status, body).
CREATE FUNCTION wallet_send_work(
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
    INTO v_prof FROM profiles p WHERE p.id = p_sender; -- the caller holds money_lock_user(p_sender)
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

  IF v_prof.transaction_pin_hash IS NULL OR v_prof.pin_failed_attempts > 0 OR v_prof.pin_locked_until IS NOT NULL
     OR NOT pin_hash_matches(v_prof.transaction_pin_hash, p_pin_proof) THEN -- the common case (right PIN, clean counter) writes nothing
    SELECT a.status, a.body INTO status, body FROM pin_attempt_locked(p_sender, v_prof.transaction_pin_hash, v_prof.pin_failed_attempts, v_prof.pin_locked_until, p_pin_proof) a;
    IF status IS NOT NULL THEN RETURN; END IF;
  END IF;

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
  SELECT max(c.max_usd) FILTER (WHERE c.period = 'daily') AS d, max(c.max_usd) FILTER (WHERE c.period = 'weekly') AS w,
         max(c.max_usd) FILTER (WHERE c.period = 'monthly') AS m INTO v_lim FROM transaction_limit_caps c;
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
  UPDATE outgoing_usage u SET usd = u.usd + v_usd WHERE u.user_id = p_sender AND u.day = v_day;
  IF NOT FOUND THEN
    INSERT INTO outgoing_usage (user_id, day, usd) VALUES (p_sender, v_day, v_usd); -- under the sender lock: no race
  END IF;
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


DROP FUNCTION wallet_send(uuid, text, uuid, text, text, text, bytea, text, text, uuid);
DROP FUNCTION wallet_send_core(uuid, text, uuid, text, text, text, bytea, uuid);

CREATE FUNCTION wallet_send(
  p_sender uuid, p_recipient_email text, p_recipient_id uuid, p_asset_symbol text, p_amount text,
  p_description text, p_pin_proof bytea, p_idem_key text, p_idem_hash text, p_request_id uuid DEFAULT NULL,
  OUT status integer, OUT body jsonb, OUT replayed boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_prev record;
BEGIN
  replayed := false;
  PERFORM money_lock_user(p_sender);
  IF p_idem_key IS NOT NULL THEN
    SELECT k.request_hash, k.response_status, k.response_body INTO v_prev
      FROM idempotency_keys k WHERE k.user_id = p_sender AND k.key = p_idem_key;
    IF FOUND THEN
      IF v_prev.request_hash IS DISTINCT FROM p_idem_hash THEN
        status := 422; body := money_error('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was already used with a different request.');
      ELSIF v_prev.response_status IS NULL THEN
        status := 409; body := money_error('CONFLICT', 'A request with this Idempotency-Key is still being processed.', jsonb_build_object('retry_after', 1));
      ELSE
        status := v_prev.response_status; body := v_prev.response_body; replayed := true;
      END IF;
      RETURN;
    END IF;
  END IF;
  SELECT c.status, c.body INTO status, body FROM wallet_send_work(p_sender, p_recipient_email, p_recipient_id, p_asset_symbol, p_amount,
    p_description, p_pin_proof, p_request_id) c;
  IF p_idem_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body)
    VALUES (p_sender, p_idem_key, p_idem_hash, status, body);
  END IF;
END $$;
