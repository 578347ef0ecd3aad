-- The money core: what a user's send does around the ledger (ledger.sql): PIN, limits, recipient,
-- fee, idempotency and the answer, in one statement and one database transaction.
-- Applied as a repeatable definition (see ledger.sql's header); a test fails when the database
-- differs from this file.
--
-- Answers are data: a send's body, or a refusal {code, details} (codes and figures, never an HTTP
-- status or a sentence); api/src/platform/errors.ts maps each code to the status and words the user
-- gets, for these answers and for the ledger's raised SQLSTATEs alike.
--
-- Rules:
--   M1  One sender's sends are serialised by an advisory lock (class 7401, money_lock_user in
--       ledger.sql), taken before anything is read, so the Idempotency-Key is looked up and stored under it.
--   M2  Every outcome (a send made or a refusal) is stored under its Idempotency-Key with the request's
--       hash, as the data above (response_status NULL, response_body set; the API maps it on every
--       read, so a retry gets the same bytes); the same key with another request gets
--       IDEMPOTENCY_MISMATCH.
--   M3  The PIN is checked before any money moves; 5 wrong attempts lock every PIN action for 15
--       minutes (pin_attempt_locked, the one PIN rule: sends here, every other money route through
--       pin_attempt); a correct PIN resets the count.
--   M4  Daily, weekly and monthly limits are the ledger's (L8 of ledger.sql): the same facts and check
--       (ledger_limit_facts, ledger_outflow_refusal) decide a send, its quote and a batch, under the
--       sender's lock, and the posting counts the send in outgoing_usage with what these functions pass
--       (p_counted_usd; the posting leaves checking p2p_transfer to them: ledger_counts_as_outflow).
--   M5  A batch (wallet_send_batch) answers exactly as its sends made one by one in arrival order.
--   M6  A send given the API's step-up terms is refused first, before the lock, the key, the PIN and
--       any read of the send's facts, when it needs a second-factor check (money_step_up_refusal);
--       such a refusal is stored nowhere, so the same key sends once the user has stepped up.

