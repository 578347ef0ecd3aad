-- Live pages: which object changed, told when the change commits (docs/decisions.md "Live pages").
-- Applied as a repeatable definition (see ledger.sql's header).
--
-- Invariant LV1: a write of a row a live page shows sends NOTIFY live_topics '{"topic":"<kind>:<id>"}'
-- from the writing transaction itself, so it is delivered when that transaction commits and never for
-- one that rolls back; services need no code for it. The same topic told several times in one
-- transaction is delivered once (PostgreSQL folds equal notifications of a transaction).
-- Invariant LV2: the payload names the object and nothing of its content. The socket layer
-- (api/src/platform/realtime/topics.ts) hands it only to sockets whose user may read that object, and
-- the page reads the object again over HTTP.
--
-- Topics: contract:<contract id> (the contract and its milestones), project:<project id> (the project
-- and its proposals), ticket:<ticket uuid> (the ticket and its responses), invoice:<invoice id>,
-- campaign:<campaign id> (the campaign, its updates, comments and investments), wallets:<user id>
-- (the user's balances: money arrived or left), and the admin queues admin:tickets, admin:kyc,
-- admin:campaigns (in review) and admin:disputes.

CREATE OR REPLACE FUNCTION live_notify(topic text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('live_topics', json_build_object('topic', topic)::text)
$$;

-- A row of an object changed: topic TG_ARGV[0] || ':' || the row's column TG_ARGV[1].
CREATE OR REPLACE FUNCTION live_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM live_notify(TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
  ELSE
    PERFORM live_notify(TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]));
  END IF;
  RETURN NULL;
END $$;

-- An admin queue changed: topic 'admin:' || TG_ARGV[0] (the trigger's WHEN says which rows count).
CREATE OR REPLACE FUNCTION live_queue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_notify('admin:' || TG_ARGV[0]);
  RETURN NULL;
END $$;

-- The contract page: the contract's status, its milestones added, funded, submitted, changes
-- requested, approved, cancelled, disputed, resolved.
CREATE OR REPLACE TRIGGER live_contract AFTER UPDATE ON project_contracts
  FOR EACH ROW EXECUTE FUNCTION live_row_changed('contract', 'id');
CREATE OR REPLACE TRIGGER live_contract_milestone AFTER INSERT OR UPDATE OR DELETE ON project_milestones
  FOR EACH ROW EXECUTE FUNCTION live_row_changed('contract', 'contract_id');

-- The project page: its status and its proposals (sent, withdrawn, accepted, rejected).
CREATE OR REPLACE TRIGGER live_project AFTER UPDATE ON projects
  FOR EACH ROW EXECUTE FUNCTION live_row_changed('project', 'id');
CREATE OR REPLACE TRIGGER live_project_proposal AFTER INSERT OR UPDATE ON project_proposals
  FOR EACH ROW EXECUTE FUNCTION live_row_changed('project', 'project_id');

-- The ticket page: status and priority, answers.
CREATE OR REPLACE TRIGGER live_ticket AFTER UPDATE ON customer_support_tickets
  FOR EACH ROW EXECUTE FUNCTION live_row_changed('ticket', 'id');
CREATE OR REPLACE TRIGGER live_ticket_response AFTER INSERT ON ticket_responses
  FOR EACH ROW EXECUTE FUNCTION live_row_changed('ticket', 'ticket_id');

-- The invoice page: sent, viewed, paid, cancelled, edited.
CREATE OR REPLACE TRIGGER live_invoice AFTER UPDATE ON invoices
  FOR EACH ROW EXECUTE FUNCTION live_row_changed('invoice', 'id');

-- The campaign page: raised amount and status, updates, comments, investments.
CREATE OR REPLACE TRIGGER live_campaign AFTER UPDATE ON funding_campaigns
  FOR EACH ROW EXECUTE FUNCTION live_row_changed('campaign', 'id');
CREATE OR REPLACE TRIGGER live_campaign_update AFTER INSERT OR UPDATE OR DELETE ON campaign_updates
  FOR EACH ROW EXECUTE FUNCTION live_row_changed('campaign', 'campaign_id');
CREATE OR REPLACE TRIGGER live_campaign_comment AFTER INSERT OR UPDATE OR DELETE ON campaign_comments
  FOR EACH ROW EXECUTE FUNCTION live_row_changed('campaign', 'campaign_id');
CREATE OR REPLACE TRIGGER live_campaign_investment AFTER INSERT OR UPDATE ON investments
  FOR EACH ROW EXECUTE FUNCTION live_row_changed('campaign', 'campaign_id');

-- The dashboard: a balance of the user moved (the movement is in their recent activity). Told only
-- while the user has a socket open (socket_presence): a transaction that sends a NOTIFY commits under
-- PostgreSQL's one notification-queue lock, one such commit at a time, which cut 8 concurrent
-- transfers to about a third (docs/decisions.md "Live pages"); transfers to and from people who
-- are not on a page (API clients, batch payouts, offline receivers) keep their speed. A socket opened
-- meanwhile reads the dashboard again once it watches.
CREATE OR REPLACE FUNCTION live_wallets_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF user_has_socket(NEW.user_id) THEN
    PERFORM live_notify('wallets:' || NEW.user_id);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER live_wallets AFTER INSERT OR UPDATE OF balance ON user_wallets
  FOR EACH ROW EXECUTE FUNCTION live_wallets_changed();

-- The admin queues: every ticket change (new tickets, answers, statuses), every KYC submission and
-- review, campaigns entering or leaving review, milestones becoming or ceasing to be disputed.
CREATE OR REPLACE TRIGGER live_admin_tickets AFTER INSERT OR UPDATE ON customer_support_tickets
  FOR EACH ROW EXECUTE FUNCTION live_queue_changed('tickets');
CREATE OR REPLACE TRIGGER live_admin_kyc AFTER INSERT OR UPDATE ON kyc_submissions
  FOR EACH ROW EXECUTE FUNCTION live_queue_changed('kyc');
CREATE OR REPLACE TRIGGER live_admin_campaigns_new AFTER INSERT ON funding_campaigns
  FOR EACH ROW WHEN (NEW.status = 'pending_approval') EXECUTE FUNCTION live_queue_changed('campaigns');
CREATE OR REPLACE TRIGGER live_admin_campaigns AFTER UPDATE OF status ON funding_campaigns
  FOR EACH ROW WHEN ('pending_approval' IN (OLD.status, NEW.status)) EXECUTE FUNCTION live_queue_changed('campaigns');
CREATE OR REPLACE TRIGGER live_admin_disputes AFTER UPDATE OF status ON project_milestones
  FOR EACH ROW WHEN ('disputed' IN (OLD.status, NEW.status)) EXECUTE FUNCTION live_queue_changed('disputes');
