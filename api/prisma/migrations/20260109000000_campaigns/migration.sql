-- Equity crowdfunding (issue 16): review before going live, investments held in escrow, all or
-- nothing at the end date. The trigger keeping funding_campaigns.search_vector is in prisma/sql/campaigns.sql.

-- An investor may cancel a pending investment (until 48 hours before the end date). Not used below
-- (PostgreSQL forbids using a new enum value in the transaction that adds it).
ALTER TYPE investment_status ADD VALUE IF NOT EXISTS 'cancelled';

ALTER TABLE funding_campaigns
  ADD COLUMN rejection_reason text,
  ADD COLUMN submitted_at timestamptz(6),
  ADD COLUMN reviewed_at timestamptz(6),
  ADD COLUMN closed_at timestamptz(6),
  ADD COLUMN search_vector tsvector NOT NULL DEFAULT ''::tsvector,
  ADD CONSTRAINT funding_campaigns_numbers_not_negative CHECK (target_amount >= 0 AND min_investment >= 0 AND (max_investment IS NULL OR max_investment >= min_investment)
    AND equity_offered_percentage >= 0 AND equity_offered_percentage <= 100 AND (valuation IS NULL OR valuation >= 0)),
  -- funds_raised is the sum of the live investments (kept in the investing transaction; a test checks it after races)
  ADD CONSTRAINT funding_campaigns_funds_raised_not_negative CHECK (funds_raised >= 0);
UPDATE funding_campaigns SET search_vector = to_tsvector('simple', company_name || ' ' || coalesce(tagline, '') || ' ' || description);

CREATE INDEX funding_campaigns_active_newest_idx ON funding_campaigns (created_at DESC, id DESC) WHERE status = 'active';
CREATE INDEX funding_campaigns_search_idx ON funding_campaigns USING gin (search_vector) WHERE status = 'active';
CREATE INDEX funding_campaigns_owner_idx ON funding_campaigns (created_by_profile_id, created_at DESC);
CREATE INDEX funding_campaigns_ending_idx ON funding_campaigns (campaign_end_date) WHERE status = 'active';
CREATE INDEX funding_campaigns_review_idx ON funding_campaigns (submitted_at) WHERE status = 'pending_approval';

ALTER TABLE investments
  ADD COLUMN updated_at timestamptz(6) NOT NULL DEFAULT now(),
  ADD CONSTRAINT investments_amount_positive CHECK (amount_invested > 0);
CREATE INDEX investments_investor_idx ON investments (investor_profile_id, created_at DESC);
CREATE INDEX investments_campaign_idx ON investments (campaign_id, created_at);

CREATE INDEX campaign_updates_campaign_idx ON campaign_updates (campaign_id, created_at DESC);
CREATE INDEX campaign_comments_campaign_idx ON campaign_comments (campaign_id, created_at) WHERE parent_comment_id IS NULL;
