-- The baseline: every table, type, sequence, constraint and index of the portal, and the reference
-- rows the code expects, as the 26 migrations of 2026-01 left them (they were squashed into this one
-- before anything was deployed; a database they made is recognised by its _prisma_migrations rows and
-- adopted or refused: api/src/platform/db/squashed-migrations.ts, docs/architecture.md "Migrations").
-- Produced by pg_dump --schema-only of a database those migrations made, without the functions,
-- triggers and views: their one definition each is in prisma/sql, applied after the migrations
-- (two column DEFAULTs call such functions, so those files set them). `check:schema` compares this
-- with prisma/schema.prisma; new tables and columns go in new migrations after this one.
--
-- Invariants enforced by the database, not only by code (ledger ones are numbered in prisma/sql/ledger.sql):
--   * users.email is stored lower-case, so its plain UNIQUE is case-insensitive.
--   * profiles.id = users.id (one profile per user).
--   * usernames are unique and 3-20 of [A-Za-z0-9_].
--   * a message thread exists once per pair of users (user_one_id < user_two_id).
--   * counters, amounts and budgets are never negative; a wallet balance never below zero.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TYPE asset_type AS ENUM (
    'fiat',
    'crypto'
);

CREATE TYPE bank_transfer_direction AS ENUM (
    'deposit',
    'withdrawal'
);

CREATE TYPE bank_transfer_status AS ENUM (
    'requested',
    'declined',
    'pending',
    'posted',
    'settled',
    'funds_available',
    'failed',
    'returned'
);

CREATE TYPE budget_type AS ENUM (
    'fixed',
    'hourly'
);

CREATE TYPE campaign_status AS ENUM (
    'draft',
    'pending_approval',
    'active',
    'funded',
    'closed',
    'rejected'
);

CREATE TYPE contract_status AS ENUM (
    'active',
    'completed',
    'cancelled',
    'disputed'
);

CREATE TYPE fee_bearer AS ENUM (
    'sender',
    'receiver'
);

CREATE TYPE investment_status AS ENUM (
    'pending_verification',
    'confirmed',
    'rejected',
    'refunded',
    'cancelled'
);

CREATE TYPE invoice_status AS ENUM (
    'draft',
    'sent',
    'viewed',
    'paid',
    'overdue',
    'cancelled'
);

CREATE TYPE kyc_status AS ENUM (
    'not_started',
    'pending',
    'verified',
    'rejected'
);

CREATE TYPE kyc_submission_status AS ENUM (
    'pending',
    'approved',
    'rejected'
);

CREATE TYPE linked_account_status AS ENUM (
    'active',
    'login_required',
    'disconnected'
);

CREATE TYPE message_status AS ENUM (
    'sent',
    'delivered',
    'read'
);

CREATE TYPE milestone_status AS ENUM (
    'pending',
    'submitted_for_payment',
    'paid',
    'cancelled',
    'disputed',
    'resolved'
);

CREATE TYPE oauth_provider AS ENUM (
    'google',
    'facebook'
);

CREATE TYPE outbox_channel AS ENUM (
    'email',
    'sms'
);

CREATE TYPE payment_request_status AS ENUM (
    'pending',
    'paid',
    'declined',
    'cancelled'
);

CREATE TYPE post_content_type AS ENUM (
    'text',
    'image',
    'video'
);

CREATE TYPE profile_privacy AS ENUM (
    'public',
    'friends_only',
    'private'
);

CREATE TYPE project_status AS ENUM (
    'open',
    'in_progress',
    'completed',
    'cancelled'
);

CREATE TYPE proposal_status AS ENUM (
    'submitted',
    'accepted',
    'rejected',
    'withdrawn'
);

CREATE TYPE relationship_status AS ENUM (
    'pending',
    'accepted',
    'blocked'
);

CREATE TYPE send_batch_item AS (
	sender uuid,
	recipient_email text,
	recipient_id uuid,
	asset text,
	amount text,
	description text,
	pin_proof text,
	key text,
	hash text,
	request_id uuid
);

CREATE TYPE system_account_code AS ENUM (
    'deposits',
    'withdrawals',
    'fees',
    'escrow'
);

CREATE TYPE ticket_priority AS ENUM (
    'low',
    'medium',
    'high',
    'urgent'
);

CREATE TYPE ticket_status AS ENUM (
    'open',
    'in_progress',
    'on_hold',
    'resolved',
    'closed'
);

CREATE TYPE transaction_status AS ENUM (
    'pending',
    'completed',
    'failed',
    'reversed'
);

CREATE TYPE transaction_type AS ENUM (
    'p2p_transfer',
    'deposit',
    'withdrawal',
    'milestone_payment',
    'investment',
    'invoice_payment',
    'payment_request_payment',
    'escrow_hold',
    'escrow_refund',
    'bank_reversal'
);

CREATE TABLE asset_prices (
    asset_id uuid NOT NULL,
    price_usd numeric(38,18) NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT asset_prices_price_usd_check CHECK ((price_usd >= (0)::numeric))
);

CREATE TABLE assets (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    symbol text NOT NULL,
    name text NOT NULL,
    logo_url text,
    asset_type asset_type NOT NULL,
    scale integer NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT assets_scale_check CHECK (((scale >= 0) AND (scale <= 18))),
    CONSTRAINT assets_symbol_check CHECK ((symbol ~ '^[A-Z0-9]{2,10}$'::text))
);

CREATE TABLE audit_log (
    id bigint NOT NULL,
    actor_id uuid,
    action text NOT NULL,
    subject text,
    data jsonb,
    ip text,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    before jsonb,
    after jsonb
);

CREATE SEQUENCE audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE audit_log_id_seq OWNED BY audit_log.id;

CREATE TABLE bank_transfers (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    linked_account_id uuid,
    direction bank_transfer_direction NOT NULL,
    asset_id uuid NOT NULL,
    amount numeric(38,18) NOT NULL,
    fee numeric(38,18) DEFAULT 0 NOT NULL,
    network text NOT NULL,
    status bank_transfer_status DEFAULT 'requested'::bank_transfer_status NOT NULL,
    failure_reason text,
    institution_name text NOT NULL,
    account_name text NOT NULL,
    account_mask text,
    plaid_account_id text NOT NULL,
    plaid_authorization_id text,
    plaid_transfer_id text,
    hold_transaction_id uuid,
    booked_transaction_id uuid,
    undo_transaction_id uuid,
    shortfall numeric(38,18) DEFAULT 0 NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT bank_transfers_amount_positive CHECK ((amount > (0)::numeric)),
    CONSTRAINT bank_transfers_at_plaid CHECK (((status = ANY (ARRAY['requested'::bank_transfer_status, 'declined'::bank_transfer_status, 'failed'::bank_transfer_status])) OR (plaid_transfer_id IS NOT NULL))),
    CONSTRAINT bank_transfers_deposit_no_hold CHECK (((direction = 'withdrawal'::bank_transfer_direction) OR (hold_transaction_id IS NULL))),
    CONSTRAINT bank_transfers_fee_non_negative CHECK ((fee >= (0)::numeric)),
    CONSTRAINT bank_transfers_fee_only_withdrawals CHECK (((direction = 'withdrawal'::bank_transfer_direction) OR (fee = (0)::numeric))),
    CONSTRAINT bank_transfers_network CHECK ((network = ANY (ARRAY['ach'::text, 'same-day-ach'::text, 'rtp'::text]))),
    CONSTRAINT bank_transfers_shortfall_non_negative CHECK ((shortfall >= (0)::numeric)),
    CONSTRAINT bank_transfers_withdrawal_held CHECK (((direction = 'deposit'::bank_transfer_direction) OR (hold_transaction_id IS NOT NULL)))
);

CREATE TABLE books_checks (
    id bigint NOT NULL,
    checked_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    duration_ms integer NOT NULL,
    problems jsonb DEFAULT '[]'::jsonb NOT NULL,
    CONSTRAINT books_checks_duration_ms_check CHECK ((duration_ms >= 0)),
    CONSTRAINT books_checks_problems_check CHECK ((jsonb_typeof(problems) = 'array'::text))
);

CREATE SEQUENCE books_checks_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE books_checks_id_seq OWNED BY books_checks.id;

CREATE TABLE campaign_comments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    campaign_id uuid NOT NULL,
    commenter_profile_id uuid NOT NULL,
    comment_text text NOT NULL,
    parent_comment_id uuid,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT campaign_comments_comment_text_check CHECK ((btrim(comment_text) <> ''::text))
);

CREATE TABLE campaign_updates (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    campaign_id uuid NOT NULL,
    posted_by_profile_id uuid NOT NULL,
    title text NOT NULL,
    content text NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL
);

