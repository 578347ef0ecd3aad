-- Crowdfunding definitions.
--
-- Invariant CF1: funding_campaigns.search_vector is the 'simple' text-search document of the
-- company name, tagline and description, kept by the trigger below; Browse campaigns searches it with
-- prefix terms through the partial GIN index funding_campaigns_search_idx.

CREATE OR REPLACE FUNCTION funding_campaigns_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := to_tsvector('simple', NEW.company_name || ' ' || coalesce(NEW.tagline, '') || ' ' || NEW.description);
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER funding_campaigns_search_vector BEFORE INSERT OR UPDATE OF company_name, tagline, description ON funding_campaigns
  FOR EACH ROW EXECUTE FUNCTION funding_campaigns_search_vector();
