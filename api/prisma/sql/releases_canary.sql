-- Canary releases and retention (docs/decisions.md "Canary releases"). Applied as a repeatable
-- definition (see ledger.sql's header); the tables are in migration 20261126100000_canary_releases.
-- Named to apply after releases.sql.
--
-- Invariant CR1: every start, change or end of a canary sends NOTIFY remote_releases with the
-- remote's name at COMMIT, as a change of the current release does (releases.sql RR3): every API
-- process re-reads which releases it serves.
-- Invariant CR2: a change of a remote's current release ends its running canary: 'promoted' when
-- the canary's release became current, else 'replaced' (the canary was measured against another
-- release); the release that stops being current is stamped retired (the retention job keeps it
-- 30 days).
-- Invariant CR3: a release whose build files were deleted (remote_release_pruned) is never made
-- current or a canary again.

-- CR1
CREATE OR REPLACE FUNCTION remote_canary_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('remote_releases', to_json(NEW.remote)::text);
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS remote_canary_changed ON remote_canaries;
CREATE TRIGGER remote_canary_changed AFTER INSERT OR UPDATE ON remote_canaries
  FOR EACH ROW EXECUTE FUNCTION remote_canary_changed();

-- CR2
CREATE OR REPLACE FUNCTION remote_current_ends_canary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.release_id <> NEW.release_id THEN
    INSERT INTO remote_release_retired (release_id, retired_at) VALUES (OLD.release_id, now())
      ON CONFLICT (release_id) DO UPDATE SET retired_at = EXCLUDED.retired_at;
  END IF;
  UPDATE remote_canaries
     SET ended_at = now(), ended_by = NEW.changed_by,
         outcome = CASE WHEN release_id = NEW.release_id THEN 'promoted' ELSE 'replaced' END
   WHERE remote = NEW.remote AND ended_at IS NULL;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS remote_current_ends_canary ON remote_current;
CREATE TRIGGER remote_current_ends_canary AFTER INSERT OR UPDATE ON remote_current
  FOR EACH ROW EXECUTE FUNCTION remote_current_ends_canary();

-- CR3
CREATE OR REPLACE FUNCTION remote_release_not_pruned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM remote_release_pruned WHERE release_id = NEW.release_id) THEN
    RAISE EXCEPTION 'the build files of release % were deleted', NEW.release_id USING ERRCODE = 'RR409';
  END IF;
  RETURN NEW;
END $$;

DROP TRIGGER IF EXISTS remote_current_not_pruned ON remote_current;
CREATE TRIGGER remote_current_not_pruned BEFORE INSERT OR UPDATE ON remote_current
  FOR EACH ROW EXECUTE FUNCTION remote_release_not_pruned();
DROP TRIGGER IF EXISTS remote_canary_not_pruned ON remote_canaries;
CREATE TRIGGER remote_canary_not_pruned BEFORE INSERT ON remote_canaries
  FOR EACH ROW EXECUTE FUNCTION remote_release_not_pruned();