CREATE TABLE contact_messages (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    email text NOT NULL,
    subject text NOT NULL,
    message text NOT NULL,
    user_id uuid,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    handled_at timestamp(6) with time zone,
    handled_by uuid,
    CONSTRAINT contact_messages_email_check CHECK ((btrim(email) <> ''::text)),
    CONSTRAINT contact_messages_handled CHECK (((handled_by IS NULL) OR (handled_at IS NOT NULL))),
    CONSTRAINT contact_messages_message_check CHECK ((btrim(message) <> ''::text)),
    CONSTRAINT contact_messages_name_check CHECK ((btrim(name) <> ''::text)),
    CONSTRAINT contact_messages_subject_check CHECK ((btrim(subject) <> ''::text))
);

CREATE TABLE customer_support_tickets (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    ticket_id text NOT NULL, -- DEFAULT generate_ticket_id(): set in prisma/sql/support.sql
    subject text NOT NULL,
    description text NOT NULL,
    priority ticket_priority DEFAULT 'medium'::ticket_priority NOT NULL,
    status ticket_status DEFAULT 'open'::ticket_status NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    resolved_at timestamp(6) with time zone,
    CONSTRAINT customer_support_tickets_description_check CHECK ((btrim(description) <> ''::text)),
    CONSTRAINT customer_support_tickets_lengths CHECK (((char_length(subject) <= 200) AND (char_length(description) <= 5000))),
    CONSTRAINT customer_support_tickets_resolved_at CHECK (((resolved_at IS NOT NULL) = (status = ANY (ARRAY['resolved'::ticket_status, 'closed'::ticket_status])))),
    CONSTRAINT customer_support_tickets_subject_check CHECK ((btrim(subject) <> ''::text))
);

CREATE TABLE direct_messages (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    thread_id uuid NOT NULL,
    sender_id uuid NOT NULL,
    receiver_id uuid NOT NULL,
    content text NOT NULL,
    status message_status DEFAULT 'sent'::message_status NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    seq bigint NOT NULL,
    client_message_id uuid NOT NULL,
    CONSTRAINT direct_messages_content_check CHECK ((btrim(content) <> ''::text)),
    CONSTRAINT direct_messages_content_length CHECK ((char_length(content) <= 4000)),
    CONSTRAINT direct_messages_not_to_self CHECK ((sender_id <> receiver_id)),
    CONSTRAINT direct_messages_seq_check CHECK ((seq > 0))
);

CREATE TABLE email_confirmations (
    token_hash text NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    expires_at timestamp(6) with time zone NOT NULL,
    consumed_at timestamp(6) with time zone
);

CREATE TABLE escrow_holds (
    reference_type text NOT NULL,
    reference_id uuid NOT NULL,
    asset_id uuid NOT NULL,
    payer_id uuid NOT NULL,
    held numeric(38,18) DEFAULT 0 NOT NULL,
    held_total numeric(38,18) DEFAULT 0 NOT NULL,
    released_total numeric(38,18) DEFAULT 0 NOT NULL,
    refunded_total numeric(38,18) DEFAULT 0 NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT escrow_holds_held_non_negative CHECK ((held >= (0)::numeric)),
    CONSTRAINT escrow_holds_held_total_check CHECK ((held_total >= (0)::numeric)),
    CONSTRAINT escrow_holds_reference_type_format CHECK ((reference_type ~ '^[a-z][a-z_]{0,39}$'::text)),
    CONSTRAINT escrow_holds_refunded_total_check CHECK ((refunded_total >= (0)::numeric)),
    CONSTRAINT escrow_holds_released_total_check CHECK ((released_total >= (0)::numeric)),
    CONSTRAINT escrow_holds_totals CHECK ((held = ((held_total - released_total) - refunded_total)))
);

CREATE TABLE fee_schedule (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    transaction_type transaction_type NOT NULL,
    asset_id uuid,
    percent numeric(9,6) DEFAULT 0 NOT NULL,
    fixed numeric(38,18) DEFAULT 0 NOT NULL,
    minimum numeric(38,18) DEFAULT 0 NOT NULL,
    maximum numeric(38,18),
    bearer fee_bearer DEFAULT 'sender'::fee_bearer NOT NULL,
    CONSTRAINT fee_schedule_check CHECK ((maximum >= minimum)),
    CONSTRAINT fee_schedule_fixed_check CHECK ((fixed >= (0)::numeric)),
    CONSTRAINT fee_schedule_minimum_check CHECK ((minimum >= (0)::numeric)),
    CONSTRAINT fee_schedule_percent_check CHECK (((percent >= (0)::numeric) AND (percent <= (100)::numeric)))
);

CREATE TABLE funding_campaigns (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    created_by_profile_id uuid NOT NULL,
    company_name text NOT NULL,
    company_logo_url text,
    website_url text,
    tagline text,
    description text NOT NULL,
    problem_solved text,
    solution_description text,
    market_size text,
    business_model text,
    team_description text,
    target_amount numeric(38,18) NOT NULL,
    min_investment numeric(38,18) NOT NULL,
    max_investment numeric(38,18),
    equity_offered_percentage numeric(9,4) NOT NULL,
    valuation numeric(38,18),
    campaign_end_date timestamp(6) with time zone,
    asset_currency_id uuid NOT NULL,
    pitch_deck_url text,
    status campaign_status DEFAULT 'draft'::campaign_status NOT NULL,
    funds_raised numeric(38,18) DEFAULT 0 NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    rejection_reason text,
    submitted_at timestamp(6) with time zone,
    reviewed_at timestamp(6) with time zone,
    closed_at timestamp(6) with time zone,
    search_vector tsvector DEFAULT ''::tsvector NOT NULL,
    CONSTRAINT funding_campaigns_check CHECK ((max_investment >= min_investment)),
    CONSTRAINT funding_campaigns_equity_offered_percentage_check CHECK (((equity_offered_percentage >= (0)::numeric) AND (equity_offered_percentage <= (100)::numeric))),
    CONSTRAINT funding_campaigns_funds_raised_check CHECK ((funds_raised >= (0)::numeric)),
    CONSTRAINT funding_campaigns_funds_raised_not_negative CHECK ((funds_raised >= (0)::numeric)),
    CONSTRAINT funding_campaigns_min_investment_check CHECK ((min_investment >= (0)::numeric)),
    CONSTRAINT funding_campaigns_numbers_not_negative CHECK (((target_amount >= (0)::numeric) AND (min_investment >= (0)::numeric) AND ((max_investment IS NULL) OR (max_investment >= min_investment)) AND (equity_offered_percentage >= (0)::numeric) AND (equity_offered_percentage <= (100)::numeric) AND ((valuation IS NULL) OR (valuation >= (0)::numeric)))),
    CONSTRAINT funding_campaigns_target_amount_check CHECK ((target_amount >= (0)::numeric)),
    CONSTRAINT funding_campaigns_valuation_check CHECK ((valuation >= (0)::numeric))
);

CREATE TABLE idempotency_keys (
    user_id uuid NOT NULL,
    key text NOT NULL,
    request_hash text NOT NULL,
    response_status integer,
    response_body jsonb,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT idempotency_keys_key_check CHECK (((length(key) >= 1) AND (length(key) <= 255)))
);

CREATE TABLE investments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    investor_profile_id uuid NOT NULL,
    campaign_id uuid NOT NULL,
    amount_invested numeric(38,18) NOT NULL,
    status investment_status DEFAULT 'pending_verification'::investment_status NOT NULL,
    transaction_id uuid,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT investments_amount_invested_check CHECK ((amount_invested > (0)::numeric)),
    CONSTRAINT investments_amount_positive CHECK ((amount_invested > (0)::numeric))
);

CREATE TABLE invoice_items (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    invoice_id uuid NOT NULL,
    "position" integer NOT NULL,
    description text NOT NULL,
    quantity numeric(20,4) NOT NULL,
    unit_price numeric(38,18) NOT NULL,
    total numeric(38,18) NOT NULL,
    CONSTRAINT invoice_items_check CHECK ((total = round((quantity * unit_price), 2))),
    CONSTRAINT invoice_items_description_check CHECK ((btrim(description) <> ''::text)),
    CONSTRAINT invoice_items_description_length CHECK ((char_length(description) <= 500)),
    CONSTRAINT invoice_items_position_check CHECK (("position" >= 0)),
    CONSTRAINT invoice_items_quantity_check CHECK ((quantity > (0)::numeric)),
    CONSTRAINT invoice_items_unit_price_check CHECK ((unit_price >= (0)::numeric))
);

