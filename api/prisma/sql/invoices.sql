-- Invoices. Applied as a repeatable definition (see ledger.sql's header); the tables and
-- CHECKs are in the migrations (prisma/migrations, from the baseline on).
--
-- Invariant IN1: an invoice's figures are its items' figures. Each item's total is quantity x unit
-- price rounded to 2 decimals (a CHECK); at the end of every transaction that wrote an invoice or its
-- items, the invoice has at least one item, subtotal = the sum of the item totals, tax = subtotal x
-- rate / 100 rounded to 2 decimals, and total = subtotal + tax (a CHECK). The API computes the same
-- figures with exact decimals (invoices/figures.ts); these triggers refuse anything else (IN001).
-- Invariant IN2: statuses move only forward: draft -> sent | cancelled; sent -> viewed | overdue |
-- paid | cancelled; viewed -> overdue | paid | cancelled; overdue -> paid | cancelled; paid and
-- cancelled are final. What the invoice asks for (client, number, items, figures, asset, notes, terms,
-- due date) changes only while it is a draft. Each step stamps its time (sent_at, viewed_at,
-- cancelled_at; paid_at comes with the payment) and updated_at. Anything else: IN409.
-- Invariant IN3: the client is never the creator (a CHECK). An invoice addressed by e-mail belongs to
-- the account with that confirmed e-mail from the moment it is sent, or from the moment such an
-- account exists (its profile is created or its e-mail confirmed) if that is later. Drafts are not
-- linked: a client sees an invoice only once it is sent.
-- Invariant IN4: an invoice is paid exactly once, by one ledger transaction (payment_transaction_id,
-- UNIQUE and set iff paid: a CHECK). The API pays under the invoice's row lock (FOR UPDATE), so two
-- payments at the same moment end as one payment and one refusal.

-- IN1, at commit.
CREATE OR REPLACE FUNCTION invoice_figures_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
  v_ok boolean;
BEGIN
  -- (separate branches: a record has only its own table's fields)
  IF TG_TABLE_NAME = 'invoices' THEN
    v_id := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    v_id := OLD.invoice_id;
  ELSE
    v_id := NEW.invoice_id;
  END IF;
  SELECT count(it.id) > 0 AND i.subtotal_amount = coalesce(sum(it.total), 0)
         AND i.tax_amount = round(i.subtotal_amount * i.tax_rate / 100, 2)
    INTO v_ok
    FROM invoices i LEFT JOIN invoice_items it ON it.invoice_id = i.id
   WHERE i.id = v_id GROUP BY i.id;
  IF v_ok IS FALSE THEN
    RAISE EXCEPTION 'invoice %: figures are not its items''', v_id USING ERRCODE = 'IN001';
  END IF;
  RETURN NULL;
END $$;

-- (a constraint trigger has no OR REPLACE: dropped and made again, in the same transaction)
DROP TRIGGER IF EXISTS invoice_figures_check ON invoices;
CREATE CONSTRAINT TRIGGER invoice_figures_check AFTER INSERT OR UPDATE ON invoices
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION invoice_figures_check();
DROP TRIGGER IF EXISTS invoice_item_figures_check ON invoice_items;
CREATE CONSTRAINT TRIGGER invoice_item_figures_check AFTER INSERT OR UPDATE OR DELETE ON invoice_items
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION invoice_figures_check();

-- IN2 and IN3 (linking at send) on every update of an invoice.
CREATE OR REPLACE FUNCTION invoice_status_rules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> OLD.status AND NOT (OLD.status, NEW.status) IN (
       ('draft', 'sent'), ('draft', 'cancelled'),
       ('sent', 'viewed'), ('sent', 'overdue'), ('sent', 'paid'), ('sent', 'cancelled'),
       ('viewed', 'overdue'), ('viewed', 'paid'), ('viewed', 'cancelled'),
       ('overdue', 'paid'), ('overdue', 'cancelled')) THEN
    RAISE EXCEPTION 'invoice %: % cannot become %', OLD.id, OLD.status, NEW.status USING ERRCODE = 'IN409';
  END IF;
  IF OLD.status <> 'draft' AND (NEW.creator_id, NEW.client_email, NEW.client_name, NEW.invoice_number, NEW.subtotal_amount,
       NEW.tax_rate, NEW.tax_amount, NEW.total_amount, NEW.asset_id, NEW.notes, NEW.terms, NEW.due_date)
     IS DISTINCT FROM (OLD.creator_id, OLD.client_email, OLD.client_name, OLD.invoice_number, OLD.subtotal_amount,
       OLD.tax_rate, OLD.tax_amount, OLD.total_amount, OLD.asset_id, OLD.notes, OLD.terms, OLD.due_date)
     OR (OLD.status <> 'draft' AND OLD.client_profile_id IS NOT NULL AND NEW.client_profile_id IS DISTINCT FROM OLD.client_profile_id) THEN
    RAISE EXCEPTION 'invoice % is %: only a draft can be changed', OLD.id, OLD.status USING ERRCODE = 'IN409';
  END IF;
  IF NEW.status <> OLD.status THEN
    CASE NEW.status
      WHEN 'sent' THEN NEW.sent_at := now();
      WHEN 'viewed' THEN NEW.viewed_at := now();
      WHEN 'cancelled' THEN NEW.cancelled_at := now();
      ELSE NULL;
    END CASE;
  END IF;
  IF NEW.status = 'sent' AND OLD.status = 'draft' AND NEW.client_profile_id IS NULL THEN
    NEW.client_profile_id := invoice_account_of(NEW.client_email, NEW.creator_id);
  END IF;
  IF NEW IS DISTINCT FROM OLD THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER invoice_status_rules BEFORE UPDATE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoice_status_rules();

-- IN2: items change only while their invoice is a draft.
CREATE OR REPLACE FUNCTION invoice_items_draft_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_status invoice_status;
BEGIN
  SELECT status INTO v_status FROM invoices WHERE id = coalesce(NEW.invoice_id, OLD.invoice_id);
  IF v_status IS DISTINCT FROM 'draft' AND v_status IS NOT NULL THEN
    RAISE EXCEPTION 'invoice % is %: only a draft''s items can be changed', coalesce(NEW.invoice_id, OLD.invoice_id), v_status USING ERRCODE = 'IN409';
  END IF;
  RETURN coalesce(NEW, OLD);
END $$;

CREATE OR REPLACE TRIGGER invoice_items_draft_only BEFORE INSERT OR UPDATE OR DELETE ON invoice_items
  FOR EACH ROW EXECUTE FUNCTION invoice_items_draft_only();

-- IN3: the account (profile) with this confirmed e-mail, if there is one and it is not the creator's.
CREATE OR REPLACE FUNCTION invoice_account_of(p_email text, p_creator uuid) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT u.id FROM users u JOIN profiles p ON p.id = u.id
   WHERE u.email = lower(p_email) AND u.email_confirmed_at IS NOT NULL AND u.id <> p_creator
$$;

-- IN3: an account that comes to exist later (profile created, or e-mail confirmed after it) gets the
-- invoices already sent to its e-mail.
CREATE OR REPLACE FUNCTION invoice_link_new_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE invoices i SET client_profile_id = a.id
    FROM (SELECT u.id, u.email FROM users u JOIN profiles p ON p.id = u.id
           WHERE u.id = NEW.id AND u.email_confirmed_at IS NOT NULL) a
   WHERE i.client_profile_id IS NULL AND i.client_email = a.email AND i.status <> 'draft' AND i.creator_id <> a.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER invoice_link_new_profile AFTER INSERT ON profiles
  FOR EACH ROW EXECUTE FUNCTION invoice_link_new_account();
CREATE OR REPLACE TRIGGER invoice_link_confirmed_email AFTER UPDATE OF email_confirmed_at ON users
  FOR EACH ROW WHEN (OLD.email_confirmed_at IS NULL AND NEW.email_confirmed_at IS NOT NULL)
  EXECUTE FUNCTION invoice_link_new_account();
