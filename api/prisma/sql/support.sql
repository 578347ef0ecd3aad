-- Support tickets. Applied as a repeatable definition (see ledger.sql's header); the
-- tables and CHECKs are in the migrations (prisma/migrations).
--
-- Invariant SU1: every ticket has a ticket_id 'TKT-' and six digits (seven and more after 999,999)
-- drawn from one sequence by the database (the column's DEFAULT), so tickets created at the same
-- moment never share one; UNIQUE (ticket_id) is the final guard.
-- Invariant SU2: resolved_at is set exactly while the status is resolved or closed (a CHECK):
-- stamped with now() when a ticket becomes resolved or closed from another status, kept when it moves
-- between resolved and closed, cleared when it is reopened (open, in_progress, on_hold).
-- Invariant SU3: updated_at is stamped by the database when something of the ticket changes: its
-- status, priority, subject or description, or a new response. An update that changes none of them
-- leaves it as it was.
-- Invariant SU4: a user's response (is_admin_response false) is refused while the ticket is resolved
-- or closed (SQLSTATE SU409). The check runs under the ticket's row lock, taken by the updated_at
-- stamp of SU3: a response and a status change at the same moment end as one after the other, so no
-- user response lands on a ticket that was closed before it committed. Admins answer in any status.
-- Invariant SU5: an attachment of a response is on that response's ticket (whose owner may read it).

CREATE OR REPLACE FUNCTION generate_ticket_id() RETURNS text LANGUAGE sql AS $$
  SELECT 'TKT-' || lpad(nextval('support_ticket_number_seq')::text, 6, '0')
$$;
-- SU1's default calls the function, so it is set here, after the function (the baseline migration
-- creates the table without it).
ALTER TABLE customer_support_tickets ALTER COLUMN ticket_id SET DEFAULT generate_ticket_id();

-- SU2 and SU3 on every write of a ticket.
CREATE OR REPLACE FUNCTION support_ticket_stamps() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status NOT IN ('resolved', 'closed') THEN
    NEW.resolved_at := NULL;
  ELSIF TG_OP = 'UPDATE' AND OLD.status NOT IN ('resolved', 'closed') THEN
    NEW.resolved_at := now();
  ELSE
    NEW.resolved_at := coalesce(NEW.resolved_at, now());
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.status, NEW.priority, NEW.subject, NEW.description)
                          IS DISTINCT FROM (OLD.status, OLD.priority, OLD.subject, OLD.description) THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER support_ticket_stamps BEFORE INSERT OR UPDATE ON customer_support_tickets
  FOR EACH ROW EXECUTE FUNCTION support_ticket_stamps();

-- SU3 (a response is a change of its ticket) and SU4.
CREATE OR REPLACE FUNCTION support_response_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_status ticket_status;
BEGIN
  UPDATE customer_support_tickets SET updated_at = now() WHERE id = NEW.ticket_id RETURNING status INTO v_status;
  IF NOT NEW.is_admin_response AND v_status IN ('resolved', 'closed') THEN
    RAISE EXCEPTION 'ticket % is %: closed to new responses', NEW.ticket_id, v_status USING ERRCODE = 'SU409';
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER support_response_check BEFORE INSERT ON ticket_responses
  FOR EACH ROW EXECUTE FUNCTION support_response_check();

-- SU5.
CREATE OR REPLACE FUNCTION support_attachment_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.response_id IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM ticket_responses r WHERE r.id = NEW.response_id AND r.ticket_id = NEW.ticket_id) THEN
    RAISE EXCEPTION 'attachment % names a response of another ticket', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER support_attachment_check BEFORE INSERT OR UPDATE OF ticket_id, response_id ON support_attachments
  FOR EACH ROW EXECUTE FUNCTION support_attachment_check();