CREATE TABLE invoices (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    creator_id uuid NOT NULL,
    client_profile_id uuid,
    client_email text,
    client_name text,
    invoice_number text NOT NULL,
    subtotal_amount numeric(38,18) NOT NULL,
    tax_rate numeric(9,4) DEFAULT 0 NOT NULL,
    tax_amount numeric(38,18) DEFAULT 0 NOT NULL,
    total_amount numeric(38,18) NOT NULL,
    asset_id uuid NOT NULL,
    notes text,
    terms text,
    due_date date,
    status invoice_status DEFAULT 'draft'::invoice_status NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    sent_at timestamp(6) with time zone,
    viewed_at timestamp(6) with time zone,
    paid_at timestamp(6) with time zone,
    cancelled_at timestamp(6) with time zone,
    payment_transaction_id uuid,
    CONSTRAINT invoices_check CHECK ((total_amount = (subtotal_amount + tax_amount))),
    CONSTRAINT invoices_check1 CHECK (((client_profile_id IS NOT NULL) OR ((client_email IS NOT NULL) AND (client_name IS NOT NULL)))),
    CONSTRAINT invoices_client_email_lower CHECK ((client_email = lower(client_email))),
    CONSTRAINT invoices_lengths CHECK (((char_length(invoice_number) BETWEEN 1 AND 40) AND (char_length(COALESCE(client_name, ''::text)) <= 200) AND (char_length(COALESCE(client_email, ''::text)) <= 254) AND (char_length(COALESCE(notes, ''::text)) <= 2000) AND (char_length(COALESCE(terms, ''::text)) <= 2000))),
    CONSTRAINT invoices_not_to_self CHECK ((client_profile_id IS DISTINCT FROM creator_id)),
    CONSTRAINT invoices_paid_by_ledger CHECK (((status = 'paid'::invoice_status) = ((payment_transaction_id IS NOT NULL) AND (paid_at IS NOT NULL)))),
    CONSTRAINT invoices_sent_at CHECK ((((status = 'draft'::invoice_status) OR ((status = 'cancelled'::invoice_status) AND (sent_at IS NULL))) = (sent_at IS NULL))),
    CONSTRAINT invoices_subtotal_amount_check CHECK ((subtotal_amount >= (0)::numeric)),
    CONSTRAINT invoices_tax_amount_check CHECK ((tax_amount >= (0)::numeric)),
    CONSTRAINT invoices_tax_rate_check CHECK ((tax_rate >= (0)::numeric)),
    CONSTRAINT invoices_tax_rate_max CHECK ((tax_rate <= (100)::numeric))
);

CREATE TABLE kyc_submissions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    status kyc_submission_status DEFAULT 'pending'::kyc_submission_status NOT NULL,
    document_type text NOT NULL,
    document_path text NOT NULL,
    selfie_path text,
    reviewer_id uuid,
    review_note text,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    reviewed_at timestamp(6) with time zone,
    legal_name text NOT NULL,
    date_of_birth date NOT NULL,
    country text NOT NULL,
    document_number text NOT NULL,
    document_content_type text NOT NULL,
    CONSTRAINT kyc_submissions_country_check CHECK ((country ~ '^[A-Z]{2}$'::text)),
    CONSTRAINT kyc_submissions_document_number_check CHECK ((btrim(document_number) <> ''::text)),
    CONSTRAINT kyc_submissions_document_type_check CHECK ((document_type = ANY (ARRAY['passport'::text, 'national_id'::text, 'drivers_license'::text]))),
    CONSTRAINT kyc_submissions_legal_name_check CHECK ((btrim(legal_name) <> ''::text)),
    CONSTRAINT kyc_submissions_review_check CHECK (((status = 'pending'::kyc_submission_status) OR (reviewed_at IS NOT NULL)))
);

CREATE TABLE ledger_entries (
    id bigint NOT NULL,
    transaction_id uuid NOT NULL,
    asset_id uuid NOT NULL,
    wallet_id uuid,
    system_account_id uuid,
    amount numeric(38,18) NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    reference_type text,
    reference_id uuid,
    CONSTRAINT ledger_entries_amount_check CHECK ((amount <> (0)::numeric)),
    CONSTRAINT ledger_entries_check CHECK ((num_nonnulls(wallet_id, system_account_id) = 1)),
    CONSTRAINT ledger_entries_reference_pair CHECK (((reference_type IS NULL) = (reference_id IS NULL)))
);

CREATE SEQUENCE ledger_entries_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE ledger_entries_id_seq OWNED BY ledger_entries.id;

CREATE TABLE message_threads (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_one_id uuid NOT NULL,
    user_two_id uuid NOT NULL,
    last_message_text text,
    last_message_at timestamp(6) with time zone,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    updated_at timestamp(3) with time zone DEFAULT now() NOT NULL,
    last_seq bigint DEFAULT 0 NOT NULL,
    user_one_read_seq bigint DEFAULT 0 NOT NULL,
    user_two_read_seq bigint DEFAULT 0 NOT NULL,
    CONSTRAINT message_threads_check CHECK ((user_one_id < user_two_id)),
    CONSTRAINT message_threads_check1 CHECK (((user_one_read_seq >= 0) AND (user_one_read_seq <= last_seq))),
    CONSTRAINT message_threads_check2 CHECK (((user_two_read_seq >= 0) AND (user_two_read_seq <= last_seq))),
    CONSTRAINT message_threads_last_seq_check CHECK ((last_seq >= 0))
);

CREATE TABLE oauth_states (
    state text NOT NULL,
    provider oauth_provider NOT NULL,
    code_verifier text NOT NULL,
    redirect_to text NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    expires_at timestamp(6) with time zone NOT NULL,
    nonce text
);

CREATE TABLE otp_codes (
    id bigint NOT NULL,
    user_id uuid,
    phone text NOT NULL,
    code_hash text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    expires_at timestamp(6) with time zone NOT NULL,
    consumed_at timestamp(6) with time zone,
    CONSTRAINT otp_codes_attempts_check CHECK ((attempts >= 0))
);

CREATE SEQUENCE otp_codes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE otp_codes_id_seq OWNED BY otp_codes.id;

CREATE TABLE outbox_messages (
    id bigint NOT NULL,
    channel outbox_channel NOT NULL,
    recipient text NOT NULL,
    subject text,
    body text NOT NULL,
    user_id uuid,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    sent_at timestamp(6) with time zone
);

CREATE SEQUENCE outbox_messages_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE outbox_messages_id_seq OWNED BY outbox_messages.id;

CREATE TABLE outgoing_usage (
    user_id uuid NOT NULL,
    day date NOT NULL,
    usd numeric(38,18) DEFAULT 0 NOT NULL,
    CONSTRAINT outgoing_usage_usd_check CHECK ((usd >= (0)::numeric))
);

CREATE TABLE password_resets (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    token_hash text NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    expires_at timestamp(6) with time zone NOT NULL,
    used_at timestamp(6) with time zone,
    CONSTRAINT password_resets_check CHECK ((expires_at > created_at))
);

CREATE TABLE payment_requests (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    requester_id uuid NOT NULL,
    payer_id uuid NOT NULL,
    asset_id uuid NOT NULL,
    amount numeric(38,18) NOT NULL,
    description text,
    status payment_request_status DEFAULT 'pending'::payment_request_status NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    transaction_id uuid,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT payment_requests_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT payment_requests_check CHECK ((requester_id <> payer_id)),
    CONSTRAINT payment_requests_paid_check CHECK (((status = 'paid'::payment_request_status) = (transaction_id IS NOT NULL)))
);

CREATE TABLE pin_reset_codes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    code_hash text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    expires_at timestamp(6) with time zone NOT NULL,
    used_at timestamp(6) with time zone,
    CONSTRAINT pin_reset_codes_attempts_check CHECK ((attempts >= 0)),
    CONSTRAINT pin_reset_codes_check CHECK ((expires_at > created_at))
);

CREATE TABLE plaid_event_cursor (
    id boolean DEFAULT true NOT NULL,
    last_event_id bigint DEFAULT 0 NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT plaid_event_cursor_one_row CHECK (id)
);

CREATE TABLE profiles (
    id uuid NOT NULL,
    full_name text,
    username text,
    avatar_url text,
    kyc_status kyc_status DEFAULT 'not_started'::kyc_status NOT NULL,
    transaction_pin_hash text,
    pin_failed_attempts integer DEFAULT 0 NOT NULL,
    pin_locked_until timestamp(6) with time zone,
    is_accredited_investor boolean DEFAULT false NOT NULL,
    daily_transaction_limit numeric(38,18),
    weekly_transaction_limit numeric(38,18),
    monthly_transaction_limit numeric(38,18),
    default_payment_hashtags text[] DEFAULT '{}'::text[] NOT NULL,
    profile_privacy profile_privacy DEFAULT 'public'::profile_privacy NOT NULL,
    is_admin boolean DEFAULT false NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    customer_id text NOT NULL, -- DEFAULT gen_customer_id(): set in prisma/sql/accounts.sql
    deleted_at timestamp(6) with time zone,
    CONSTRAINT profiles_daily_transaction_limit_check CHECK ((daily_transaction_limit >= (0)::numeric)),
    CONSTRAINT profiles_monthly_transaction_limit_check CHECK ((monthly_transaction_limit >= (0)::numeric)),
    CONSTRAINT profiles_pin_failed_attempts_check CHECK ((pin_failed_attempts >= 0)),
    CONSTRAINT profiles_username_check CHECK ((username ~ '^[A-Za-z0-9_]{3,20}$'::text)),
    CONSTRAINT profiles_weekly_transaction_limit_check CHECK ((weekly_transaction_limit >= (0)::numeric))
);