-- ====================================================================================================
-- helpers
-- ====================================================================================================
-- A refusal: its code (a key of the error layer's mapping) and the figures its answer needs.
CREATE OR REPLACE FUNCTION money_refusal(p_code text, p_details jsonb DEFAULT NULL) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_details IS NULL THEN jsonb_build_object('code', p_code)
              ELSE jsonb_build_object('code', p_code, 'details', p_details) END
$$;

-- STABLE as to_char is: declared IMMUTABLE, the planner could not inline it into the statements that
-- call it (a call cost 1.7 us a row, inlined 0.9 us).
CREATE OR REPLACE FUNCTION money_iso(p timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(p AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- ====================================================================================================
-- pin
-- ====================================================================================================
-- Stored PIN: 'v1$<salt hex>$<sha256(salt || proof) hex>', where proof = HMAC-SHA256(server secret,
-- user id || ':' || pin) is computed by the API (the secret never reaches the database). A copy of
-- the database alone does not allow trying the 10,000 PINs; the lockout protects against guessing.
CREATE OR REPLACE FUNCTION pin_hash_matches(p_stored text, p_proof bytea) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_stored IS NOT NULL AND p_proof IS NOT NULL AND split_part(p_stored, '$', 1) = 'v1'
     AND sha256(decode(split_part(p_stored, '$', 2), 'hex') || p_proof) = decode(split_part(p_stored, '$', 3), 'hex')
$$;

-- One PIN attempt for a user whose money lock the caller holds (money_lock_user): the one PIN rule.
-- 5 wrong attempts in a row lock every PIN action for 15 minutes; a correct PIN resets the count.
-- Returns NULL when the PIN is right, else the refusal: PIN_NOT_SET, PIN_LOCKED (locked_until,
-- retry_after), PIN_INCORRECT (attempts_left) or PIN_INCORRECT_LOCKED (the 5th wrong one).
CREATE OR REPLACE FUNCTION pin_attempt_locked(p_user uuid, p_stored text, p_failed integer, p_locked_until timestamptz, p_proof bytea)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_failed integer;
BEGIN
  IF p_stored IS NULL THEN
    RETURN money_refusal('PIN_NOT_SET');
  END IF;
  IF p_locked_until IS NOT NULL AND p_locked_until > now() THEN
    RETURN money_refusal('PIN_LOCKED', jsonb_build_object('locked_until', money_iso(p_locked_until),
                                                         'retry_after', ceil(extract(epoch FROM p_locked_until - now()))::int));
  END IF;
  IF pin_hash_matches(p_stored, p_proof) THEN
    IF p_failed > 0 OR p_locked_until IS NOT NULL THEN
      UPDATE profiles SET pin_failed_attempts = 0, pin_locked_until = NULL WHERE id = p_user;
    END IF;
    RETURN NULL; -- correct
  END IF;
  v_failed := CASE WHEN p_locked_until IS NOT NULL THEN 0 ELSE p_failed END + 1; -- an expired lock starts a new series
  IF v_failed >= 5 THEN
    UPDATE profiles SET pin_failed_attempts = 0, pin_locked_until = now() + interval '15 minutes' WHERE id = p_user;
    RETURN money_refusal('PIN_INCORRECT_LOCKED', jsonb_build_object('locked_until', money_iso(now() + interval '15 minutes'),
                                                                    'retry_after', 900, 'attempts_left', 0));
  END IF;
  UPDATE profiles SET pin_failed_attempts = v_failed, pin_locked_until = NULL WHERE id = p_user;
  RETURN money_refusal('PIN_INCORRECT', jsonb_build_object('attempts_left', 5 - v_failed));
END $$;

-- verify_pin, change_pin and every money route but the send (platform/pin verifyPin): the same lock
-- as sends, so attempts are counted exactly once each. NULL when right, else the refusal.
CREATE OR REPLACE FUNCTION pin_attempt(p_user uuid, p_proof bytea) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v record;
BEGIN
  PERFORM money_lock_user(p_user);
  SELECT p.transaction_pin_hash, p.pin_failed_attempts, p.pin_locked_until INTO v FROM profiles p WHERE p.id = p_user;
  IF NOT FOUND THEN
    RETURN money_refusal('PROFILE_NOT_FOUND');
  END IF;
  RETURN pin_attempt_locked(p_user, v.transaction_pin_hash, v.pin_failed_attempts, v.pin_locked_until, p_proof);
END $$;

-- The note of a payment with the sender's default payment hashtags (docs/product.md: "appended to the
-- note"), one rule for every send path: each tag once, in the profile's order, after the note and a
-- space; a tag the note already has (any letter case, as a whole tag) is not added again; tags are added
-- while the note stays within 500 characters (the description limit), and the person's words are never
-- cut. Applied here, where the profile is read anyway: a lookup per send in the API cost a round trip.
CREATE OR REPLACE FUNCTION money_with_hashtags(p_note text, p_tags text[]) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v_out  text := btrim(coalesce(p_note, ''));
  v_have text[];
  v_tag  text;
BEGIN
  IF coalesce(cardinality(p_tags), 0) = 0 THEN
    RETURN nullif(v_out, '');
  END IF;
  v_have := ARRAY(SELECT lower(m[1]) FROM regexp_matches(v_out, '(#[A-Za-z0-9_]+)', 'g') m);
  FOREACH v_tag IN ARRAY p_tags LOOP
    v_tag := '#' || ltrim(btrim(v_tag), '#');
    CONTINUE WHEN v_tag = '#' OR lower(v_tag) = ANY (v_have)
              OR length(CASE WHEN v_out = '' THEN v_tag ELSE v_out || ' ' || v_tag END) > 500;
    v_out := CASE WHEN v_out = '' THEN v_tag ELSE v_out || ' ' || v_tag END;
    v_have := v_have || lower(v_tag);
  END LOOP;
  RETURN nullif(v_out, '');
END $$;

-- ====================================================================================================
-- step-up
-- ====================================================================================================
-- The step-up rule of money moves (docs/decisions.md "Passkeys, second factor and step-up"): a move
-- worth more than the threshold in US dollars (asset_prices) needs a second-factor check of this session
-- within the window, unless the user has no factor to step up with. The API owns the figures and
-- passes them as p_terms {session, threshold_usd, window_seconds} (platform/second-factor/step-up.ts,
-- which asks this function for every other money route and quote). NULL: the move may go ahead.
-- One row, always: a table function, so the planner inlines it into the batch's statement as a lateral
-- subquery (a scalar SQL function with subqueries is never inlined: 11.8 us a send called, 1.9 inlined).
CREATE OR REPLACE FUNCTION money_step_up_refusal(p_user uuid, p_asset_symbol text, p_amount numeric, p_terms jsonb)
RETURNS TABLE (refusal jsonb) LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN coalesce(p_amount * (SELECT pr.price_usd FROM assets a JOIN asset_prices pr ON pr.asset_id = a.id WHERE a.symbol = p_asset_symbol), 0)
                   > (p_terms->>'threshold_usd')::numeric -- first, alone: most moves stop here, before the factor reads
    THEN CASE WHEN (EXISTS (SELECT 1 FROM totp_factors t WHERE t.user_id = p_user AND t.enabled_at IS NOT NULL)
                    OR EXISTS (SELECT 1 FROM passkey_credentials c WHERE c.user_id = p_user))
                AND NOT EXISTS (SELECT 1 FROM session_second_factors f
                                 WHERE f.family_id = (p_terms->>'session')::uuid
                                   AND f.verified_at > now() - make_interval(secs => (p_terms->>'window_seconds')::integer))
      THEN money_refusal('STEP_UP_REQUIRED') END
  END
$$;

-- ====================================================================================================
-- the send rule: ONE definition for a single send, a batch and the quote
-- ====================================================================================================
-- Plain SQL functions, declared STABLE (their bodies format text and jsonb), so the planner inlines
-- them into the calling statement: no function call per send (checked with EXPLAIN VERBOSE).
-- Everything a send's decision needs, read at once, without side effects. The receiver is named by
-- id, else by e-mail; an unknown or disabled user reads as no recipient (NULL). No row: unknown asset.
CREATE OR REPLACE FUNCTION wallet_send_facts(p_sender uuid, p_recipient_email text, p_recipient_id uuid, p_asset_symbol text, p_amount numeric, p_day date)
RETURNS TABLE (asset_id uuid, symbol text, name text, scale integer, price_usd numeric, recipient_id uuid, recipient_name text,
               fee numeric, bearer fee_bearer, balance numeric, limits numeric[], caps numeric[], used numeric[])
LANGUAGE sql STABLE AS $$
  SELECT a.id, a.symbol, a.name, a.scale, pr.price_usd, rc.id, rc.full_name, q.fee, q.bearer,
         (SELECT w.balance FROM user_wallets w WHERE w.user_id = p_sender AND w.asset_id = a.id),
         l.limits, l.caps, l.used
    FROM assets a
    LEFT JOIN asset_prices pr ON pr.asset_id = a.id
    LEFT JOIN LATERAL (
      SELECT p.id, p.full_name FROM profiles p JOIN users us ON us.id = p.id
       WHERE p_recipient_id IS NOT NULL AND p.id = p_recipient_id AND us.disabled_at IS NULL
      UNION ALL
      SELECT p.id, p.full_name FROM users us JOIN profiles p ON p.id = us.id
       WHERE p_recipient_id IS NULL AND us.email = lower(btrim(p_recipient_email)) AND us.disabled_at IS NULL
      LIMIT 1) rc ON true
    CROSS JOIN LATERAL ledger_quote_fee('p2p_transfer', a.id, p_amount) q
    CROSS JOIN LATERAL ledger_limit_facts(p_sender, p_day) l -- the limits of every outflow (L8 of ledger.sql)
   WHERE a.symbol = p_asset_symbol
$$;

-- The refusal a send gets before its PIN is checked, as {code, details}, or NULL: the asset exists
-- (p_scale NOT NULL), the amount is above zero and within the asset's scale, and, when
-- p_recipient_named, the recipient exists and is not the sender. The first failing check answers.
CREATE OR REPLACE FUNCTION wallet_send_refusal(p_sender uuid, p_amount numeric, p_symbol text, p_scale integer,
  p_recipient_named boolean, p_recipient uuid, p_by_id boolean) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p_scale IS NULL THEN money_refusal('UNKNOWN_ASSET')
    WHEN p_amount <= 0 THEN money_refusal('AMOUNT_NOT_POSITIVE')
    WHEN p_amount <> round(p_amount, p_scale) THEN money_refusal('AMOUNT_SCALE', jsonb_build_object('symbol', p_symbol, 'scale', p_scale))
    WHEN p_recipient_named AND p_recipient IS NULL THEN
      money_refusal('RECIPIENT_NOT_FOUND', jsonb_build_object('field', CASE WHEN p_by_id THEN 'recipientId' ELSE 'recipientEmail' END))
    WHEN p_recipient_named AND p_recipient = p_sender THEN money_refusal('SELF_SEND')
  END
$$;

-- The body of a send that was made.
CREATE OR REPLACE FUNCTION wallet_send_answer(p_tx uuid, p_at timestamptz, p_amount numeric, p_fee numeric, p_debit numeric,
  p_scale integer, p_symbol text, p_asset_name text, p_description text, p_sender uuid, p_sender_name text,
  p_receiver uuid, p_receiver_name text, p_sender_balance numeric, p_request uuid) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'transaction', jsonb_build_object(
      'id', p_tx, 'created_at', money_iso(p_at), 'amount', round(p_amount, p_scale)::text, 'fee', round(p_fee, p_scale)::text,
      'status', 'completed', 'transaction_type', 'p2p_transfer', 'description', p_description,
      'asset', jsonb_build_object('symbol', p_symbol, 'name', p_asset_name, 'scale', p_scale),
      'sender', jsonb_build_object('id', p_sender, 'full_name', p_sender_name),
      'receiver', jsonb_build_object('id', p_receiver, 'full_name', p_receiver_name)),
    'fee', round(p_fee, p_scale)::text,
    'total', round(p_debit, p_scale)::text,
    'sender_balance', round(p_sender_balance, p_scale)::text,
    'payment_request_id', p_request)
$$;

-- What a send would do, without the PIN and without moving money: the quote {asset_symbol, amount,
-- fee, total, recipient}, or exactly the refusal the send would give (GET /api/wallet/transfers/quote).
-- Without a named recipient it quotes the amount alone.
CREATE OR REPLACE FUNCTION wallet_send_quote(p_sender uuid, p_recipient_email text, p_recipient_id uuid, p_asset_symbol text, p_amount text,
  OUT quote jsonb, OUT refusal jsonb)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v        record;
  v_amount numeric := p_amount::numeric;
  v_named  boolean := p_recipient_id IS NOT NULL OR p_recipient_email IS NOT NULL;
  v_debit  numeric;
BEGIN
  SELECT * INTO v FROM wallet_send_facts(p_sender, p_recipient_email, p_recipient_id, p_asset_symbol, v_amount, (now() AT TIME ZONE 'UTC')::date);
  refusal := wallet_send_refusal(p_sender, v_amount, v.symbol, v.scale, v_named, v.recipient_id, p_recipient_id IS NOT NULL);
  IF refusal IS NOT NULL THEN
    RETURN;
  END IF;
  v_debit := CASE WHEN v.bearer = 'sender' THEN v_amount + v.fee ELSE v_amount END;
  refusal := ledger_outflow_refusal(v.symbol, v.scale, v_amount, v.fee, v_debit, v.balance, v_amount * coalesce(v.price_usd, 0), v.limits, v.caps, v.used);
  IF refusal IS NOT NULL THEN
    RETURN;
  END IF;
  quote := jsonb_build_object('asset_symbol', v.symbol, 'amount', round(v_amount, v.scale)::text, 'fee', round(v.fee, v.scale)::text,
    'total', round(v_debit, v.scale)::text,
    'recipient', CASE WHEN v_named THEN jsonb_build_object('id', v.recipient_id, 'full_name', v.recipient_name) END);
END $$;

-- ====================================================================================================
-- send
-- ====================================================================================================
-- One user sends money to another (or pays a payment request). body: the send's answer
-- (wallet_send_answer), or {"refusal": {code, details}}; stored under the Idempotency-Key whatever it
-- is (M2), so a retry gets the same answer. A replay returns what was stored: body, and stored_status
-- when the row holds an answer the API already mapped (the general idempotent path's rows). The
-- sender's advisory lock (class 7401) serialises one sender's sends, so the key is looked up and
-- stored under it. p_step_up: the API's step-up terms (M6), NULL when the caller checked step-up itself.
CREATE OR REPLACE FUNCTION wallet_send(
  p_sender uuid, p_recipient_email text, p_recipient_id uuid, p_asset_symbol text, p_amount text,
  p_description text, p_pin_proof bytea, p_idem_key text, p_idem_hash text, p_request_id uuid DEFAULT NULL,
  p_step_up jsonb DEFAULT NULL, OUT body jsonb, OUT replayed boolean, OUT stored_status integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_prof   record;
  v_req    record;
  v        record;
  r        record;
  v_amount numeric;
  v_debit  numeric;
  v_day    date := (now() AT TIME ZONE 'UTC')::date;
  v_refusal jsonb;
  v_desc   text := p_description;
  v_symbol text := p_asset_symbol;
  v_amount_t text := p_amount;
BEGIN
  replayed := false;
  IF p_step_up IS NOT NULL THEN -- M6
    v_refusal := (SELECT s.refusal FROM money_step_up_refusal(p_sender, p_asset_symbol, p_amount::numeric, p_step_up) s);
    IF v_refusal IS NOT NULL THEN
      body := jsonb_build_object('refusal', v_refusal);
      RETURN;
    END IF;
  END IF;
  PERFORM pg_advisory_xact_lock(7401, hashtext(p_sender::text)); -- = money_lock_user(p_sender)
  SELECT p.id IS NOT NULL AS has_profile, p.full_name, p.transaction_pin_hash, p.pin_failed_attempts, p.pin_locked_until,
         p.default_payment_hashtags,
         k.user_id IS NOT NULL AS key_used, k.request_hash, k.response_status, k.response_body
    INTO v_prof
    FROM (SELECT p_sender AS id) s
    LEFT JOIN profiles p ON p.id = s.id
    LEFT JOIN idempotency_keys k ON k.user_id = s.id AND k.key = p_idem_key;
  IF v_prof.key_used THEN
    IF v_prof.request_hash IS DISTINCT FROM p_idem_hash THEN
      body := jsonb_build_object('refusal', money_refusal('IDEMPOTENCY_MISMATCH'));
    ELSIF v_prof.response_body IS NULL THEN -- claimed by the general idempotent path, still at work
      body := jsonb_build_object('refusal', money_refusal('IDEMPOTENCY_IN_FLIGHT', jsonb_build_object('retry_after', 1)));
    ELSE
      body := v_prof.response_body; stored_status := v_prof.response_status; replayed := true;
    END IF;
    RETURN;
  END IF;

  <<work>>
  BEGIN
    IF NOT v_prof.has_profile THEN
      v_refusal := money_refusal('PROFILE_NOT_FOUND'); EXIT work;
    END IF;

    IF p_request_id IS NOT NULL THEN
      SELECT q.id, q.requester_id, q.status, q.amount, q.description, a.symbol
        INTO v_req FROM payment_requests q JOIN assets a ON a.id = q.asset_id
       WHERE q.id = p_request_id AND q.payer_id = p_sender FOR UPDATE OF q;
      IF NOT FOUND THEN
        v_refusal := money_refusal('REQUEST_NOT_FOUND'); EXIT work;
      END IF;
      IF v_req.status <> 'pending' THEN
        v_refusal := money_refusal('REQUEST_NOT_PENDING', jsonb_build_object('status', v_req.status)); EXIT work;
      END IF;
      v_symbol := v_req.symbol; v_amount_t := v_req.amount::text;
      v_desc := coalesce(p_description, v_req.description);
      p_recipient_id := v_req.requester_id; p_recipient_email := NULL;
    END IF;
    v_amount := v_amount_t::numeric;
    v_desc := money_with_hashtags(v_desc, v_prof.default_payment_hashtags);

    -- The send rule (above): facts in one read, then the checks in their order, the PIN between them.
    SELECT * INTO v FROM wallet_send_facts(p_sender, p_recipient_email, p_recipient_id, v_symbol, v_amount, v_day);
    v_refusal := wallet_send_refusal(p_sender, v_amount, v.symbol, v.scale, true, v.recipient_id, p_recipient_id IS NOT NULL);
    IF v_refusal IS NOT NULL THEN EXIT work; END IF;

    IF v_prof.transaction_pin_hash IS NULL OR v_prof.pin_failed_attempts > 0 OR v_prof.pin_locked_until IS NOT NULL
       OR NOT pin_hash_matches(v_prof.transaction_pin_hash, p_pin_proof) THEN -- the common case (right PIN, clean counter) writes nothing
      v_refusal := pin_attempt_locked(p_sender, v_prof.transaction_pin_hash, v_prof.pin_failed_attempts, v_prof.pin_locked_until, p_pin_proof);
      IF v_refusal IS NOT NULL THEN EXIT work; END IF;
    END IF;

    v_debit := CASE WHEN v.bearer = 'sender' THEN v_amount + v.fee ELSE v_amount END;
    v_refusal := ledger_outflow_refusal(v.symbol, v.scale, v_amount, v.fee, v_debit, v.balance, v_amount * coalesce(v.price_usd, 0), v.limits, v.caps, v.used);
    IF v_refusal IS NOT NULL THEN EXIT work; END IF;

    SELECT * INTO r FROM ledger_post_transfer('p2p_transfer', v.symbol, p_sender, NULL, v.recipient_id, NULL, v_amount, v_desc,
                                              p_counted_usd => v_amount * coalesce(v.price_usd, 0)); -- M4, L8
    IF p_request_id IS NOT NULL THEN
      UPDATE payment_requests SET status = 'paid', transaction_id = r.transaction_id, updated_at = now() WHERE id = p_request_id;
    END IF;

    body := wallet_send_answer(r.transaction_id, r.created_at, r.amount, r.fee, v_debit, v.scale, v.symbol, v.name, v_desc,
                               p_sender, v_prof.full_name, v.recipient_id, v.recipient_name, r.sender_balance, p_request_id);
    -- the receiver's notification (prisma/sql/notifications.sql): a paid request, or money received
    PERFORM notification_add(v.recipient_id, CASE WHEN p_request_id IS NULL THEN 'money_received' ELSE 'request_paid' END::notification_kind,
      p_sender, CASE WHEN p_request_id IS NULL THEN '/transactions' ELSE '/pay' END, jsonb_build_object('amount', round(r.amount, v.scale)::text, 'asset', v.symbol));
  END work;
  IF v_refusal IS NOT NULL THEN
    body := jsonb_build_object('refusal', v_refusal);
  END IF;

  IF p_idem_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash, response_body) VALUES (p_sender, p_idem_key, p_idem_hash, body);
  END IF;
END $$;

-- ====================================================================================================
-- batch
-- ====================================================================================================
-- Sends in batches: the sends that reach one API process while the database is busy with earlier
-- ones are made in ONE database transaction (platform/ledger/send.ts queues them), so a transaction's
-- fixed costs are paid once per batch (PostgreSQL CPU per send: 0.83 ms single, 0.21 ms batched).
--
-- What a batch answers is what the same sends would answer one by one, in this order: first the
-- "plain" sends (below) in item order, then every other send in item order through wallet_send()
-- itself, so every refusal, PIN count, replay and stored Idempotency-Key comes from the one code
-- path that makes single sends. The batch's order is the order the requests reached the queue;
-- concurrent requests have no other order, so any order of them is a correct one.
--
-- Plain sends are made all at once. A send is plain when its sender has no other send in the batch,
-- it is not the payment of a request, and, read under the locks below, it needs no step-up (M6), its Idempotency-Key is new,
-- the PIN is right with no failed attempts counted, amount and scale are valid, the receiver exists,
-- the balance covers amount + fee and no limit is exceeded - exactly the checks of wallet_send, so a
-- plain send is one wallet_send would make. Each plain send's checks read the state before the
-- batch; that equals running them one by one because plain senders differ (a sender's PIN, key,
-- limits and debit are its own) and money a sender receives from an earlier send of the batch can
-- only raise the balance its check saw. Its answer's sender_balance adds that money, as the
-- one-by-one order would. A send that is not plain (a refusal included) goes to wallet_send after
-- the plain ones, so it sees them as done.
--
-- An error raised inside a batch (not an answer: a refusal is an answer) aborts all of it, nothing
-- is kept, and the API then makes each of its sends alone.
--
-- The ledger's one writer (R1 of ledger.sql) posts them: the plain sends' postings go to ledger_write()
-- together, as rows of the same ledger_posting type that ledger_post_transfer() passes for one, with
-- every id taken from rows read in the same transaction.
--
-- Locks (L4 of ledger.sql, extended to many senders): before any send a batch takes
--   B1 the advisory lock (class 7401) of every sender, in key order,
--   B2 the wallet of every receiver that has none yet for the asset (created empty, in (user, asset)
--      order: a receiver's wallet exists before any wallet lock, as in ledger_post_transfer),
--   B3 every wallet the batch debits or credits, in id order.
-- A single wallet_send takes the same kinds in the same order (its sender's lock, then the
-- receiver's wallet, then both wallets in id order), so batches and single sends wait for each
-- other but never in a cycle. The sends re-take locks the batch already holds, which costs no wait.
-- Only a receiver that resolves differently inside wallet_send than in B2 (its e-mail changed or its
-- account closed in between) is locked out of order there; PostgreSQL then detects any cycle,
-- the batch is aborted and its sends are made alone.
--
-- An empty wallet made in B2 for a send that then fails (wrong PIN, low balance, limits) stays: a
-- zero balance is listed nowhere (wallet lists show funded wallets, or every asset) and the books
-- are unaffected (balance 0 = sum of no entries).

-- p_items: a JSON array of send_batch_item (pin_proof in hex). Answers: one row per item, in item
-- order, as wallet_send's (body, replayed, stored_status), and whether the send was a plain one.
CREATE OR REPLACE FUNCTION wallet_send_batch(p_items jsonb, OUT body jsonb, OUT replayed boolean, OUT stored_status integer, OUT plain boolean)
RETURNS SETOF record LANGUAGE plpgsql AS $$
DECLARE
  v_items     send_batch_item[] := ARRAY(SELECT jsonb_populate_recordset(NULL::send_batch_item, p_items));
  v_day       date := (now() AT TIME ZONE 'UTC')::date;
  v_locks     integer[];
  v_senders   uuid[];
  v_receivers uuid[];
  v_asset_ids uuid[];
  v_done      jsonb[];
  v_postings  ledger_posting[];
  i           integer;
BEGIN
  -- Who each send moves money between, in which asset (wallet_send's rules: the receiver is an
  -- active user with a profile, other than the sender, found by id, by e-mail, or as the requester
  -- of the sender's pending payment request, whose asset it is).
  SELECT array_agg(x.sender ORDER BY x.n), array_agg(r.receiver ORDER BY x.n), array_agg(r.asset_id ORDER BY x.n),
         array(SELECT DISTINCT hashtext(s.sender::text) FROM unnest(v_items) s ORDER BY 1)
    INTO v_senders, v_receivers, v_asset_ids, v_locks
    FROM unnest(v_items) WITH ORDINALITY AS x(sender, recipient_email, recipient_id, asset, amount, description, pin_proof, key, hash, request_id, step_up, n)
    LEFT JOIN payment_requests q ON q.id = x.request_id AND q.payer_id = x.sender AND q.status = 'pending'
    CROSS JOIN LATERAL (
      SELECT CASE WHEN x.request_id IS NOT NULL THEN q.asset_id ELSE (SELECT a.id FROM assets a WHERE a.symbol = x.asset) END,
             (SELECT p.id FROM profiles p JOIN users u ON u.id = p.id
               WHERE u.disabled_at IS NULL AND p.id <> x.sender
                 AND p.id = CASE WHEN x.request_id IS NOT NULL THEN q.requester_id
                                 WHEN x.recipient_id IS NOT NULL THEN x.recipient_id
                                 ELSE (SELECT e.id FROM users e WHERE e.email = lower(btrim(x.recipient_email))) END)
    ) r(asset_id, receiver);

  -- B1 (unnest keeps the array's sorted order)
  PERFORM pg_advisory_xact_lock(7401, k) FROM unnest(v_locks) k;

  -- B2
  INSERT INTO user_wallets (user_id, asset_id)
  SELECT DISTINCT r.receiver, r.asset_id FROM unnest(v_receivers, v_asset_ids) AS r(receiver, asset_id)
   WHERE r.receiver IS NOT NULL AND r.asset_id IS NOT NULL
   ORDER BY 1, 2
  ON CONFLICT (user_id, asset_id) DO NOTHING;

  -- B3 (rows are locked one by one above the sort, so in id order). The ids are looked up one by one
  -- (a subquery per party) so the plan stays index lookups whatever the planner thinks of the sizes.
  PERFORM 1 FROM (
    SELECT w.id FROM user_wallets w
     WHERE w.id = ANY (ARRAY(
       SELECT (SELECT o.id FROM user_wallets o WHERE o.user_id = party.user_id AND o.asset_id = r.asset_id)
         FROM unnest(v_senders, v_receivers, v_asset_ids) AS r(sender, receiver, asset_id)
        CROSS JOIN LATERAL (VALUES (r.sender), (r.receiver)) party(user_id)))
     ORDER BY w.id FOR UPDATE OF w) l;

  -- The plain sends, all at once (see the top of this file).
  WITH item AS MATERIALIZED (
    SELECT x.n, x.sender, x.amount::numeric AS amount, x.description, x.key, x.hash, x.step_up, r.receiver, r.asset_id,
           decode(x.pin_proof, 'hex') AS proof,
           x.request_id IS NULL AND count(*) OVER (PARTITION BY x.sender) = 1 AS plain
      FROM unnest(v_items) WITH ORDINALITY AS x(sender, recipient_email, recipient_id, asset, amount, description, pin_proof, key, hash, request_id, step_up, n)
      JOIN unnest(v_receivers, v_asset_ids) WITH ORDINALITY AS r(receiver, asset_id, n) USING (n)
  ), plan AS MATERIALIZED ( -- the send rule's facts (wallet_send_facts), read for every plain send at once
    SELECT i.n, i.sender, i.amount, money_with_hashtags(i.description, p.default_payment_hashtags) AS description, i.key, i.hash, i.step_up,
           i.receiver, i.asset_id, i.proof, i.plain, f.symbol, f.name AS asset_name, f.scale, f.fee, f.recipient_id,
           CASE WHEN f.bearer = 'sender' THEN i.amount + f.fee ELSE i.amount END AS debit,
           CASE WHEN f.bearer = 'sender' THEN i.amount ELSE i.amount - f.fee END AS credit,
           i.amount * coalesce(f.price_usd, 0) AS usd,
           sw.id AS sender_wallet, f.balance, rw.id AS receiver_wallet,
           (SELECT s.id FROM system_accounts s WHERE s.asset_id = f.asset_id AND s.code = 'fees') AS fee_sys,
           p.full_name AS sender_name, f.recipient_name AS receiver_name,
           p.transaction_pin_hash IS NOT NULL AND p.pin_failed_attempts = 0 AND p.pin_locked_until IS NULL
             AND pin_hash_matches(p.transaction_pin_hash, i.proof) AS pin_ok,
           k.user_id IS NULL AS key_new, f.limits, f.caps, f.used
      FROM item i
      JOIN profiles p ON p.id = i.sender
      JOIN assets a ON a.id = i.asset_id
      CROSS JOIN LATERAL wallet_send_facts(i.sender, NULL, i.receiver, a.symbol, i.amount, v_day) f
      LEFT JOIN idempotency_keys k ON k.user_id = i.sender AND k.key = i.key
      LEFT JOIN user_wallets sw ON sw.user_id = i.sender AND sw.asset_id = a.id
      JOIN user_wallets rw ON rw.user_id = i.receiver AND rw.asset_id = a.id
     WHERE i.plain
  ), sent AS MATERIALIZED ( -- ORDER BY: the clock is read after the sort, so the sends' times follow item order
    SELECT p.*, gen_random_uuid() AS tx_id, clock_timestamp() AS ts
      FROM plan p CROSS JOIN LATERAL money_step_up_refusal(p.sender, p.symbol, p.amount, p.step_up) su -- M6 (no terms: NULL)
     WHERE p.key_new AND p.pin_ok -- the PIN is right and counts nothing; then the send rule's checks pass
       AND su.refusal IS NULL
       AND wallet_send_refusal(p.sender, p.amount, p.symbol, p.scale, true, p.recipient_id, true) IS NULL
       AND ledger_outflow_refusal(p.symbol, p.scale, p.amount, p.fee, p.debit, p.balance, p.usd, p.limits, p.caps, p.used) IS NULL
       AND p.credit > 0 AND (p.fee = 0 OR p.fee_sys IS NOT NULL)
     ORDER BY p.n
  ), answer AS MATERIALIZED (
    SELECT s.*, wallet_send_answer(s.tx_id, s.ts, s.amount, s.fee, s.debit, s.scale, s.symbol, s.asset_name, s.description,
             s.sender, s.sender_name, s.receiver, s.receiver_name,
             -- as if the batch's sends ran one by one in item order: what this sender received before
             s.balance - s.debit + coalesce((SELECT sum(e.credit) FROM sent e WHERE e.receiver_wallet = s.sender_wallet AND e.n < s.n), 0),
             NULL) AS body
      FROM sent s
  )
  SELECT array_agg(CASE WHEN a.n IS NOT NULL THEN a.body END ORDER BY x.n),
         array_agg(ROW(a.tx_id, a.ts, 'p2p_transfer', a.asset_id, a.sender, a.receiver, a.sender_wallet, NULL, a.receiver_wallet, NULL,
                       a.fee_sys, a.amount, a.fee, a.debit, a.credit, a.description, NULL, NULL, a.usd)::ledger_posting ORDER BY x.n)
           FILTER (WHERE a.n IS NOT NULL)
    INTO v_done, v_postings
    FROM generate_series(1, cardinality(v_items)) x(n) LEFT JOIN answer a ON a.n = x.n;
  IF v_postings IS NOT NULL THEN
    PERFORM ledger_write(v_postings); -- R1; L8: each plain send counts its US dollars
    INSERT INTO idempotency_keys (user_id, key, request_hash, response_body) -- M2
    SELECT x.sender, x.key, x.hash, v_done[x.n]
      FROM unnest(v_items) WITH ORDINALITY AS x(sender, recipient_email, recipient_id, asset, amount, description, pin_proof, key, hash, request_id, step_up, n)
     WHERE v_done[x.n] IS NOT NULL AND x.key IS NOT NULL;
    -- each receiver's notification, as wallet_send writes it (plain sends are never a request's payment)
    PERFORM notification_add_all('money_received', '/transactions',
              array_agg((b #>> '{transaction,receiver,id}')::uuid), array_agg((b #>> '{transaction,sender,id}')::uuid),
              array_agg(jsonb_build_object('amount', b #>> '{transaction,amount}', 'asset', b #>> '{transaction,asset,symbol}')))
       FROM unnest(v_done) b WHERE b IS NOT NULL;
  END IF;

  -- Every other send, one by one after them: wallet_send gives each its own answer.
  FOR i IN 1 .. cardinality(v_items) LOOP
    plain := v_done[i] IS NOT NULL;
    IF plain THEN
      body := v_done[i]; replayed := false; stored_status := NULL;
    ELSE
      SELECT s.body, s.replayed, s.stored_status INTO body, replayed, stored_status
        FROM unnest(v_items[i:i]) x
        CROSS JOIN LATERAL wallet_send(x.sender, x.recipient_email, x.recipient_id, x.asset, x.amount, x.description,
                                       decode(x.pin_proof, 'hex'), x.key, x.hash, x.request_id, x.step_up) s;
    END IF;
    RETURN NEXT;
  END LOOP;
END $$;
