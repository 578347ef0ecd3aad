-- Notifications (prisma/sql/notifications.sql writes them): one row per event that involves a person,
-- written in the event's own transaction. The text is made from kind, actor and data when read
-- (platform/notifications/words.ts); link is the path of the object in the portal.
CREATE TYPE notification_kind AS ENUM (
  'money_received', 'request_received', 'request_paid',
  'proposal_received', 'proposal_accepted', 'proposal_rejected',
  'milestone_funded', 'milestone_submitted', 'milestone_changes_requested', 'milestone_approved',
  'milestone_auto_released', 'milestone_disputed', 'milestone_resolved',
  'investment_confirmed', 'investment_refunded',
  'campaign_approved', 'campaign_rejected', 'campaign_funded', 'campaign_failed',
  'invoice_received', 'invoice_viewed', 'invoice_paid', 'invoice_overdue',
  'deposit_settled', 'deposit_failed', 'withdrawal_paid', 'withdrawal_returned',
  'ticket_answered', 'ticket_resolved', 'kyc_approved', 'kyc_rejected',
  'friend_request', 'message_received');

CREATE TABLE notifications (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind       notification_kind NOT NULL,
  actor_id   uuid REFERENCES users(id) ON DELETE SET NULL,
  link       text NOT NULL CHECK (link ~ '^/[A-Za-z0-9/_#?=&.-]*$'),
  data       jsonb NOT NULL DEFAULT '{}',
  read_at    timestamptz(6),
  created_at timestamptz(6) NOT NULL DEFAULT now()
);
-- the list (keyset, newest first) and the unread count
CREATE INDEX notifications_user_page_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
CREATE INDEX notifications_actor_idx ON notifications (actor_id) WHERE actor_id IS NOT NULL;

-- Per-kind e-mail preference: a row means the user wants no e-mail of that kind (the default is on).
CREATE TABLE notification_email_opt_outs (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind    notification_kind NOT NULL,
  PRIMARY KEY (user_id, kind)
);