CREATE TABLE project_contracts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    project_id uuid NOT NULL,
    proposal_id uuid NOT NULL,
    client_id uuid NOT NULL,
    freelancer_id uuid NOT NULL,
    agreed_amount numeric(38,18) NOT NULL,
    currency_asset_id uuid NOT NULL,
    status contract_status DEFAULT 'active'::contract_status NOT NULL,
    start_date timestamp(6) with time zone DEFAULT now() NOT NULL,
    contract_terms text,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT project_contracts_agreed_amount_check CHECK ((agreed_amount >= (0)::numeric))
);

CREATE TABLE project_milestones (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    contract_id uuid NOT NULL,
    title text NOT NULL,
    description text,
    amount numeric(38,18) NOT NULL,
    due_date timestamp(6) with time zone,
    status milestone_status DEFAULT 'pending'::milestone_status NOT NULL,
    freelancer_submission_notes text,
    paid_at timestamp(6) with time zone,
    payment_transaction_id uuid,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    submitted_at timestamp(6) with time zone,
    change_request_note text,
    dispute_reason text,
    disputed_at timestamp(6) with time zone,
    resolved_at timestamp(6) with time zone,
    resolution_note text,
    resolved_freelancer_amount numeric(38,18),
    CONSTRAINT project_milestones_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT project_milestones_amount_positive CHECK ((amount > (0)::numeric)),
    CONSTRAINT project_milestones_check CHECK (((status = 'paid'::milestone_status) = (paid_at IS NOT NULL)))
);

CREATE TABLE project_proposals (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    project_id uuid NOT NULL,
    freelancer_id uuid NOT NULL,
    proposal_text text NOT NULL,
    proposed_amount numeric(38,18),
    estimated_duration_days integer,
    status proposal_status DEFAULT 'submitted'::proposal_status NOT NULL,
    contract_id uuid,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT project_proposals_estimated_duration_days_check CHECK ((estimated_duration_days >= 0)),
    CONSTRAINT project_proposals_proposed_amount_check CHECK ((proposed_amount >= (0)::numeric))
);

CREATE TABLE projects (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    client_id uuid NOT NULL,
    title text NOT NULL,
    description text NOT NULL,
    skills_required text[] DEFAULT '{}'::text[] NOT NULL,
    budget_amount numeric(38,18) NOT NULL,
    budget_type budget_type NOT NULL,
    budget_currency uuid NOT NULL,
    status project_status DEFAULT 'open'::project_status NOT NULL,
    deadline timestamp(6) with time zone,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    search_vector tsvector DEFAULT ''::tsvector NOT NULL,
    CONSTRAINT projects_budget_amount_check CHECK ((budget_amount >= (0)::numeric)),
    CONSTRAINT projects_budget_not_negative CHECK ((budget_amount >= (0)::numeric))
);

CREATE TABLE rate_limit_buckets (
    key text NOT NULL,
    window_start timestamp(6) with time zone NOT NULL,
    hits integer NOT NULL,
    CONSTRAINT rate_limit_buckets_hits_check CHECK ((hits >= 0))
);

CREATE TABLE refresh_tokens (
    id bigint NOT NULL,
    user_id uuid NOT NULL,
    family_id uuid NOT NULL,
    token_hash text NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    expires_at timestamp(6) with time zone NOT NULL,
    rotated_at timestamp(6) with time zone,
    revoked_at timestamp(6) with time zone,
    user_agent text
);

CREATE SEQUENCE refresh_tokens_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE refresh_tokens_id_seq OWNED BY refresh_tokens.id;

CREATE TABLE remote_current (
    remote text NOT NULL,
    release_id uuid NOT NULL,
    changed_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    changed_by uuid
);

CREATE TABLE remote_load_failures (
    id bigint NOT NULL,
    release_id uuid NOT NULL,
    lifecycle text NOT NULL,
    message text NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE remote_load_failures_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE remote_load_failures_id_seq OWNED BY remote_load_failures.id;

CREATE TABLE remote_releases (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    remote text NOT NULL,
    version text NOT NULL,
    content_hash text NOT NULL,
    manifest_url text NOT NULL,
    entry_url text NOT NULL,
    routes text[] NOT NULL,
    audience text NOT NULL,
    preload text[] NOT NULL,
    prefetch jsonb DEFAULT '{}'::jsonb NOT NULL,
    shared jsonb DEFAULT '{}'::jsonb NOT NULL,
    build_bytes bigint NOT NULL,
    published_by text NOT NULL,
    published_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    first_current_at timestamp(6) with time zone,
    CONSTRAINT remote_releases_audience CHECK ((audience = ANY (ARRAY['user'::text, 'admin'::text]))),
    CONSTRAINT remote_releases_build_bytes CHECK ((build_bytes >= 0)),
    CONSTRAINT remote_releases_remote_name CHECK ((remote ~ '^[a-z][a-z0-9-]{0,62}$'::text)),
    CONSTRAINT remote_releases_version_format CHECK ((version ~ '^[0-9A-Za-z][0-9A-Za-z.+_-]{0,99}$'::text))
);

CREATE TABLE social_post_comments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    post_id uuid NOT NULL,
    user_id uuid NOT NULL,
    comment_text text NOT NULL,
    parent_comment_id uuid,
    created_at timestamp(3) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT social_post_comments_comment_text_check CHECK ((btrim(comment_text) <> ''::text)),
    CONSTRAINT social_post_comments_length CHECK ((char_length(comment_text) <= 2000))
);

CREATE TABLE social_post_likes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    post_id uuid NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL
);

CREATE TABLE social_posts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    content_type post_content_type NOT NULL,
    text_content text,
    media_url text,
    tags text[],
    likes_count integer DEFAULT 0 NOT NULL,
    comments_count integer DEFAULT 0 NOT NULL,
    created_at timestamp(3) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT social_posts_check CHECK ((((content_type = 'text'::post_content_type) AND (btrim(COALESCE(text_content, ''::text)) <> ''::text)) OR ((content_type <> 'text'::post_content_type) AND (media_url IS NOT NULL)))),
    CONSTRAINT social_posts_comments_count_check CHECK ((comments_count >= 0)),
    CONSTRAINT social_posts_likes_count_check CHECK ((likes_count >= 0)),
    CONSTRAINT social_posts_text_length CHECK ((char_length(COALESCE(text_content, ''::text)) <= 5000))
);

CREATE TABLE socket_presence (
    node_id text NOT NULL,
    user_id uuid NOT NULL,
    seen_at timestamp(6) with time zone DEFAULT now() NOT NULL
);

CREATE TABLE support_attachments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    ticket_id uuid NOT NULL,
    response_id uuid,
    storage_key text NOT NULL,
    file_name text NOT NULL,
    content_type text NOT NULL,
    size_bytes integer NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT support_attachments_content_type_check CHECK ((content_type = ANY (ARRAY['image/jpeg'::text, 'image/png'::text, 'image/webp'::text, 'application/pdf'::text]))),
    CONSTRAINT support_attachments_file_name_check CHECK (((btrim(file_name) <> ''::text) AND (char_length(file_name) <= 200))),
    CONSTRAINT support_attachments_size_bytes_check CHECK (((size_bytes > 0) AND (size_bytes <= 5242880)))
);

CREATE SEQUENCE support_ticket_number_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

CREATE TABLE system_accounts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    code system_account_code NOT NULL,
    asset_id uuid NOT NULL
);

CREATE TABLE ticket_responses (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    ticket_id uuid NOT NULL,
    responder_id uuid NOT NULL,
    response_text text NOT NULL,
    is_admin_response boolean DEFAULT false NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT ticket_responses_length CHECK ((char_length(response_text) <= 5000)),
    CONSTRAINT ticket_responses_response_text_check CHECK ((btrim(response_text) <> ''::text))
);

CREATE TABLE transaction_limit_caps (
    period text NOT NULL,
    max_usd numeric(38,18) NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT transaction_limit_caps_max_usd_check CHECK ((max_usd > (0)::numeric)),
    CONSTRAINT transaction_limit_caps_period_check CHECK ((period = ANY (ARRAY['daily'::text, 'weekly'::text, 'monthly'::text])))
);

CREATE TABLE transactions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    amount numeric(38,18) NOT NULL,
    fee numeric(38,18) DEFAULT 0 NOT NULL,
    status transaction_status NOT NULL,
    transaction_type transaction_type NOT NULL,
    description text,
    asset_id uuid NOT NULL,
    sender_id uuid,
    receiver_id uuid,
    CONSTRAINT transactions_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT transactions_fee_check CHECK ((fee >= (0)::numeric))
);

CREATE TABLE upload_objects (
    bucket text NOT NULL,
    key text NOT NULL,
    user_id uuid NOT NULL,
    size_bytes bigint NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT upload_objects_size_bytes_check CHECK ((size_bytes > 0))
);

