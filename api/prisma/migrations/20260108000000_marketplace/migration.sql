-- Marketplace (issue 15): escrowed milestones with submission, changes, disputes and resolution;
-- project search. The trigger keeping projects.search_vector is in prisma/sql/marketplace.sql.

-- A milestone may also end cancelled (escrow refunded before submission), be disputed by the client,
-- and be resolved by an admin (released, refunded or split). New enum values are not used in this
-- migration (PostgreSQL forbids using them in the transaction that adds them).
ALTER TYPE milestone_status ADD VALUE IF NOT EXISTS 'cancelled';
ALTER TYPE milestone_status ADD VALUE IF NOT EXISTS 'disputed';
ALTER TYPE milestone_status ADD VALUE IF NOT EXISTS 'resolved';

ALTER TABLE project_milestones
  ADD COLUMN submitted_at timestamptz(6),
  ADD COLUMN change_request_note text,
  ADD COLUMN dispute_reason text,
  ADD COLUMN disputed_at timestamptz(6),
  ADD COLUMN resolved_at timestamptz(6),
  ADD COLUMN resolution_note text,
  ADD COLUMN resolved_freelancer_amount numeric(38, 18),
  ADD CONSTRAINT project_milestones_amount_positive CHECK (amount > 0);

-- Contract pages list their milestones; the auto-release job finds submitted ones by age.
CREATE INDEX project_milestones_contract_idx ON project_milestones (contract_id, created_at);
CREATE INDEX project_milestones_submitted_idx ON project_milestones (submitted_at) WHERE status = 'submitted_for_payment';

ALTER TABLE projects
  ADD COLUMN search_vector tsvector NOT NULL DEFAULT ''::tsvector,
  ADD CONSTRAINT projects_budget_not_negative CHECK (budget_amount >= 0);
UPDATE projects SET search_vector = to_tsvector('simple', title || ' ' || description || ' ' || array_to_string(skills_required, ' '));

-- Find work: open projects newest first (keyset on created_at, id), text search, skills overlap.
CREATE INDEX projects_open_newest_idx ON projects (created_at DESC, id DESC) WHERE status = 'open';
CREATE INDEX projects_search_idx ON projects USING gin (search_vector) WHERE status = 'open';
CREATE INDEX projects_skills_idx ON projects USING gin (skills_required) WHERE status = 'open';
CREATE INDEX projects_client_idx ON projects (client_id, created_at DESC);

-- One live proposal per freelancer and project (a withdrawn or rejected one counts as absent).
CREATE UNIQUE INDEX project_proposals_one_live_idx ON project_proposals (project_id, freelancer_id) WHERE status IN ('submitted', 'accepted');
CREATE INDEX project_proposals_freelancer_idx ON project_proposals (freelancer_id, created_at DESC);
CREATE INDEX project_proposals_project_idx ON project_proposals (project_id, created_at);

-- A project has at most one contract (accepting is one transaction; this makes a second impossible).
CREATE UNIQUE INDEX project_contracts_one_per_project_idx ON project_contracts (project_id);
CREATE INDEX project_contracts_freelancer_idx ON project_contracts (freelancer_id, created_at DESC);
CREATE INDEX project_contracts_client_idx ON project_contracts (client_id, created_at DESC);
