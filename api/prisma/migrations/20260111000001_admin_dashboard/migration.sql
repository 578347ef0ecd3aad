-- The admin dashboard's live figures (issue 18), each from an index, never a scan of the ledger:
-- platform volume of the last 24 hours: completed transactions by time, with what the sum needs
-- (an index-only range scan); recent sign-ups by time; the books check's latest results, written by
-- its scheduled job (the check itself reads the whole ledger, so a page load never runs it).
CREATE INDEX transactions_completed_created_idx ON transactions (created_at) INCLUDE (asset_id, amount) WHERE status = 'completed';
CREATE INDEX profiles_created_at_idx ON profiles (created_at DESC);
CREATE INDEX customer_support_tickets_status_idx ON customer_support_tickets (status);

CREATE TABLE books_checks (
  id          bigserial PRIMARY KEY,
  checked_at  timestamptz(6) NOT NULL DEFAULT now(),
  duration_ms integer NOT NULL CHECK (duration_ms >= 0),
  problems    jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(problems) = 'array')
);