CREATE TABLE user_identities (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    provider oauth_provider NOT NULL,
    subject text NOT NULL,
    email text,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL
);

CREATE TABLE user_linked_accounts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    institution_name text NOT NULL,
    account_name text NOT NULL,
    account_type text NOT NULL,
    account_subtype text,
    account_mask text,
    status linked_account_status DEFAULT 'active'::linked_account_status NOT NULL,
    plaid_item_id text,
    plaid_account_id text,
    access_token_enc text,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    rtp_credit boolean DEFAULT false NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL
);

CREATE TABLE user_relationships (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    requester_id uuid NOT NULL,
    addressee_id uuid NOT NULL,
    status relationship_status DEFAULT 'pending'::relationship_status NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT user_relationships_check CHECK ((requester_id <> addressee_id))
);

CREATE TABLE user_wallets (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    asset_id uuid NOT NULL,
    balance numeric(38,18) DEFAULT 0 NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    tx_count bigint DEFAULT 0 NOT NULL,
    CONSTRAINT user_wallets_balance_non_negative CHECK ((balance >= (0)::numeric)),
    CONSTRAINT user_wallets_tx_count_check CHECK ((tx_count >= 0))
);

CREATE TABLE users (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    email text NOT NULL,
    phone text,
    password_hash text,
    email_confirmed_at timestamp(6) with time zone,
    phone_confirmed_at timestamp(6) with time zone,
    disabled_at timestamp(6) with time zone,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT users_email_check CHECK (((email = lower(email)) AND (POSITION(('@'::text) IN (email)) > 1)))
);

ALTER TABLE ONLY audit_log ALTER COLUMN id SET DEFAULT nextval('audit_log_id_seq'::regclass);

ALTER TABLE ONLY books_checks ALTER COLUMN id SET DEFAULT nextval('books_checks_id_seq'::regclass);

ALTER TABLE ONLY ledger_entries ALTER COLUMN id SET DEFAULT nextval('ledger_entries_id_seq'::regclass);

ALTER TABLE ONLY otp_codes ALTER COLUMN id SET DEFAULT nextval('otp_codes_id_seq'::regclass);

ALTER TABLE ONLY outbox_messages ALTER COLUMN id SET DEFAULT nextval('outbox_messages_id_seq'::regclass);

ALTER TABLE ONLY refresh_tokens ALTER COLUMN id SET DEFAULT nextval('refresh_tokens_id_seq'::regclass);

ALTER TABLE ONLY remote_load_failures ALTER COLUMN id SET DEFAULT nextval('remote_load_failures_id_seq'::regclass);

ALTER TABLE ONLY asset_prices
    ADD CONSTRAINT asset_prices_pkey PRIMARY KEY (asset_id);

ALTER TABLE ONLY assets
    ADD CONSTRAINT assets_pkey PRIMARY KEY (id);

ALTER TABLE ONLY assets
    ADD CONSTRAINT assets_symbol_key UNIQUE (symbol);

ALTER TABLE ONLY audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);

ALTER TABLE ONLY bank_transfers
    ADD CONSTRAINT bank_transfers_booked_transaction_id_key UNIQUE (booked_transaction_id);

ALTER TABLE ONLY bank_transfers
    ADD CONSTRAINT bank_transfers_hold_transaction_id_key UNIQUE (hold_transaction_id);

ALTER TABLE ONLY bank_transfers
    ADD CONSTRAINT bank_transfers_pkey PRIMARY KEY (id);

ALTER TABLE ONLY bank_transfers
    ADD CONSTRAINT bank_transfers_plaid_transfer_id_key UNIQUE (plaid_transfer_id);

ALTER TABLE ONLY bank_transfers
    ADD CONSTRAINT bank_transfers_undo_transaction_id_key UNIQUE (undo_transaction_id);

ALTER TABLE ONLY books_checks
    ADD CONSTRAINT books_checks_pkey PRIMARY KEY (id);

ALTER TABLE ONLY campaign_comments
    ADD CONSTRAINT campaign_comments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY campaign_updates
    ADD CONSTRAINT campaign_updates_pkey PRIMARY KEY (id);

ALTER TABLE ONLY contact_messages
    ADD CONSTRAINT contact_messages_pkey PRIMARY KEY (id);

ALTER TABLE ONLY customer_support_tickets
    ADD CONSTRAINT customer_support_tickets_pkey PRIMARY KEY (id);

ALTER TABLE ONLY customer_support_tickets
    ADD CONSTRAINT customer_support_tickets_ticket_id_key UNIQUE (ticket_id);

ALTER TABLE ONLY direct_messages
    ADD CONSTRAINT direct_messages_pkey PRIMARY KEY (id);

ALTER TABLE ONLY email_confirmations
    ADD CONSTRAINT email_confirmations_pkey PRIMARY KEY (token_hash);

ALTER TABLE ONLY escrow_holds
    ADD CONSTRAINT escrow_holds_pkey PRIMARY KEY (reference_type, reference_id);

ALTER TABLE ONLY fee_schedule
    ADD CONSTRAINT fee_schedule_pkey PRIMARY KEY (id);

ALTER TABLE ONLY fee_schedule
    ADD CONSTRAINT fee_schedule_transaction_type_asset_id_key UNIQUE NULLS NOT DISTINCT (transaction_type, asset_id);

ALTER TABLE ONLY funding_campaigns
    ADD CONSTRAINT funding_campaigns_pkey PRIMARY KEY (id);

ALTER TABLE ONLY idempotency_keys
    ADD CONSTRAINT idempotency_keys_pkey PRIMARY KEY (user_id, key);

ALTER TABLE ONLY investments
    ADD CONSTRAINT investments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY investments
    ADD CONSTRAINT investments_transaction_id_key UNIQUE (transaction_id);

ALTER TABLE ONLY invoice_items
    ADD CONSTRAINT invoice_items_invoice_id_position_key UNIQUE (invoice_id, "position");

ALTER TABLE ONLY invoice_items
    ADD CONSTRAINT invoice_items_pkey PRIMARY KEY (id);

ALTER TABLE ONLY invoices
    ADD CONSTRAINT invoices_creator_id_invoice_number_key UNIQUE (creator_id, invoice_number);

ALTER TABLE ONLY invoices
    ADD CONSTRAINT invoices_payment_transaction_id_key UNIQUE (payment_transaction_id);

ALTER TABLE ONLY invoices
    ADD CONSTRAINT invoices_pkey PRIMARY KEY (id);

ALTER TABLE ONLY kyc_submissions
    ADD CONSTRAINT kyc_submissions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY ledger_entries
    ADD CONSTRAINT ledger_entries_pkey PRIMARY KEY (id);

ALTER TABLE ONLY message_threads
    ADD CONSTRAINT message_threads_pkey PRIMARY KEY (id);

ALTER TABLE ONLY message_threads
    ADD CONSTRAINT message_threads_user_one_id_user_two_id_key UNIQUE (user_one_id, user_two_id);

ALTER TABLE ONLY oauth_states
    ADD CONSTRAINT oauth_states_pkey PRIMARY KEY (state);

ALTER TABLE ONLY otp_codes
    ADD CONSTRAINT otp_codes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY outbox_messages
    ADD CONSTRAINT outbox_messages_pkey PRIMARY KEY (id);

ALTER TABLE ONLY outgoing_usage
    ADD CONSTRAINT outgoing_usage_pkey PRIMARY KEY (user_id, day);

ALTER TABLE ONLY password_resets
    ADD CONSTRAINT password_resets_pkey PRIMARY KEY (id);

ALTER TABLE ONLY payment_requests
    ADD CONSTRAINT payment_requests_pkey PRIMARY KEY (id);

ALTER TABLE ONLY payment_requests
    ADD CONSTRAINT payment_requests_transaction_id_key UNIQUE (transaction_id);

ALTER TABLE ONLY pin_reset_codes
    ADD CONSTRAINT pin_reset_codes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY plaid_event_cursor
    ADD CONSTRAINT plaid_event_cursor_pkey PRIMARY KEY (id);

ALTER TABLE ONLY profiles
    ADD CONSTRAINT profiles_customer_id_key UNIQUE (customer_id);

ALTER TABLE ONLY profiles
    ADD CONSTRAINT profiles_pkey PRIMARY KEY (id);

ALTER TABLE ONLY profiles
    ADD CONSTRAINT profiles_username_key UNIQUE (username);

ALTER TABLE ONLY project_contracts
    ADD CONSTRAINT project_contracts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY project_contracts
    ADD CONSTRAINT project_contracts_proposal_id_key UNIQUE (proposal_id);

ALTER TABLE ONLY project_milestones
    ADD CONSTRAINT project_milestones_payment_transaction_id_key UNIQUE (payment_transaction_id);

ALTER TABLE ONLY project_milestones
    ADD CONSTRAINT project_milestones_pkey PRIMARY KEY (id);

ALTER TABLE ONLY project_proposals
    ADD CONSTRAINT project_proposals_pkey PRIMARY KEY (id);

