-- Sends in batches: the sends that reach one API process while the database is busy with earlier
-- ones are made in ONE database transaction (platform/ledger/send.ts queues them). A transaction's
-- fixed costs - start, commit and its WAL flush, the executor set-up of every statement - are then
-- paid once per batch instead of once per send. PostgreSQL CPU per send (pgbench, batches of 25,
-- same machine minute): 0.83 ms as single wallet_send() calls, 0.31 ms as wallet_send() called 25
-- times in one transaction, 0.21 ms with the plain sends of the batch made by set-based statements.
--
-- What a batch answers is what the same sends would answer one by one, in this order: first the
-- "plain" sends (below) in item order, then every other send in item order through wallet_send()
-- itself, so every refusal, PIN count, replay and stored Idempotency-Key comes from the one code
-- path that makes single sends. The batch's order is the order the requests reached the queue;
-- concurrent requests have no other order, so any order of them is a correct one.
--
-- Plain sends are made all at once. A send is plain when its sender has no other send in the batch,
-- it is not the payment of a request, and, read under the locks below, its Idempotency-Key is new,
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
-- Writers of the ledger (R1 of 20260105000000_money_lean): ledger_post_transfer() and the plain-send
-- statement below, which writes the same rows the same way (wallets + transactions + entries that
-- sum to zero per transaction, L1), with every id taken from rows it read in the same transaction.
--
-- Locks (L4 of 20260101000100_ledger, extended to many senders): before any send a batch takes
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

-- A composite for the items, so the two statements below read them the same way.
CREATE TYPE send_batch_item AS (
  sender uuid, recipient_email text, recipient_id uuid, asset text, amount text, description text,
  pin_proof text, key text, hash text, request_id uuid);

-- p_items: a JSON array of send_batch_item (pin_proof in hex). Answers: one row per item, in item
-- order, as wallet_send's (status, body, replayed), and whether the send was a plain one.
CREATE FUNCTION wallet_send_batch(p_items jsonb, OUT status integer, OUT body jsonb, OUT replayed boolean, OUT plain boolean)
RETURNS SETOF record LANGUAGE plpgsql AS $$
DECLARE
  v_items     send_batch_item[] := ARRAY(SELECT jsonb_populate_recordset(NULL::send_batch_item, p_items));
  v_day       date := (now() AT TIME ZONE 'UTC')::date;
  v_locks     integer[];
  v_senders   uuid[];
  v_receivers uuid[];
  v_asset_ids uuid[];
  v_done      jsonb[];
  i           integer;
