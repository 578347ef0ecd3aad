-- Support tickets, their attachments and the contact inbox (issue 18). What the database keeps true
-- (ticket ids, resolved_at and updated_at stamps, who may still answer a ticket, attachments on the
-- right ticket) is defined in prisma/sql/support.sql (SU1-SU5); this migration changes tables only.

-- SU1: the ticket id is the column's default, so whoever inserts a ticket gets one from the sequence.
ALTER TABLE customer_support_tickets ALTER COLUMN ticket_id SET DEFAULT generate_ticket_id();

-- SU2: resolved_at is set exactly while a ticket is resolved or closed; earlier rows brought in line first.
UPDATE customer_support_tickets SET resolved_at = coalesce(resolved_at, updated_at) WHERE status IN ('resolved', 'closed') AND resolved_at IS NULL;
UPDATE customer_support_tickets SET resolved_at = NULL WHERE status NOT IN ('resolved', 'closed') AND resolved_at IS NOT NULL;
ALTER TABLE customer_support_tickets ADD CONSTRAINT customer_support_tickets_resolved_at CHECK ((resolved_at IS NOT NULL) = (status IN ('resolved', 'closed')));

-- The limits of the forms (spec 001 §5 New ticket, Ticket response), also for writers other than the API.
ALTER TABLE customer_support_tickets ADD CONSTRAINT customer_support_tickets_lengths CHECK (char_length(subject) <= 200 AND char_length(description) <= 5000);
ALTER TABLE ticket_responses ADD CONSTRAINT ticket_responses_length CHECK (char_length(response_text) <= 5000);

-- Lists newest first by keyset (created_at, id): a user's own tickets, and all tickets for admins.
-- The admin search (ticket id or subject contains the text, any case) reads trigram indexes; the
-- user part of it uses the profiles/users trigram indexes of migration 20260105000100_user_search.
DROP INDEX customer_support_tickets_user_id_created_at_idx;
CREATE INDEX customer_support_tickets_user_idx ON customer_support_tickets (user_id, created_at DESC, id DESC);
CREATE INDEX customer_support_tickets_created_idx ON customer_support_tickets (created_at DESC, id DESC);
CREATE INDEX customer_support_tickets_ticket_id_trgm_idx ON customer_support_tickets USING gin (ticket_id gin_trgm_ops);
CREATE INDEX customer_support_tickets_subject_trgm_idx ON customer_support_tickets USING gin (subject gin_trgm_ops);

-- Files on a ticket (response_id NULL) or on one of its responses, in the private bucket
-- support_attachments (platform/storage); the type is what the bytes are, never the name.
CREATE TABLE support_attachments (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ticket_id    uuid NOT NULL REFERENCES customer_support_tickets(id) ON DELETE CASCADE,
  response_id  uuid REFERENCES ticket_responses(id) ON DELETE CASCADE,
  storage_key  text NOT NULL UNIQUE,
  file_name    text NOT NULL CHECK (btrim(file_name) <> '' AND char_length(file_name) <= 200),
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
  size_bytes   integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 5242880),
  created_at   timestamptz(6) NOT NULL DEFAULT now()
);
CREATE INDEX support_attachments_ticket_idx ON support_attachments (ticket_id, created_at, id);
CREATE INDEX support_attachments_response_idx ON support_attachments (response_id) WHERE response_id IS NOT NULL;

-- The contact inbox: an admin marks a message handled (when, by whom) or not handled again.
ALTER TABLE contact_messages
  ADD COLUMN handled_at timestamptz(6),
  ADD COLUMN handled_by uuid REFERENCES profiles(id) ON DELETE SET NULL;
ALTER TABLE contact_messages ADD CONSTRAINT contact_messages_handled CHECK (handled_by IS NULL OR handled_at IS NOT NULL);
CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC, id DESC);
CREATE INDEX contact_messages_unhandled_idx ON contact_messages (created_at DESC, id DESC) WHERE handled_at IS NULL;