ALTER TABLE ONLY projects
    ADD CONSTRAINT projects_pkey PRIMARY KEY (id);

ALTER TABLE ONLY rate_limit_buckets
    ADD CONSTRAINT rate_limit_buckets_pkey PRIMARY KEY (key);

ALTER TABLE ONLY refresh_tokens
    ADD CONSTRAINT refresh_tokens_pkey PRIMARY KEY (id);

ALTER TABLE ONLY refresh_tokens
    ADD CONSTRAINT refresh_tokens_token_hash_key UNIQUE (token_hash);

ALTER TABLE ONLY remote_current
    ADD CONSTRAINT remote_current_pkey PRIMARY KEY (remote);

ALTER TABLE ONLY remote_load_failures
    ADD CONSTRAINT remote_load_failures_pkey PRIMARY KEY (id);

ALTER TABLE ONLY remote_releases
    ADD CONSTRAINT remote_releases_pkey PRIMARY KEY (id);

ALTER TABLE ONLY remote_releases
    ADD CONSTRAINT remote_releases_remote_id_key UNIQUE (remote, id);

ALTER TABLE ONLY remote_releases
    ADD CONSTRAINT remote_releases_remote_version_key UNIQUE (remote, version);

ALTER TABLE ONLY social_post_comments
    ADD CONSTRAINT social_post_comments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY social_post_likes
    ADD CONSTRAINT social_post_likes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY social_post_likes
    ADD CONSTRAINT social_post_likes_user_id_post_id_key UNIQUE (user_id, post_id);

ALTER TABLE ONLY social_posts
    ADD CONSTRAINT social_posts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY socket_presence
    ADD CONSTRAINT socket_presence_pkey PRIMARY KEY (node_id, user_id);

ALTER TABLE ONLY support_attachments
    ADD CONSTRAINT support_attachments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY support_attachments
    ADD CONSTRAINT support_attachments_storage_key_key UNIQUE (storage_key);

ALTER TABLE ONLY system_accounts
    ADD CONSTRAINT system_accounts_code_asset_id_key UNIQUE (code, asset_id);

ALTER TABLE ONLY system_accounts
    ADD CONSTRAINT system_accounts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY ticket_responses
    ADD CONSTRAINT ticket_responses_pkey PRIMARY KEY (id);

ALTER TABLE ONLY transaction_limit_caps
    ADD CONSTRAINT transaction_limit_caps_pkey PRIMARY KEY (period);

ALTER TABLE ONLY transactions
    ADD CONSTRAINT transactions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY upload_objects
    ADD CONSTRAINT upload_objects_pkey PRIMARY KEY (bucket, key);

ALTER TABLE ONLY user_identities
    ADD CONSTRAINT user_identities_pkey PRIMARY KEY (id);

ALTER TABLE ONLY user_identities
    ADD CONSTRAINT user_identities_provider_subject_key UNIQUE (provider, subject);

ALTER TABLE ONLY user_linked_accounts
    ADD CONSTRAINT user_linked_accounts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY user_linked_accounts
    ADD CONSTRAINT user_linked_accounts_plaid_account_key UNIQUE (user_id, plaid_item_id, plaid_account_id);

ALTER TABLE ONLY user_relationships
    ADD CONSTRAINT user_relationships_pkey PRIMARY KEY (id);

ALTER TABLE ONLY user_relationships
    ADD CONSTRAINT user_relationships_requester_id_addressee_id_key UNIQUE (requester_id, addressee_id);

ALTER TABLE ONLY user_wallets
    ADD CONSTRAINT user_wallets_pkey PRIMARY KEY (id);

ALTER TABLE ONLY user_wallets
    ADD CONSTRAINT user_wallets_user_id_asset_id_key UNIQUE (user_id, asset_id);

ALTER TABLE ONLY users
    ADD CONSTRAINT users_email_key UNIQUE (email);

ALTER TABLE ONLY users
    ADD CONSTRAINT users_phone_key UNIQUE (phone);

ALTER TABLE ONLY users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

CREATE INDEX audit_log_actor_id_idx ON audit_log USING btree (actor_id);

CREATE INDEX audit_log_subject_idx ON audit_log USING btree (subject, created_at);

CREATE INDEX bank_transfers_requested_idx ON bank_transfers USING btree (created_at) WHERE (status = 'requested'::bank_transfer_status);

CREATE INDEX bank_transfers_user_idx ON bank_transfers USING btree (user_id, created_at DESC, id DESC);

CREATE INDEX campaign_comments_campaign_idx ON campaign_comments USING btree (campaign_id, created_at) WHERE (parent_comment_id IS NULL);

CREATE INDEX campaign_updates_campaign_idx ON campaign_updates USING btree (campaign_id, created_at DESC);

CREATE INDEX contact_messages_created_idx ON contact_messages USING btree (created_at DESC, id DESC);

CREATE INDEX contact_messages_unhandled_idx ON contact_messages USING btree (created_at DESC, id DESC) WHERE (handled_at IS NULL);

CREATE INDEX customer_support_tickets_created_idx ON customer_support_tickets USING btree (created_at DESC, id DESC);

CREATE INDEX customer_support_tickets_status_idx ON customer_support_tickets USING btree (status);

CREATE INDEX customer_support_tickets_subject_trgm_idx ON customer_support_tickets USING gin (subject gin_trgm_ops);

CREATE INDEX customer_support_tickets_ticket_id_trgm_idx ON customer_support_tickets USING gin (ticket_id gin_trgm_ops);

CREATE INDEX customer_support_tickets_user_idx ON customer_support_tickets USING btree (user_id, created_at DESC, id DESC);

CREATE UNIQUE INDEX direct_messages_sender_client_id_key ON direct_messages USING btree (sender_id, client_message_id);

CREATE UNIQUE INDEX direct_messages_thread_seq_key ON direct_messages USING btree (thread_id, seq);

CREATE INDEX email_confirmations_user_id_idx ON email_confirmations USING btree (user_id);

CREATE INDEX funding_campaigns_active_newest_idx ON funding_campaigns USING btree (created_at DESC, id DESC) WHERE (status = 'active'::campaign_status);

CREATE INDEX funding_campaigns_ending_idx ON funding_campaigns USING btree (campaign_end_date) WHERE (status = 'active'::campaign_status);

CREATE INDEX funding_campaigns_owner_idx ON funding_campaigns USING btree (created_by_profile_id, created_at DESC);

CREATE INDEX funding_campaigns_review_idx ON funding_campaigns USING btree (submitted_at) WHERE (status = 'pending_approval'::campaign_status);

CREATE INDEX funding_campaigns_search_idx ON funding_campaigns USING gin (search_vector) WHERE (status = 'active'::campaign_status);

CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys USING btree (created_at);

CREATE INDEX investments_campaign_idx ON investments USING btree (campaign_id, created_at);

CREATE INDEX investments_investor_idx ON investments USING btree (investor_profile_id, created_at DESC);

CREATE INDEX invoices_client_email_idx ON invoices USING btree (client_email);

CREATE INDEX invoices_client_idx ON invoices USING btree (client_profile_id, created_at DESC, id DESC);

CREATE INDEX invoices_creator_idx ON invoices USING btree (creator_id, created_at DESC, id DESC);

CREATE INDEX invoices_due_idx ON invoices USING btree (status, due_date);

CREATE UNIQUE INDEX kyc_submissions_one_pending_idx ON kyc_submissions USING btree (user_id) WHERE (status = 'pending'::kyc_submission_status);

CREATE INDEX kyc_submissions_queue_idx ON kyc_submissions USING btree (status, created_at);

CREATE INDEX kyc_submissions_user_id_idx ON kyc_submissions USING btree (user_id);

CREATE INDEX ledger_entries_reference_idx ON ledger_entries USING btree (reference_type, reference_id) WHERE (reference_id IS NOT NULL);

CREATE INDEX ledger_entries_transaction_id_idx ON ledger_entries USING btree (transaction_id);

CREATE INDEX ledger_entries_wallet_id_idx ON ledger_entries USING btree (wallet_id) WHERE (wallet_id IS NOT NULL);

CREATE INDEX message_threads_user_one_updated_idx ON message_threads USING btree (user_one_id, updated_at DESC, id DESC);

CREATE INDEX message_threads_user_two_updated_idx ON message_threads USING btree (user_two_id, updated_at DESC, id DESC);

CREATE INDEX otp_codes_phone_idx ON otp_codes USING btree (phone);

CREATE INDEX password_resets_user_id_idx ON password_resets USING btree (user_id);

CREATE INDEX payment_requests_payer_idx ON payment_requests USING btree (payer_id, created_at DESC);

CREATE INDEX payment_requests_requester_idx ON payment_requests USING btree (requester_id, created_at DESC);

CREATE INDEX pin_reset_codes_user_id_idx ON pin_reset_codes USING btree (user_id, created_at DESC);

CREATE INDEX profiles_created_at_idx ON profiles USING btree (created_at DESC);

