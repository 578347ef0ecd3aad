-- Escrow holds (issue 13): money held for a reference (a milestone, an investment, an invoice, a
-- withdrawal in flight) in the asset's escrow system account until it is released or refunded.
-- Tables only; the functions (ledger_hold, ledger_release, ledger_refund) and the new
-- ledger_post_transfer are in prisma/sql/ledger.sql, whose header states invariant L7.
ALTER TYPE transaction_type ADD VALUE 'escrow_hold';
ALTER TYPE transaction_type ADD VALUE 'escrow_refund';

-- The reference a movement belongs to, on every entry of its transaction.
ALTER TABLE ledger_entries
  ADD COLUMN reference_type text,
  ADD COLUMN reference_id uuid,
  ADD CONSTRAINT ledger_entries_reference_pair CHECK ((reference_type IS NULL) = (reference_id IS NULL));
CREATE INDEX ledger_entries_reference_idx ON ledger_entries (reference_type, reference_id) WHERE reference_id IS NOT NULL;

-- One row per reference: what is held now and what went in and out. Like the other ledger tables it
-- carries no foreign keys (R3); the books check verifies held against the escrow entries (L7).
CREATE TABLE escrow_holds (
  reference_type text           NOT NULL CONSTRAINT escrow_holds_reference_type_format CHECK (reference_type ~ '^[a-z][a-z_]{0,39}$'),
  reference_id   uuid           NOT NULL,
  asset_id       uuid           NOT NULL,
  payer_id       uuid           NOT NULL,
  held           numeric(38,18) NOT NULL DEFAULT 0 CONSTRAINT escrow_holds_held_non_negative CHECK (held >= 0),
  held_total     numeric(38,18) NOT NULL DEFAULT 0 CHECK (held_total >= 0),
  released_total numeric(38,18) NOT NULL DEFAULT 0 CHECK (released_total >= 0),
  refunded_total numeric(38,18) NOT NULL DEFAULT 0 CHECK (refunded_total >= 0),
  created_at     timestamptz(6) NOT NULL DEFAULT now(),
  updated_at     timestamptz(6) NOT NULL DEFAULT now(),
  PRIMARY KEY (reference_type, reference_id),
  CONSTRAINT escrow_holds_totals CHECK (held = held_total - released_total - refunded_total)
);

-- ledger_post_transfer gains the reference (prisma/sql/ledger.sql defines the new signature).
DROP FUNCTION ledger_post_transfer(transaction_type, text, uuid, system_account_code, uuid, system_account_code, numeric, text);
