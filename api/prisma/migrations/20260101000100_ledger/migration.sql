-- Portal schema, part 2: the ledger. Every movement of money is posted by ledger_post_transfer()
-- in one call (one round trip, one database transaction). Nothing else writes wallet balances or
-- ledger entries.
--
-- Invariants:
--   L1  Every transaction's ledger entries sum to zero, so per asset all entries sum to zero.
--       (Entries are signed: + credits an account, - debits it.)
--   L2  A user wallet's balance equals the sum of its entries. Wallets store the balance because
--       it is what the CHECK below guards and what screens read; ledger_check (TypeScript
--       checkBooks()) verifies L1 and L2.
--   L3  A user wallet's balance is never below zero: CHECK (balance >= 0). The function also checks
--       first, to return a clear "insufficient funds" instead of a constraint violation.
--   L4  Wallet rows are locked in one fixed order (by id) before they are changed, so two transfers
--       in opposite directions cannot deadlock.
--   L5  An amount finer than its asset's scale is refused; fees are rounded to the asset's scale.
--   L6  Ledger entries are append-only (UPDATE and DELETE raise).
--
-- System accounts (deposits, withdrawals, fees, escrow; one per asset) keep no stored balance:
-- their balance is the sum of their entries (view system_account_balances). The fee account is
-- credited by every transfer; a stored balance there would make one row lock the queue that all
-- transfers wait in. The deposits account is the counterpart of money brought in from outside,
-- so its balance is negative by the amount deposited and not withdrawn.

CREATE TABLE user_wallets (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES profiles(id) ON DELETE RESTRICT,
  asset_id   uuid NOT NULL REFERENCES assets(id) ON DELETE RESTRICT,
  balance    numeric(38,18) NOT NULL DEFAULT 0,
  created_at timestamptz(6) NOT NULL DEFAULT now(),
  updated_at timestamptz(6) NOT NULL DEFAULT now(),
  CONSTRAINT user_wallets_balance_non_negative CHECK (balance >= 0), -- L3
  UNIQUE (user_id, asset_id)
);

CREATE TABLE system_accounts (
  id       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code     system_account_code NOT NULL,
  asset_id uuid NOT NULL REFERENCES assets(id) ON DELETE RESTRICT,
  UNIQUE (code, asset_id)
);

CREATE TABLE transactions (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at       timestamptz(6) NOT NULL DEFAULT now(),
  amount           numeric(38,18) NOT NULL CHECK (amount > 0),
  fee              numeric(38,18) NOT NULL DEFAULT 0 CHECK (fee >= 0),
  status           transaction_status NOT NULL,
  transaction_type transaction_type NOT NULL,
  description      text,
  asset_id         uuid NOT NULL REFERENCES assets(id) ON DELETE RESTRICT,
  sender_id        uuid REFERENCES profiles(id) ON DELETE RESTRICT,   -- null: money came from a system account
  receiver_id      uuid REFERENCES profiles(id) ON DELETE RESTRICT    -- null: money went to a system account
);
CREATE INDEX transactions_sender_id_created_at_idx ON transactions(sender_id, created_at DESC);
CREATE INDEX transactions_receiver_id_created_at_idx ON transactions(receiver_id, created_at DESC);

CREATE TABLE ledger_entries (
  id                bigserial PRIMARY KEY,
  transaction_id    uuid NOT NULL REFERENCES transactions(id) ON DELETE RESTRICT,
  asset_id          uuid NOT NULL REFERENCES assets(id) ON DELETE RESTRICT,
  wallet_id         uuid REFERENCES user_wallets(id) ON DELETE RESTRICT,
  system_account_id uuid REFERENCES system_accounts(id) ON DELETE RESTRICT,
  amount            numeric(38,18) NOT NULL CHECK (amount <> 0),
  created_at        timestamptz(6) NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(wallet_id, system_account_id) = 1) -- each entry moves one account
);
CREATE INDEX ledger_entries_transaction_id_idx ON ledger_entries(transaction_id);
CREATE INDEX ledger_entries_wallet_id_idx ON ledger_entries(wallet_id);
CREATE INDEX ledger_entries_system_account_id_idx ON ledger_entries(system_account_id);

CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only (L6); post a reversing transfer instead';
END $$;
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_append_only();

-- Fee = round(amount * percent / 100 + fixed, scale), then at least minimum, at most maximum.
-- A row with asset_id null applies to assets without a row of their own.
CREATE TABLE fee_schedule (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  transaction_type transaction_type NOT NULL,
  asset_id         uuid REFERENCES assets(id) ON DELETE CASCADE,
  percent          numeric(9,6) NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
  fixed            numeric(38,18) NOT NULL DEFAULT 0 CHECK (fixed >= 0),
  minimum          numeric(38,18) NOT NULL DEFAULT 0 CHECK (minimum >= 0),
  maximum          numeric(38,18) CHECK (maximum >= minimum),
  bearer           fee_bearer NOT NULL DEFAULT 'sender', -- sender: paid on top; receiver: taken from the amount
  UNIQUE NULLS NOT DISTINCT (transaction_type, asset_id)
);

ALTER TABLE project_milestones
  ADD CONSTRAINT project_milestones_payment_transaction_id_fkey FOREIGN KEY (payment_transaction_id) REFERENCES transactions(id) ON DELETE RESTRICT;
ALTER TABLE investments
  ADD CONSTRAINT investments_transaction_id_fkey FOREIGN KEY (transaction_id) REFERENCES transactions(id) ON DELETE RESTRICT;

CREATE VIEW system_account_balances AS
  SELECT sa.id, sa.code, sa.asset_id, coalesce(sum(e.amount), 0)::numeric(38,18) AS balance
  FROM system_accounts sa LEFT JOIN ledger_entries e ON e.system_account_id = sa.id
  GROUP BY sa.id;

-- Quote the fee for a movement without posting it (shown to the user before confirming).
CREATE FUNCTION ledger_quote_fee(p_type transaction_type, p_asset_id uuid, p_amount numeric)
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

-- Post one movement of p_amount of an asset from a user or system account to a user or system
-- account, with the scheduled fee credited to the asset's fee account. Exactly one of p_from_user /
-- p_from_system and one of p_to_user / p_to_system is given. The receiver's wallet is created on
-- first receipt. Errors carry their own SQLSTATE so callers can map them without parsing text:
--   LD001 amount not above zero     LD002 amount finer than the asset's scale
--   LD003 unknown asset             LD004 bad parties (both/neither, or sender = receiver)
--   LD005 missing system account    LD006 fee not below the amount (fee taken from the amount)
--   LD010 insufficient funds
CREATE FUNCTION ledger_post_transfer(
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
  v_now         timestamptz := now();
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

  -- Figures come back at the asset's scale ("12.50" for USD), ready for JSON.
  RETURN QUERY SELECT v_tx, v_now, round(p_amount, v_scale), round(v_fee, v_scale),
    CASE WHEN v_from_wallet IS NULL THEN NULL ELSE round(v_from_bal - v_debit, v_scale) END;
END $$;