CREATE INDEX profiles_display_order_idx ON profiles USING btree (lower(full_name), username, id);

CREATE INDEX profiles_full_name_trgm_idx ON profiles USING gin (full_name gin_trgm_ops);

CREATE INDEX profiles_kyc_pending_idx ON profiles USING btree (updated_at, id) WHERE (kyc_status = 'pending'::kyc_status);

CREATE UNIQUE INDEX profiles_username_lower_key ON profiles USING btree (lower(username));

CREATE INDEX profiles_username_trgm_idx ON profiles USING gin (username gin_trgm_ops);

CREATE INDEX project_contracts_client_idx ON project_contracts USING btree (client_id, created_at DESC);

CREATE INDEX project_contracts_freelancer_idx ON project_contracts USING btree (freelancer_id, created_at DESC);

CREATE UNIQUE INDEX project_contracts_one_per_project_idx ON project_contracts USING btree (project_id);

CREATE INDEX project_milestones_contract_idx ON project_milestones USING btree (contract_id, created_at);

CREATE INDEX project_milestones_submitted_idx ON project_milestones USING btree (submitted_at) WHERE (status = 'submitted_for_payment'::milestone_status);

CREATE INDEX project_proposals_freelancer_idx ON project_proposals USING btree (freelancer_id, created_at DESC);

CREATE UNIQUE INDEX project_proposals_one_live_idx ON project_proposals USING btree (project_id, freelancer_id) WHERE (status = ANY (ARRAY['submitted'::proposal_status, 'accepted'::proposal_status]));

CREATE INDEX project_proposals_project_idx ON project_proposals USING btree (project_id, created_at);

CREATE INDEX projects_client_idx ON projects USING btree (client_id, created_at DESC);

CREATE INDEX projects_open_newest_idx ON projects USING btree (created_at DESC, id DESC) WHERE (status = 'open'::project_status);

CREATE INDEX projects_search_idx ON projects USING gin (search_vector) WHERE (status = 'open'::project_status);

CREATE INDEX projects_skills_idx ON projects USING gin (skills_required) WHERE (status = 'open'::project_status);

CREATE INDEX refresh_tokens_family_id_idx ON refresh_tokens USING btree (family_id);

CREATE INDEX refresh_tokens_user_id_idx ON refresh_tokens USING btree (user_id);

CREATE INDEX remote_current_release_idx ON remote_current USING btree (release_id);

CREATE INDEX remote_load_failures_release_idx ON remote_load_failures USING btree (release_id, created_at);

CREATE INDEX remote_releases_history_idx ON remote_releases USING btree (remote, published_at DESC);

CREATE INDEX social_post_comments_post_idx ON social_post_comments USING btree (post_id, created_at, id) WHERE (parent_comment_id IS NULL);

CREATE INDEX social_post_likes_post_idx ON social_post_likes USING btree (post_id);

CREATE INDEX social_posts_feed_idx ON social_posts USING btree (created_at DESC, id DESC);

CREATE INDEX social_posts_user_feed_idx ON social_posts USING btree (user_id, created_at DESC, id DESC);

CREATE INDEX socket_presence_user_idx ON socket_presence USING btree (user_id, seen_at);

CREATE INDEX support_attachments_response_idx ON support_attachments USING btree (response_id) WHERE (response_id IS NOT NULL);

CREATE INDEX support_attachments_ticket_idx ON support_attachments USING btree (ticket_id, created_at, id);

CREATE INDEX ticket_responses_ticket_id_created_at_idx ON ticket_responses USING btree (ticket_id, created_at);

CREATE INDEX transactions_completed_created_idx ON transactions USING btree (created_at) INCLUDE (asset_id, amount) WHERE (status = 'completed'::transaction_status);

CREATE INDEX transactions_receiver_asset_history_idx ON transactions USING btree (receiver_id, asset_id, created_at DESC, id DESC);

CREATE INDEX transactions_receiver_history_idx ON transactions USING btree (receiver_id, created_at DESC, id DESC);

CREATE INDEX transactions_sender_asset_history_idx ON transactions USING btree (sender_id, asset_id, created_at DESC, id DESC);

CREATE INDEX transactions_sender_history_idx ON transactions USING btree (sender_id, created_at DESC, id DESC);

CREATE INDEX upload_objects_user_idx ON upload_objects USING btree (user_id) INCLUDE (size_bytes);

CREATE INDEX user_identities_user_id_idx ON user_identities USING btree (user_id);

CREATE INDEX user_linked_accounts_item_idx ON user_linked_accounts USING btree (plaid_item_id);

CREATE INDEX user_linked_accounts_user_id_idx ON user_linked_accounts USING btree (user_id);

CREATE UNIQUE INDEX user_relationships_pair_key ON user_relationships USING btree (LEAST(requester_id, addressee_id), GREATEST(requester_id, addressee_id));

CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops);

ALTER TABLE ONLY asset_prices
    ADD CONSTRAINT asset_prices_asset_id_fkey FOREIGN KEY (asset_id) REFERENCES assets(id) ON DELETE CASCADE;

ALTER TABLE ONLY audit_log
    ADD CONSTRAINT audit_log_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES users(id) ON DELETE SET NULL;

ALTER TABLE ONLY bank_transfers
    ADD CONSTRAINT bank_transfers_asset_id_fkey FOREIGN KEY (asset_id) REFERENCES assets(id);

ALTER TABLE ONLY bank_transfers
    ADD CONSTRAINT bank_transfers_linked_account_id_fkey FOREIGN KEY (linked_account_id) REFERENCES user_linked_accounts(id) ON DELETE SET NULL;

ALTER TABLE ONLY bank_transfers
    ADD CONSTRAINT bank_transfers_user_id_fkey FOREIGN KEY (user_id) REFERENCES profiles(id);

ALTER TABLE ONLY campaign_comments
    ADD CONSTRAINT campaign_comments_campaign_id_fkey FOREIGN KEY (campaign_id) REFERENCES funding_campaigns(id) ON DELETE CASCADE;

