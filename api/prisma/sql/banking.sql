-- Bank transfers. Applied as a repeatable definition (see ledger.sql's header); the tables
-- and CHECKs are in the migrations (prisma/migrations).
--
-- Invariant BK1: a withdrawal's money leaves the wallet when it is requested: amount + quoted fee are
-- held in escrow for reference ('withdrawal', id) (hold_transaction_id, a CHECK). While the bank has
-- not settled it the money stays held; settled, the hold is paid out to the 'withdrawals' account with
-- the quoted fee (booked_transaction_id); declined, failed or returned before settling, the hold goes
-- back to the wallet (undo_transaction_id). Returned after settling, the amount and the fee come back
-- from the 'withdrawals' and 'fees' accounts (undo_transaction_id, type bank_reversal).
-- Invariant BK2: a deposit credits the wallet exactly once, when the bank settles it (booked_transaction_id,
-- UNIQUE); never while pending, never when failed. A deposit returned after it was credited is taken
-- back (undo_transaction_id, type bank_reversal), as far as the wallet still holds it (the rest is its
-- shortfall, for the operators).
-- Invariant BK3: statuses move only forward, in Plaid's order:
--   requested -> declined | failed | pending | posted | settled | funds_available
--   pending -> posted | settled | funds_available | failed | returned
--   posted -> settled | funds_available | failed | returned
--   settled -> funds_available | returned;  funds_available -> returned;  declined, failed, returned are final.
-- (Events can be skipped, e.g. a sync that sees 'settled' right after the request; never go back.)
-- Each change stamps updated_at; anything else raises BK409. The event sync applies Plaid's events in
-- event_id order under the plaid_event_cursor row lock, so a webhook that arrives twice changes nothing twice.

CREATE OR REPLACE FUNCTION bank_transfer_status_rank(s bank_transfer_status) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE s WHEN 'requested' THEN 0 WHEN 'pending' THEN 1 WHEN 'posted' THEN 2 WHEN 'settled' THEN 3
                WHEN 'funds_available' THEN 4 ELSE 9 END -- declined, failed, returned: final
$$;

-- BK3
CREATE OR REPLACE FUNCTION bank_transfer_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id <> OLD.user_id OR NEW.direction <> OLD.direction OR NEW.asset_id <> OLD.asset_id
     OR NEW.amount <> OLD.amount OR NEW.fee <> OLD.fee OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'a bank transfer''s party, direction, asset, amount and fee never change' USING ERRCODE = 'BK409';
  END IF;
  IF NEW.status <> OLD.status THEN
    IF bank_transfer_status_rank(OLD.status) = 9
       OR bank_transfer_status_rank(NEW.status) <= bank_transfer_status_rank(OLD.status)
       OR (NEW.status = 'declined' AND OLD.status <> 'requested')
       OR (NEW.status = 'failed' AND OLD.status NOT IN ('requested', 'pending', 'posted'))
       OR (NEW.status = 'returned' AND OLD.status = 'requested') THEN
      RAISE EXCEPTION 'a bank transfer cannot go from % to %', OLD.status, NEW.status USING ERRCODE = 'BK409';
    END IF;
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END $$;

DROP TRIGGER IF EXISTS bank_transfer_guard ON bank_transfers;
CREATE TRIGGER bank_transfer_guard BEFORE UPDATE ON bank_transfers FOR EACH ROW EXECUTE FUNCTION bank_transfer_guard();
