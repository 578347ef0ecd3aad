-- Bank linking, deposits and instant withdrawal (issue 20). The rules the database keeps are in
-- prisma/sql/banking.sql; the ledger's escrow release learns a fee fixed when the money was held
-- (prisma/sql/ledger.sql: a withdrawal's fee is quoted, held with the amount and paid out at settle).

-- A bank movement booked and then undone by the bank (a deposit returned after it was credited, a
-- withdrawal returned after it was paid out).
ALTER TYPE transaction_type ADD VALUE IF NOT EXISTS 'bank_reversal';

CREATE TYPE bank_transfer_direction AS ENUM ('deposit', 'withdrawal');
-- requested: booked here, not yet accepted by the bank network; declined: refused at authorization.
-- The rest are Plaid's transfer statuses (posted, settled, funds_available, failed, returned).
CREATE TYPE bank_transfer_status AS ENUM ('requested', 'declined', 'pending', 'posted', 'settled', 'funds_available', 'failed', 'returned');

-- The same bank account linked twice is one row; the capability decides instant (rtp) or same-day ACH.
ALTER TABLE user_linked_accounts
  ADD COLUMN rtp_credit boolean NOT NULL DEFAULT false,
  ADD COLUMN updated_at timestamptz(6) NOT NULL DEFAULT now(),
  ADD CONSTRAINT user_linked_accounts_plaid_account_key UNIQUE (user_id, plaid_item_id, plaid_account_id);
CREATE INDEX user_linked_accounts_item_idx ON user_linked_accounts(plaid_item_id);

CREATE TABLE bank_transfers (
  id                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id                  uuid NOT NULL REFERENCES profiles(id),
  linked_account_id        uuid REFERENCES user_linked_accounts(id) ON DELETE SET NULL,
  direction                bank_transfer_direction NOT NULL,
  asset_id                 uuid NOT NULL REFERENCES assets(id),
  amount                   numeric(38,18) NOT NULL CONSTRAINT bank_transfers_amount_positive CHECK (amount > 0),
  fee                      numeric(38,18) NOT NULL DEFAULT 0 CONSTRAINT bank_transfers_fee_non_negative CHECK (fee >= 0),
  network                  text NOT NULL CONSTRAINT bank_transfers_network CHECK (network IN ('ach', 'same-day-ach', 'rtp')),
  status                   bank_transfer_status NOT NULL DEFAULT 'requested',
  failure_reason           text,
  -- what the user linked, kept for the history when the account is unlinked
  institution_name         text NOT NULL,
  account_name             text NOT NULL,
  account_mask             text,
  plaid_account_id         text NOT NULL,
  plaid_authorization_id   text,
  plaid_transfer_id        text UNIQUE,
  -- the ledger: a withdrawal's hold (at request) and its pay-out (at settle); a deposit's credit (at settle)
  hold_transaction_id      uuid UNIQUE,
  booked_transaction_id    uuid UNIQUE,
  undo_transaction_id      uuid UNIQUE,
  -- a returned deposit the wallet no longer held in full: what could not be taken back
  shortfall                numeric(38,18) NOT NULL DEFAULT 0 CONSTRAINT bank_transfers_shortfall_non_negative CHECK (shortfall >= 0),
  created_at               timestamptz(6) NOT NULL DEFAULT now(),
  updated_at               timestamptz(6) NOT NULL DEFAULT now(),
  CONSTRAINT bank_transfers_fee_only_withdrawals CHECK (direction = 'withdrawal' OR fee = 0),
  CONSTRAINT bank_transfers_withdrawal_held CHECK (direction = 'deposit' OR hold_transaction_id IS NOT NULL),
  CONSTRAINT bank_transfers_deposit_no_hold CHECK (direction = 'withdrawal' OR hold_transaction_id IS NULL),
  CONSTRAINT bank_transfers_at_plaid CHECK (status IN ('requested', 'declined', 'failed') OR plaid_transfer_id IS NOT NULL)
);
CREATE INDEX bank_transfers_user_idx ON bank_transfers(user_id, created_at DESC, id DESC);
CREATE INDEX bank_transfers_requested_idx ON bank_transfers(created_at) WHERE status = 'requested';

-- Where the portal is in Plaid's transfer event stream (/transfer/event/sync after_id): one row.
CREATE TABLE plaid_event_cursor (
  id            boolean PRIMARY KEY DEFAULT true CONSTRAINT plaid_event_cursor_one_row CHECK (id),
  last_event_id bigint NOT NULL DEFAULT 0,
  updated_at    timestamptz(6) NOT NULL DEFAULT now()
);
INSERT INTO plaid_event_cursor DEFAULT VALUES;

-- The ledger functions gain an optional trailing fee argument (prisma/sql/ledger.sql); the old
-- signatures go so that calls stay unambiguous.
DROP FUNCTION IF EXISTS ledger_release(text, uuid, uuid, numeric, transaction_type, text, system_account_code);
DROP FUNCTION IF EXISTS ledger_pay_out_hold(text, uuid, boolean, uuid, system_account_code, numeric, transaction_type, text);
DROP FUNCTION IF EXISTS ledger_post_transfer(transaction_type, text, uuid, system_account_code, uuid, system_account_code, numeric, text, text, uuid);