ALTER TABLE ONLY campaign_comments
    ADD CONSTRAINT campaign_comments_commenter_profile_id_fkey FOREIGN KEY (commenter_profile_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY campaign_comments
    ADD CONSTRAINT campaign_comments_parent_comment_id_fkey FOREIGN KEY (parent_comment_id) REFERENCES campaign_comments(id) ON DELETE CASCADE;

ALTER TABLE ONLY campaign_updates
    ADD CONSTRAINT campaign_updates_campaign_id_fkey FOREIGN KEY (campaign_id) REFERENCES funding_campaigns(id) ON DELETE CASCADE;

ALTER TABLE ONLY campaign_updates
    ADD CONSTRAINT campaign_updates_posted_by_profile_id_fkey FOREIGN KEY (posted_by_profile_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY contact_messages
    ADD CONSTRAINT contact_messages_handled_by_fkey FOREIGN KEY (handled_by) REFERENCES profiles(id) ON DELETE SET NULL;

ALTER TABLE ONLY contact_messages
    ADD CONSTRAINT contact_messages_user_id_fkey FOREIGN KEY (user_id) REFERENCES profiles(id) ON DELETE SET NULL;

ALTER TABLE ONLY customer_support_tickets
    ADD CONSTRAINT customer_support_tickets_user_id_fkey FOREIGN KEY (user_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY direct_messages
    ADD CONSTRAINT direct_messages_receiver_id_fkey FOREIGN KEY (receiver_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY direct_messages
    ADD CONSTRAINT direct_messages_sender_id_fkey FOREIGN KEY (sender_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY direct_messages
    ADD CONSTRAINT direct_messages_thread_id_fkey FOREIGN KEY (thread_id) REFERENCES message_threads(id) ON DELETE CASCADE;

ALTER TABLE ONLY email_confirmations
    ADD CONSTRAINT email_confirmations_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY fee_schedule
    ADD CONSTRAINT fee_schedule_asset_id_fkey FOREIGN KEY (asset_id) REFERENCES assets(id) ON DELETE CASCADE;

ALTER TABLE ONLY funding_campaigns
    ADD CONSTRAINT funding_campaigns_asset_currency_id_fkey FOREIGN KEY (asset_currency_id) REFERENCES assets(id) ON DELETE RESTRICT;

ALTER TABLE ONLY funding_campaigns
    ADD CONSTRAINT funding_campaigns_created_by_profile_id_fkey FOREIGN KEY (created_by_profile_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY investments
    ADD CONSTRAINT investments_campaign_id_fkey FOREIGN KEY (campaign_id) REFERENCES funding_campaigns(id) ON DELETE RESTRICT;

ALTER TABLE ONLY investments
    ADD CONSTRAINT investments_investor_profile_id_fkey FOREIGN KEY (investor_profile_id) REFERENCES profiles(id) ON DELETE RESTRICT;

ALTER TABLE ONLY investments
    ADD CONSTRAINT investments_transaction_id_fkey FOREIGN KEY (transaction_id) REFERENCES transactions(id) ON DELETE RESTRICT;

ALTER TABLE ONLY invoice_items
    ADD CONSTRAINT invoice_items_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES invoices(id) ON DELETE CASCADE;

ALTER TABLE ONLY invoices
    ADD CONSTRAINT invoices_asset_id_fkey FOREIGN KEY (asset_id) REFERENCES assets(id) ON DELETE RESTRICT;

ALTER TABLE ONLY invoices
    ADD CONSTRAINT invoices_client_profile_id_fkey FOREIGN KEY (client_profile_id) REFERENCES profiles(id) ON DELETE SET NULL;

ALTER TABLE ONLY invoices
    ADD CONSTRAINT invoices_creator_id_fkey FOREIGN KEY (creator_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY invoices
    ADD CONSTRAINT invoices_payment_transaction_id_fkey FOREIGN KEY (payment_transaction_id) REFERENCES transactions(id) ON DELETE RESTRICT;

ALTER TABLE ONLY kyc_submissions
    ADD CONSTRAINT kyc_submissions_reviewer_id_fkey FOREIGN KEY (reviewer_id) REFERENCES profiles(id) ON DELETE SET NULL;

ALTER TABLE ONLY kyc_submissions
    ADD CONSTRAINT kyc_submissions_user_id_fkey FOREIGN KEY (user_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY message_threads
    ADD CONSTRAINT message_threads_user_one_id_fkey FOREIGN KEY (user_one_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY message_threads
    ADD CONSTRAINT message_threads_user_two_id_fkey FOREIGN KEY (user_two_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY otp_codes
    ADD CONSTRAINT otp_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY outbox_messages
    ADD CONSTRAINT outbox_messages_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL;

ALTER TABLE ONLY outgoing_usage
    ADD CONSTRAINT outgoing_usage_user_id_fkey FOREIGN KEY (user_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY password_resets
    ADD CONSTRAINT password_resets_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY payment_requests
    ADD CONSTRAINT payment_requests_asset_id_fkey FOREIGN KEY (asset_id) REFERENCES assets(id) ON DELETE RESTRICT;

ALTER TABLE ONLY payment_requests
    ADD CONSTRAINT payment_requests_payer_id_fkey FOREIGN KEY (payer_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY payment_requests
    ADD CONSTRAINT payment_requests_requester_id_fkey FOREIGN KEY (requester_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY payment_requests
    ADD CONSTRAINT payment_requests_transaction_id_fkey FOREIGN KEY (transaction_id) REFERENCES transactions(id) ON DELETE RESTRICT;

ALTER TABLE ONLY pin_reset_codes
    ADD CONSTRAINT pin_reset_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY profiles
    ADD CONSTRAINT profiles_id_fkey FOREIGN KEY (id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY project_contracts
    ADD CONSTRAINT project_contracts_client_id_fkey FOREIGN KEY (client_id) REFERENCES profiles(id) ON DELETE RESTRICT;

ALTER TABLE ONLY project_contracts
    ADD CONSTRAINT project_contracts_currency_asset_id_fkey FOREIGN KEY (currency_asset_id) REFERENCES assets(id) ON DELETE RESTRICT;

ALTER TABLE ONLY project_contracts
    ADD CONSTRAINT project_contracts_freelancer_id_fkey FOREIGN KEY (freelancer_id) REFERENCES profiles(id) ON DELETE RESTRICT;

ALTER TABLE ONLY project_contracts
    ADD CONSTRAINT project_contracts_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE RESTRICT;

ALTER TABLE ONLY project_contracts
    ADD CONSTRAINT project_contracts_proposal_id_fkey FOREIGN KEY (proposal_id) REFERENCES project_proposals(id) ON DELETE RESTRICT;

ALTER TABLE ONLY project_milestones
    ADD CONSTRAINT project_milestones_contract_id_fkey FOREIGN KEY (contract_id) REFERENCES project_contracts(id) ON DELETE CASCADE;

ALTER TABLE ONLY project_milestones
    ADD CONSTRAINT project_milestones_payment_transaction_id_fkey FOREIGN KEY (payment_transaction_id) REFERENCES transactions(id) ON DELETE RESTRICT;

ALTER TABLE ONLY project_proposals
    ADD CONSTRAINT project_proposals_contract_id_fkey FOREIGN KEY (contract_id) REFERENCES project_contracts(id) ON DELETE SET NULL;

ALTER TABLE ONLY project_proposals
    ADD CONSTRAINT project_proposals_freelancer_id_fkey FOREIGN KEY (freelancer_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY project_proposals
    ADD CONSTRAINT project_proposals_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE;

ALTER TABLE ONLY projects
    ADD CONSTRAINT projects_budget_currency_fkey FOREIGN KEY (budget_currency) REFERENCES assets(id) ON DELETE RESTRICT;

ALTER TABLE ONLY projects
    ADD CONSTRAINT projects_client_id_fkey FOREIGN KEY (client_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY refresh_tokens
    ADD CONSTRAINT refresh_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY remote_current
    ADD CONSTRAINT remote_current_changed_by_fkey FOREIGN KEY (changed_by) REFERENCES profiles(id);

ALTER TABLE ONLY remote_current
    ADD CONSTRAINT remote_current_release_fkey FOREIGN KEY (remote, release_id) REFERENCES remote_releases(remote, id);

ALTER TABLE ONLY remote_load_failures
    ADD CONSTRAINT remote_load_failures_release_id_fkey FOREIGN KEY (release_id) REFERENCES remote_releases(id);

ALTER TABLE ONLY social_post_comments
    ADD CONSTRAINT social_post_comments_parent_comment_id_fkey FOREIGN KEY (parent_comment_id) REFERENCES social_post_comments(id) ON DELETE CASCADE;

ALTER TABLE ONLY social_post_comments
    ADD CONSTRAINT social_post_comments_post_id_fkey FOREIGN KEY (post_id) REFERENCES social_posts(id) ON DELETE CASCADE;

ALTER TABLE ONLY social_post_comments
    ADD CONSTRAINT social_post_comments_user_id_fkey FOREIGN KEY (user_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY social_post_likes
    ADD CONSTRAINT social_post_likes_post_id_fkey FOREIGN KEY (post_id) REFERENCES social_posts(id) ON DELETE CASCADE;

ALTER TABLE ONLY social_post_likes
    ADD CONSTRAINT social_post_likes_user_id_fkey FOREIGN KEY (user_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY social_posts
    ADD CONSTRAINT social_posts_user_id_fkey FOREIGN KEY (user_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY socket_presence
    ADD CONSTRAINT socket_presence_user_id_fkey FOREIGN KEY (user_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY support_attachments
    ADD CONSTRAINT support_attachments_response_id_fkey FOREIGN KEY (response_id) REFERENCES ticket_responses(id) ON DELETE CASCADE;

ALTER TABLE ONLY support_attachments
    ADD CONSTRAINT support_attachments_ticket_id_fkey FOREIGN KEY (ticket_id) REFERENCES customer_support_tickets(id) ON DELETE CASCADE;

ALTER TABLE ONLY system_accounts
    ADD CONSTRAINT system_accounts_asset_id_fkey FOREIGN KEY (asset_id) REFERENCES assets(id) ON DELETE RESTRICT;

ALTER TABLE ONLY ticket_responses
    ADD CONSTRAINT ticket_responses_responder_id_fkey FOREIGN KEY (responder_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY ticket_responses
    ADD CONSTRAINT ticket_responses_ticket_id_fkey FOREIGN KEY (ticket_id) REFERENCES customer_support_tickets(id) ON DELETE CASCADE;

ALTER TABLE ONLY upload_objects
    ADD CONSTRAINT upload_objects_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY user_identities
    ADD CONSTRAINT user_identities_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE ONLY user_linked_accounts
    ADD CONSTRAINT user_linked_accounts_user_id_fkey FOREIGN KEY (user_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY user_relationships
    ADD CONSTRAINT user_relationships_addressee_id_fkey FOREIGN KEY (addressee_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY user_relationships
    ADD CONSTRAINT user_relationships_requester_id_fkey FOREIGN KEY (requester_id) REFERENCES profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY user_wallets
    ADD CONSTRAINT user_wallets_asset_id_fkey FOREIGN KEY (asset_id) REFERENCES assets(id) ON DELETE RESTRICT;

ALTER TABLE ONLY user_wallets
    ADD CONSTRAINT user_wallets_user_id_fkey FOREIGN KEY (user_id) REFERENCES profiles(id) ON DELETE RESTRICT;


-- Reference rows: the platform's caps on the transaction limits a user may choose (USD), and where
-- the portal is in Plaid's transfer event stream (one row).
INSERT INTO transaction_limit_caps (period, max_usd) VALUES ('daily', 10000), ('weekly', 25000), ('monthly', 50000);
INSERT INTO plaid_event_cursor DEFAULT VALUES;
