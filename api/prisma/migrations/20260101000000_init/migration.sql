-- Portal schema, part 1: every entity of specs 000 and 001 plus auth, outbox, idempotency, audit.
-- Hand-written (Prisma's schema engine is not available offline); `check:schema` compares this
-- with prisma/schema.prisma. The ledger tables and functions are in the next migration.
--
-- Invariants stated here and enforced by the database, not only by code:
--   * users.email is stored lower-case, so its plain UNIQUE is case-insensitive.
--   * profiles.id = users.id (one profile per user).
--   * usernames are unique and 3-20 of [A-Za-z0-9_].
--   * a message thread exists once per pair of users (user_one_id < user_two_id).
--   * counters, amounts and budgets are never negative.

-- ---------------------------------------------------------------- enums
CREATE TYPE kyc_status AS ENUM ('not_started', 'pending', 'verified', 'rejected');
CREATE TYPE profile_privacy AS ENUM ('public', 'friends_only', 'private');
CREATE TYPE asset_type AS ENUM ('fiat', 'crypto');
CREATE TYPE transaction_type AS ENUM ('p2p_transfer', 'deposit', 'withdrawal', 'milestone_payment', 'investment', 'invoice_payment', 'payment_request_payment');
CREATE TYPE transaction_status AS ENUM ('pending', 'completed', 'failed', 'reversed');
CREATE TYPE system_account_code AS ENUM ('deposits', 'withdrawals', 'fees', 'escrow');
CREATE TYPE fee_bearer AS ENUM ('sender', 'receiver');
CREATE TYPE budget_type AS ENUM ('fixed', 'hourly');
CREATE TYPE project_status AS ENUM ('open', 'in_progress', 'completed', 'cancelled');
CREATE TYPE proposal_status AS ENUM ('submitted', 'accepted', 'rejected', 'withdrawn');
CREATE TYPE contract_status AS ENUM ('active', 'completed', 'cancelled', 'disputed');
CREATE TYPE milestone_status AS ENUM ('pending', 'submitted_for_payment', 'paid');
CREATE TYPE campaign_status AS ENUM ('draft', 'pending_approval', 'active', 'funded', 'closed', 'rejected');
CREATE TYPE investment_status AS ENUM ('pending_verification', 'confirmed', 'rejected', 'refunded');
CREATE TYPE post_content_type AS ENUM ('text', 'image', 'video');
CREATE TYPE payment_request_status AS ENUM ('pending', 'paid', 'declined', 'cancelled');
CREATE TYPE message_status AS ENUM ('sent', 'delivered', 'read');
CREATE TYPE invoice_status AS ENUM ('draft', 'sent', 'viewed', 'paid', 'overdue', 'cancelled');
CREATE TYPE linked_account_status AS ENUM ('active', 'login_required', 'disconnected');
CREATE TYPE ticket_status AS ENUM ('open', 'in_progress', 'on_hold', 'resolved', 'closed');
CREATE TYPE ticket_priority AS ENUM ('low', 'medium', 'high', 'urgent');
CREATE TYPE relationship_status AS ENUM ('pending', 'accepted', 'blocked');
CREATE TYPE kyc_submission_status AS ENUM ('pending', 'approved', 'rejected');
CREATE TYPE outbox_channel AS ENUM ('email', 'sms');
CREATE TYPE oauth_provider AS ENUM ('google', 'facebook');

-- ---------------------------------------------------------------- auth
CREATE TABLE users (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email              text NOT NULL UNIQUE CHECK (email = lower(email) AND position('@' in email) > 1),
  phone              text UNIQUE,
  password_hash      text,
  email_confirmed_at timestamptz(6),
  phone_confirmed_at timestamptz(6),
  disabled_at        timestamptz(6),
  created_at         timestamptz(6) NOT NULL DEFAULT now()
);

-- A refresh token belongs to a family (one sign-in). Rotation marks the old row rotated_at and
-- inserts the successor in the same family; presenting a rotated token revokes the whole family.
CREATE TABLE refresh_tokens (
  id         bigserial PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  family_id  uuid NOT NULL,
  token_hash text NOT NULL UNIQUE, -- sha256 of the token; the token itself is never stored
  created_at timestamptz(6) NOT NULL DEFAULT now(),
  expires_at timestamptz(6) NOT NULL,
  rotated_at timestamptz(6),
  revoked_at timestamptz(6),
  user_agent text
);
CREATE INDEX refresh_tokens_family_id_idx ON refresh_tokens(family_id);
CREATE INDEX refresh_tokens_user_id_idx ON refresh_tokens(user_id);

CREATE TABLE otp_codes (
  id          bigserial PRIMARY KEY,
  user_id     uuid REFERENCES users(id) ON DELETE CASCADE,
  phone       text NOT NULL,
  code_hash   text NOT NULL,
  attempts    integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at  timestamptz(6) NOT NULL DEFAULT now(),
  expires_at  timestamptz(6) NOT NULL,
  consumed_at timestamptz(6)
);
CREATE INDEX otp_codes_phone_idx ON otp_codes(phone);

CREATE TABLE oauth_states (
  state         text PRIMARY KEY,
  provider      oauth_provider NOT NULL,
  code_verifier text NOT NULL,
  redirect_to   text NOT NULL,
  created_at    timestamptz(6) NOT NULL DEFAULT now(),
  expires_at    timestamptz(6) NOT NULL
);

-- Outbound e-mail and SMS: written here in development and tests, read by a sender in production.
CREATE TABLE outbox_messages (
  id         bigserial PRIMARY KEY,
  channel    outbox_channel NOT NULL,
  recipient  text NOT NULL,
  subject    text,
  body       text NOT NULL,
  user_id    uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz(6) NOT NULL DEFAULT now(),
  sent_at    timestamptz(6)
);

-- A money-moving request is stored under (user, Idempotency-Key) with a hash of its body;
-- a retry returns the stored response, the same key with another body is refused.
CREATE TABLE idempotency_keys (
  user_id         uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key             text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
  request_hash    text NOT NULL,
  response_status integer,
  response_body   jsonb,
  created_at      timestamptz(6) NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

CREATE TABLE audit_log (
  id         bigserial PRIMARY KEY,
  actor_id   uuid REFERENCES users(id) ON DELETE SET NULL,
  action     text NOT NULL,
  subject    text,
  data       jsonb,
  ip         text,
  created_at timestamptz(6) NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_actor_id_idx ON audit_log(actor_id);

-- Fixed-window counters shared by every API process (sign-in per IP and per account, OTP, PIN).
CREATE TABLE rate_limit_buckets (
  key          text PRIMARY KEY,
  window_start timestamptz(6) NOT NULL,
  hits         integer NOT NULL CHECK (hits >= 0)
);

-- ---------------------------------------------------------------- profiles
CREATE TABLE profiles (
  id                        uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  full_name                 text,
  username                  text UNIQUE CHECK (username ~ '^[A-Za-z0-9_]{3,20}$'),
  avatar_url                text,
  kyc_status                kyc_status NOT NULL DEFAULT 'not_started',
  transaction_pin_hash      text,
  pin_failed_attempts       integer NOT NULL DEFAULT 0 CHECK (pin_failed_attempts >= 0),
  pin_locked_until          timestamptz(6),
  is_accredited_investor    boolean NOT NULL DEFAULT false,
  daily_transaction_limit   numeric(38,18) CHECK (daily_transaction_limit >= 0),
  weekly_transaction_limit  numeric(38,18) CHECK (weekly_transaction_limit >= 0),
  monthly_transaction_limit numeric(38,18) CHECK (monthly_transaction_limit >= 0),
  default_payment_hashtags  text[] NOT NULL DEFAULT '{}',
  profile_privacy           profile_privacy NOT NULL DEFAULT 'public',
  is_admin                  boolean NOT NULL DEFAULT false,
  created_at                timestamptz(6) NOT NULL DEFAULT now(),
  updated_at                timestamptz(6) NOT NULL DEFAULT now()
);

CREATE TABLE kyc_submissions (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id       uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  status        kyc_submission_status NOT NULL DEFAULT 'pending',
  document_type text NOT NULL,
  document_path text NOT NULL,
  selfie_path   text,
  reviewer_id   uuid REFERENCES profiles(id) ON DELETE SET NULL,
  review_note   text,
  created_at    timestamptz(6) NOT NULL DEFAULT now(),
  reviewed_at   timestamptz(6)
);
CREATE INDEX kyc_submissions_user_id_idx ON kyc_submissions(user_id);

-- ---------------------------------------------------------------- assets
CREATE TABLE assets (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  symbol     text NOT NULL UNIQUE CHECK (symbol ~ '^[A-Z0-9]{2,10}$'),
  name       text NOT NULL,
  logo_url   text,
  asset_type asset_type NOT NULL,
  scale      integer NOT NULL CHECK (scale BETWEEN 0 AND 18), -- numeric(38,18) holds at most 18 places
  created_at timestamptz(6) NOT NULL DEFAULT now()
);

CREATE TABLE asset_prices (
  asset_id   uuid PRIMARY KEY REFERENCES assets(id) ON DELETE CASCADE,
  price_usd  numeric(38,18) NOT NULL CHECK (price_usd >= 0),
  updated_at timestamptz(6) NOT NULL DEFAULT now()
);

-- ---------------------------------------------------------------- marketplace
CREATE TABLE projects (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id       uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  title           text NOT NULL,
  description     text NOT NULL,
  skills_required text[] NOT NULL DEFAULT '{}',
  budget_amount   numeric(38,18) NOT NULL CHECK (budget_amount >= 0),
  budget_type     budget_type NOT NULL,
  budget_currency uuid NOT NULL REFERENCES assets(id) ON DELETE RESTRICT,
  status          project_status NOT NULL DEFAULT 'open',
  deadline        timestamptz(6),
  created_at      timestamptz(6) NOT NULL DEFAULT now(),
  updated_at      timestamptz(6) NOT NULL DEFAULT now()
);

CREATE TABLE project_proposals (
  id                      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id              uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  freelancer_id           uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  proposal_text           text NOT NULL,
  proposed_amount         numeric(38,18) CHECK (proposed_amount >= 0),
  estimated_duration_days integer CHECK (estimated_duration_days >= 0),
  status                  proposal_status NOT NULL DEFAULT 'submitted',
  contract_id             uuid, -- FK added after project_contracts exists
  created_at              timestamptz(6) NOT NULL DEFAULT now(),
  updated_at              timestamptz(6) NOT NULL DEFAULT now()
);

CREATE TABLE project_contracts (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id        uuid NOT NULL REFERENCES projects(id) ON DELETE RESTRICT,
  proposal_id       uuid NOT NULL UNIQUE REFERENCES project_proposals(id) ON DELETE RESTRICT,
  client_id         uuid NOT NULL REFERENCES profiles(id) ON DELETE RESTRICT,
  freelancer_id     uuid NOT NULL REFERENCES profiles(id) ON DELETE RESTRICT,
  agreed_amount     numeric(38,18) NOT NULL CHECK (agreed_amount >= 0),
  currency_asset_id uuid NOT NULL REFERENCES assets(id) ON DELETE RESTRICT,
  status            contract_status NOT NULL DEFAULT 'active',
  start_date        timestamptz(6) NOT NULL DEFAULT now(),
  contract_terms    text,
  created_at        timestamptz(6) NOT NULL DEFAULT now()
);
ALTER TABLE project_proposals
  ADD CONSTRAINT project_proposals_contract_id_fkey FOREIGN KEY (contract_id) REFERENCES project_contracts(id) ON DELETE SET NULL;

CREATE TABLE project_milestones (
  id                          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  contract_id                 uuid NOT NULL REFERENCES project_contracts(id) ON DELETE CASCADE,
  title                       text NOT NULL,
  description                 text,
  amount                      numeric(38,18) NOT NULL CHECK (amount > 0),
  due_date                    timestamptz(6),
  status                      milestone_status NOT NULL DEFAULT 'pending',
  freelancer_submission_notes text,
  paid_at                     timestamptz(6),
  payment_transaction_id      uuid UNIQUE, -- the ledger transaction that paid it (FK in the ledger migration)
  created_at                  timestamptz(6) NOT NULL DEFAULT now(),
  updated_at                  timestamptz(6) NOT NULL DEFAULT now(),
  CHECK ((status = 'paid') = (paid_at IS NOT NULL))
);

-- ---------------------------------------------------------------- campaigns
CREATE TABLE funding_campaigns (
  id                        uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_by_profile_id     uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  company_name              text NOT NULL,
  company_logo_url          text,
  website_url               text,
  tagline                   text,
  description               text NOT NULL,
  problem_solved            text,
  solution_description      text,
  market_size               text,
  business_model            text,
  team_description          text,
  target_amount             numeric(38,18) NOT NULL CHECK (target_amount >= 0),
  min_investment            numeric(38,18) NOT NULL CHECK (min_investment >= 0),
  max_investment            numeric(38,18) CHECK (max_investment >= min_investment),
  equity_offered_percentage numeric(9,4) NOT NULL CHECK (equity_offered_percentage BETWEEN 0 AND 100),
  valuation                 numeric(38,18) CHECK (valuation >= 0),
  campaign_end_date         timestamptz(6),
  asset_currency_id         uuid NOT NULL REFERENCES assets(id) ON DELETE RESTRICT,
  pitch_deck_url            text,
  status                    campaign_status NOT NULL DEFAULT 'draft',
  funds_raised              numeric(38,18) NOT NULL DEFAULT 0 CHECK (funds_raised >= 0),
  created_at                timestamptz(6) NOT NULL DEFAULT now(),
  updated_at                timestamptz(6) NOT NULL DEFAULT now()
);

CREATE TABLE campaign_updates (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  campaign_id          uuid NOT NULL REFERENCES funding_campaigns(id) ON DELETE CASCADE,
  posted_by_profile_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  title                text NOT NULL,
  content              text NOT NULL,
  created_at           timestamptz(6) NOT NULL DEFAULT now()
);

CREATE TABLE campaign_comments (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  campaign_id          uuid NOT NULL REFERENCES funding_campaigns(id) ON DELETE CASCADE,
  commenter_profile_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  comment_text         text NOT NULL CHECK (btrim(comment_text) <> ''),
  parent_comment_id    uuid REFERENCES campaign_comments(id) ON DELETE CASCADE,
  created_at           timestamptz(6) NOT NULL DEFAULT now()
);

CREATE TABLE investments (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  investor_profile_id uuid NOT NULL REFERENCES profiles(id) ON DELETE RESTRICT,
  campaign_id         uuid NOT NULL REFERENCES funding_campaigns(id) ON DELETE RESTRICT,
  amount_invested     numeric(38,18) NOT NULL CHECK (amount_invested > 0),
  status              investment_status NOT NULL DEFAULT 'pending_verification',
  transaction_id      uuid UNIQUE, -- FK in the ledger migration
  created_at          timestamptz(6) NOT NULL DEFAULT now()
);

-- ---------------------------------------------------------------- social
CREATE TABLE social_posts (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id        uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  content_type   post_content_type NOT NULL,
  text_content   text,
  media_url      text,
  tags           text[],
  likes_count    integer NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
  comments_count integer NOT NULL DEFAULT 0 CHECK (comments_count >= 0),
  created_at     timestamptz(6) NOT NULL DEFAULT now(),
  CHECK (content_type = 'text' AND btrim(coalesce(text_content, '')) <> '' OR content_type <> 'text' AND media_url IS NOT NULL)
);
CREATE INDEX social_posts_created_at_idx ON social_posts(created_at DESC);

CREATE TABLE social_post_likes (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  post_id    uuid NOT NULL REFERENCES social_posts(id) ON DELETE CASCADE,
  created_at timestamptz(6) NOT NULL DEFAULT now(),
  UNIQUE (user_id, post_id) -- one like per user and post
);

CREATE TABLE social_post_comments (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  post_id           uuid NOT NULL REFERENCES social_posts(id) ON DELETE CASCADE,
  user_id           uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  comment_text      text NOT NULL CHECK (btrim(comment_text) <> ''),
  parent_comment_id uuid REFERENCES social_post_comments(id) ON DELETE CASCADE,
  created_at        timestamptz(6) NOT NULL DEFAULT now()
);

CREATE TABLE user_relationships (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  requester_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  addressee_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  status       relationship_status NOT NULL DEFAULT 'pending',
  created_at   timestamptz(6) NOT NULL DEFAULT now(),
  updated_at   timestamptz(6) NOT NULL DEFAULT now(),
  UNIQUE (requester_id, addressee_id),
  CHECK (requester_id <> addressee_id)
);

-- ---------------------------------------------------------------- payments, messages, invoices
CREATE TABLE payment_requests (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  requester_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  payer_id     uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  asset_id     uuid NOT NULL REFERENCES assets(id) ON DELETE RESTRICT,
  amount       numeric(38,18) NOT NULL CHECK (amount > 0),
  description  text,
  status       payment_request_status NOT NULL DEFAULT 'pending',
  created_at   timestamptz(6) NOT NULL DEFAULT now(),
  CHECK (requester_id <> payer_id)
);

CREATE TABLE message_threads (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_one_id       uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  user_two_id       uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  last_message_text text,
  last_message_at   timestamptz(6),
  created_at        timestamptz(6) NOT NULL DEFAULT now(),
  updated_at        timestamptz(6) NOT NULL DEFAULT now(),
  UNIQUE (user_one_id, user_two_id),
  CHECK (user_one_id < user_two_id) -- ordered pair: exactly one thread per two users
);

CREATE TABLE direct_messages (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  thread_id   uuid NOT NULL REFERENCES message_threads(id) ON DELETE CASCADE,
  sender_id   uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  receiver_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  content     text NOT NULL CHECK (btrim(content) <> ''),
  status      message_status NOT NULL DEFAULT 'sent',
  created_at  timestamptz(6) NOT NULL DEFAULT now()
);
CREATE INDEX direct_messages_thread_id_created_at_idx ON direct_messages(thread_id, created_at);

CREATE TABLE invoices (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  creator_id        uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  client_profile_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
  client_email      text,
  client_name       text,
  invoice_number    text NOT NULL,
  subtotal_amount   numeric(38,18) NOT NULL CHECK (subtotal_amount >= 0),
  tax_rate          numeric(9,4) NOT NULL DEFAULT 0 CHECK (tax_rate >= 0),
  tax_amount        numeric(38,18) NOT NULL DEFAULT 0 CHECK (tax_amount >= 0),
  total_amount      numeric(38,18) NOT NULL CHECK (total_amount = subtotal_amount + tax_amount),
  asset_id          uuid NOT NULL REFERENCES assets(id) ON DELETE RESTRICT,
  notes             text,
  terms             text,
  due_date          date,
  status            invoice_status NOT NULL DEFAULT 'draft',
  created_at        timestamptz(6) NOT NULL DEFAULT now(),
  updated_at        timestamptz(6) NOT NULL DEFAULT now(),
  UNIQUE (creator_id, invoice_number),
  CHECK (client_profile_id IS NOT NULL OR (client_email IS NOT NULL AND client_name IS NOT NULL))
);

-- Items are a child table rather than JSON so each money figure is a checked numeric.
CREATE TABLE invoice_items (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  invoice_id  uuid NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  position    integer NOT NULL CHECK (position >= 0),
  description text NOT NULL CHECK (btrim(description) <> ''),
  quantity    numeric(20,4) NOT NULL CHECK (quantity > 0),
  unit_price  numeric(38,18) NOT NULL CHECK (unit_price >= 0),
  total       numeric(38,18) NOT NULL CHECK (total = round(quantity * unit_price, 2)),
  UNIQUE (invoice_id, position)
);

CREATE TABLE user_linked_accounts (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id          uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  institution_name text NOT NULL,
  account_name     text NOT NULL,
  account_type     text NOT NULL,
  account_subtype  text,
  account_mask     text,
  status           linked_account_status NOT NULL DEFAULT 'active',
  plaid_item_id    text,
  plaid_account_id text,
  access_token_enc text,
  created_at       timestamptz(6) NOT NULL DEFAULT now()
);
CREATE INDEX user_linked_accounts_user_id_idx ON user_linked_accounts(user_id);

-- ---------------------------------------------------------------- support
CREATE TABLE contact_messages (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name       text NOT NULL CHECK (btrim(name) <> ''),
  email      text NOT NULL CHECK (btrim(email) <> ''),
  subject    text NOT NULL CHECK (btrim(subject) <> ''),
  message    text NOT NULL CHECK (btrim(message) <> ''),
  user_id    uuid REFERENCES profiles(id) ON DELETE SET NULL,
  created_at timestamptz(6) NOT NULL DEFAULT now()
);

CREATE SEQUENCE support_ticket_number_seq;

CREATE TABLE customer_support_tickets (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  ticket_id   text NOT NULL UNIQUE,
  subject     text NOT NULL CHECK (btrim(subject) <> ''),
  description text NOT NULL CHECK (btrim(description) <> ''),
  priority    ticket_priority NOT NULL DEFAULT 'medium',
  status      ticket_status NOT NULL DEFAULT 'open',
  created_at  timestamptz(6) NOT NULL DEFAULT now(),
  updated_at  timestamptz(6) NOT NULL DEFAULT now(),
  resolved_at timestamptz(6)
);
CREATE INDEX customer_support_tickets_user_id_created_at_idx ON customer_support_tickets(user_id, created_at DESC);

-- Human-readable ticket id: prefix plus six digits (spec 001 §9), unique through the sequence.
CREATE FUNCTION generate_ticket_id() RETURNS text LANGUAGE sql AS $$
  SELECT 'TKT-' || lpad(nextval('support_ticket_number_seq')::text, 6, '0')
$$;

CREATE TABLE ticket_responses (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ticket_id         uuid NOT NULL REFERENCES customer_support_tickets(id) ON DELETE CASCADE,
  responder_id      uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  response_text     text NOT NULL CHECK (btrim(response_text) <> ''),
  is_admin_response boolean NOT NULL DEFAULT false,
  created_at        timestamptz(6) NOT NULL DEFAULT now()
);
CREATE INDEX ticket_responses_ticket_id_created_at_idx ON ticket_responses(ticket_id, created_at);
