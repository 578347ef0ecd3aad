-- Accounts: identifiers and deletion. Applied as a repeatable definition (see ledger.sql's header).

-- ====================================================================================================
-- identifiers
-- ====================================================================================================
-- The ID support asks for: 'PT-' and two groups of four Crockford base32 characters (no I, L, O, U,
-- so it reads aloud and types without ambiguity), e.g. PT-7K4M-9QX2. 40 random bits; the generator
-- retries until the value is unused, and the UNIQUE constraint is the final guard.
CREATE OR REPLACE FUNCTION gen_customer_id() RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  candidate text;
  i int;
BEGIN
  LOOP
    candidate := 'PT-';
    FOR i IN 1..8 LOOP
      candidate := candidate || substr(alphabet, 1 + floor(random() * 32)::int, 1);
      IF i = 4 THEN candidate := candidate || '-'; END IF;
    END LOOP;
    EXIT WHEN NOT EXISTS (SELECT 1 FROM profiles WHERE customer_id = candidate);
  END LOOP;
  RETURN candidate;
END $$;

-- The column's default calls the function, so it is set here, after the function (the baseline
-- migration creates the table without it).
ALTER TABLE profiles ALTER COLUMN customer_id SET DEFAULT gen_customer_id();

-- The ticket id (generate_ticket_id) is with the other support definitions in support.sql.

-- ====================================================================================================
-- deletion
-- ====================================================================================================
-- Deletes an account the way the terms describe: refused while any wallet holds money (SQLSTATE
-- AC001, the message lists the wallets as 'SYMBOL balance' separated by ', '); otherwise signs out
-- every session, disables sign-in, and removes the personal data of the profile. Financial records
-- stay intact: transactions keep pointing at the profile, whose name now reads 'Deleted user', so
-- counterparties' histories still show the payment. Wallet rows are locked (the ledger locks them
-- too), so a concurrent transfer either lands first (and deletion is refused) or waits.
-- Returns the avatar URL that was removed, so the caller can delete the stored file.
CREATE OR REPLACE FUNCTION account_delete(p_user uuid) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  funded text;
  old_avatar text;
BEGIN
  PERFORM 1 FROM users WHERE id = p_user AND disabled_at IS NULL FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'account not found' USING ERRCODE = 'AC404';
  END IF;
  PERFORM 1 FROM user_wallets WHERE user_id = p_user ORDER BY id FOR UPDATE;
  SELECT string_agg(a.symbol || ' ' || trim_scale(w.balance)::text, ', ' ORDER BY a.symbol) INTO funded
    FROM user_wallets w JOIN assets a ON a.id = w.asset_id
   WHERE w.user_id = p_user AND w.balance > 0;
  IF funded IS NOT NULL THEN
    RAISE EXCEPTION '%', funded USING ERRCODE = 'AC001';
  END IF;

  SELECT avatar_url INTO old_avatar FROM profiles WHERE id = p_user;
  UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = p_user AND revoked_at IS NULL;
  UPDATE users SET email = 'deleted-' || id || '@deleted.invalid', phone = NULL, password_hash = NULL,
                   disabled_at = now()
   WHERE id = p_user;
  UPDATE profiles SET full_name = 'Deleted user', username = NULL, avatar_url = NULL,
                      transaction_pin_hash = NULL, pin_failed_attempts = 0, pin_locked_until = NULL,
                      default_payment_hashtags = '{}', profile_privacy = 'private', is_admin = false,
                      daily_transaction_limit = NULL, weekly_transaction_limit = NULL,
                      monthly_transaction_limit = NULL, deleted_at = now(), updated_at = now()
   WHERE id = p_user;
  -- Bank links hold provider tokens; relationships and pending requests are personal, not ledger.
  DELETE FROM user_linked_accounts WHERE user_id = p_user;
  DELETE FROM user_relationships WHERE requester_id = p_user OR addressee_id = p_user;
  UPDATE payment_requests SET status = 'cancelled' WHERE (requester_id = p_user OR payer_id = p_user) AND status = 'pending';
  DELETE FROM otp_codes WHERE user_id = p_user;
  RETURN old_avatar;
END $$;