BEGIN
  -- Who each send moves money between, in which asset (wallet_send's rules: the receiver is an
  -- active user with a profile, other than the sender, found by id, by e-mail, or as the requester
  -- of the sender's pending payment request, whose asset it is).
  SELECT array_agg(x.sender ORDER BY x.n), array_agg(r.receiver ORDER BY x.n), array_agg(r.asset_id ORDER BY x.n),
         array(SELECT DISTINCT hashtext(s.sender::text) FROM unnest(v_items) s ORDER BY 1)
    INTO v_senders, v_receivers, v_asset_ids, v_locks
    FROM unnest(v_items) WITH ORDINALITY AS x(sender, recipient_email, recipient_id, asset, amount, description, pin_proof, key, hash, request_id, n)
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
    SELECT x.n, x.sender, x.amount::numeric AS amount, x.description, x.key, x.hash, r.receiver, r.asset_id,
           decode(x.pin_proof, 'hex') AS proof,
           x.request_id IS NULL AND count(*) OVER (PARTITION BY x.sender) = 1 AS plain
      FROM unnest(v_items) WITH ORDINALITY AS x(sender, recipient_email, recipient_id, asset, amount, description, pin_proof, key, hash, request_id, n)
      JOIN unnest(v_receivers, v_asset_ids) WITH ORDINALITY AS r(receiver, asset_id, n) USING (n)
  ), plan AS MATERIALIZED (
    SELECT i.*, a.symbol, a.name AS asset_name, a.scale, q.fee,
           CASE WHEN q.bearer = 'sender' THEN i.amount + q.fee ELSE i.amount END AS debit,
           CASE WHEN q.bearer = 'sender' THEN i.amount ELSE i.amount - q.fee END AS credit,
           i.amount * coalesce(pr.price_usd, 0) AS usd,
           sw.id AS sender_wallet, sw.balance, rw.id AS receiver_wallet,
           (SELECT s.id FROM system_accounts s WHERE s.asset_id = a.id AND s.code = 'fees') AS fee_sys,
           p.full_name AS sender_name, rp.full_name AS receiver_name,
           p.transaction_pin_hash IS NOT NULL AND p.pin_failed_attempts = 0 AND p.pin_locked_until IS NULL
             AND pin_hash_matches(p.transaction_pin_hash, i.proof) AS pin_ok,
           k.user_id IS NULL AS key_new,
           NOT coalesce(least(p.daily_transaction_limit, c.day_cap) < u.day_usd + i.amount * coalesce(pr.price_usd, 0)
                        OR least(p.weekly_transaction_limit, c.week_cap) < u.week_usd + i.amount * coalesce(pr.price_usd, 0)
                        OR least(p.monthly_transaction_limit, c.month_cap) < u.month_usd + i.amount * coalesce(pr.price_usd, 0), false) AS limits_ok
      FROM item i
      JOIN profiles p ON p.id = i.sender
      JOIN profiles rp ON rp.id = i.receiver
      JOIN assets a ON a.id = i.asset_id
      LEFT JOIN asset_prices pr ON pr.asset_id = a.id
      LEFT JOIN idempotency_keys k ON k.user_id = i.sender AND k.key = i.key
      LEFT JOIN user_wallets sw ON sw.user_id = i.sender AND sw.asset_id = a.id
      JOIN user_wallets rw ON rw.user_id = i.receiver AND rw.asset_id = a.id
      CROSS JOIN LATERAL ledger_quote_fee('p2p_transfer', a.id, i.amount) q
      CROSS JOIN LATERAL (SELECT coalesce(sum(o.usd) FILTER (WHERE o.day = v_day), 0) AS day_usd,
                                 coalesce(sum(o.usd) FILTER (WHERE o.day > v_day - 7), 0) AS week_usd,
                                 coalesce(sum(o.usd), 0) AS month_usd
                            FROM outgoing_usage o WHERE o.user_id = i.sender AND o.day > v_day - 30) u
      CROSS JOIN (SELECT max(l.max_usd) FILTER (WHERE l.period = 'daily') AS day_cap,
                         max(l.max_usd) FILTER (WHERE l.period = 'weekly') AS week_cap,
                         max(l.max_usd) FILTER (WHERE l.period = 'monthly') AS month_cap
                    FROM transaction_limit_caps l) c
     WHERE i.plain
  ), sent AS MATERIALIZED ( -- ORDER BY: the clock is read after the sort, so the sends' times follow item order
    SELECT p.*, gen_random_uuid() AS tx_id, clock_timestamp() AS ts
      FROM plan p
     WHERE p.key_new AND p.pin_ok AND p.limits_ok AND p.amount > 0 AND p.amount = round(p.amount, p.scale)
       AND p.credit > 0 AND coalesce(p.balance, 0) >= p.debit AND (p.fee = 0 OR p.fee_sys IS NOT NULL)
     ORDER BY p.n
  ), answer AS MATERIALIZED (
    SELECT s.*, jsonb_build_object(
             'transaction', jsonb_build_object(
               'id', s.tx_id, 'created_at', money_iso(s.ts), 'amount', round(s.amount, s.scale)::text, 'fee', round(s.fee, s.scale)::text,
               'status', 'completed', 'transaction_type', 'p2p_transfer', 'description', s.description,
               'asset', jsonb_build_object('symbol', s.symbol, 'name', s.asset_name, 'scale', s.scale),
               'sender', jsonb_build_object('id', s.sender, 'full_name', s.sender_name),
               'receiver', jsonb_build_object('id', s.receiver, 'full_name', s.receiver_name)),
             'fee', round(s.fee, s.scale)::text,
             'total', round(s.debit, s.scale)::text,
             -- as if the batch's sends ran one by one in item order: what this sender received before
             'sender_balance', round(s.balance - s.debit + coalesce(
                (SELECT sum(e.credit) FROM sent e WHERE e.receiver_wallet = s.sender_wallet AND e.n < s.n), 0), s.scale)::text,
             'payment_request_id', NULL) AS body
      FROM sent s
  ), wallets AS (
    UPDATE user_wallets w SET balance = w.balance + m.delta, tx_count = w.tx_count + m.moves, updated_at = m.ts
      FROM (SELECT e.wallet_id, sum(e.delta) AS delta, count(*) AS moves, max(a.ts) AS ts
              FROM answer a CROSS JOIN LATERAL (VALUES (a.sender_wallet, -a.debit), (a.receiver_wallet, a.credit)) e(wallet_id, delta)
             GROUP BY e.wallet_id) m
     WHERE w.id = m.wallet_id
  ), tx AS (
    INSERT INTO transactions (id, created_at, amount, fee, status, transaction_type, description, asset_id, sender_id, receiver_id)
    SELECT a.tx_id, a.ts, a.amount, a.fee, 'completed', 'p2p_transfer', a.description, a.asset_id, a.sender, a.receiver FROM answer a
  ), entries AS (
    INSERT INTO ledger_entries (transaction_id, asset_id, wallet_id, system_account_id, amount, created_at)
    SELECT a.tx_id, a.asset_id, e.wallet_id, e.system_account_id, e.amount, a.ts
      FROM answer a
     CROSS JOIN LATERAL (VALUES (a.sender_wallet, NULL::uuid, -a.debit), (a.receiver_wallet, NULL::uuid, a.credit),
                                (NULL::uuid, a.fee_sys, a.fee)) AS e(wallet_id, system_account_id, amount)
     WHERE e.amount <> 0
  ), usage AS (
    INSERT INTO outgoing_usage AS o (user_id, day, usd) SELECT a.sender, v_day, a.usd FROM answer a
      ON CONFLICT (user_id, day) DO UPDATE SET usd = o.usd + excluded.usd
  ), keys AS (
    INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body)
    SELECT a.sender, a.key, a.hash, 201, a.body FROM answer a WHERE a.key IS NOT NULL
  )
  SELECT array_agg(CASE WHEN a.n IS NOT NULL THEN a.body END ORDER BY x.n) INTO v_done
    FROM generate_series(1, cardinality(v_items)) x(n) LEFT JOIN answer a ON a.n = x.n;

  -- Every other send, one by one after them: wallet_send gives each its own answer.
  FOR i IN 1 .. cardinality(v_items) LOOP
    plain := v_done[i] IS NOT NULL;
    IF plain THEN
      status := 201; body := v_done[i]; replayed := false;
    ELSE
      SELECT s.status, s.body, s.replayed INTO status, body, replayed
        FROM unnest(v_items[i:i]) x
        CROSS JOIN LATERAL wallet_send(x.sender, x.recipient_email, x.recipient_id, x.asset, x.amount, x.description,
                                       decode(x.pin_proof, 'hex'), x.key, x.hash, x.request_id) s;
    END IF;
    RETURN NEXT;
  END LOOP;
END $$;
