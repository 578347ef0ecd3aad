-- Invoices that are sent, viewed and paid through the ledger (issue 19). What the database keeps true
-- (the figures, the order of statuses, who the client is) is defined in prisma/sql/invoices.sql
-- (IN1-IN4); this migration changes tables only.

-- When each step happened, and the ledger transaction that paid the invoice (IN2: set iff paid).
ALTER TABLE invoices
  ADD COLUMN sent_at                timestamptz(6),
  ADD COLUMN viewed_at              timestamptz(6),
  ADD COLUMN paid_at                timestamptz(6),
  ADD COLUMN cancelled_at           timestamptz(6),
  ADD COLUMN payment_transaction_id uuid UNIQUE REFERENCES transactions(id) ON DELETE RESTRICT;
ALTER TABLE invoices ADD CONSTRAINT invoices_paid_by_ledger
  CHECK ((status = 'paid') = (payment_transaction_id IS NOT NULL AND paid_at IS NOT NULL));
ALTER TABLE invoices ADD CONSTRAINT invoices_sent_at CHECK ((status = 'draft' OR (status = 'cancelled' AND sent_at IS NULL)) = (sent_at IS NULL));

-- The limits of the form (spec 001 §5 Invoice), also for writers other than the API.
ALTER TABLE invoices ADD CONSTRAINT invoices_not_to_self CHECK (client_profile_id IS DISTINCT FROM creator_id);
ALTER TABLE invoices ADD CONSTRAINT invoices_tax_rate_max CHECK (tax_rate <= 100);
ALTER TABLE invoices ADD CONSTRAINT invoices_lengths CHECK (
  char_length(invoice_number) BETWEEN 1 AND 40 AND char_length(coalesce(client_name, '')) <= 200
  AND char_length(coalesce(client_email, '')) <= 254 AND char_length(coalesce(notes, '')) <= 2000 AND char_length(coalesce(terms, '')) <= 2000);
ALTER TABLE invoices ADD CONSTRAINT invoices_client_email_lower CHECK (client_email = lower(client_email));
ALTER TABLE invoice_items ADD CONSTRAINT invoice_items_description_length CHECK (char_length(description) <= 500);

-- Lists newest first by keyset (created_at, id): the creator's Sent tab and the client's Received tab;
-- the overdue job reads unpaid invoices by due date; a new account finds invoices sent to its e-mail.
CREATE INDEX invoices_creator_idx ON invoices (creator_id, created_at DESC, id DESC);
CREATE INDEX invoices_client_idx ON invoices (client_profile_id, created_at DESC, id DESC);
CREATE INDEX invoices_due_idx ON invoices (status, due_date);
CREATE INDEX invoices_client_email_idx ON invoices (client_email);
