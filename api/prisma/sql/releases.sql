-- Remote releases. Applied as a repeatable definition (see ledger.sql's header); the tables
-- are in the migrations (prisma/migrations).
--
-- Invariant RR1: a release is immutable. Its files are stored once per version and pages loaded
-- before a rollback still fetch them, so nothing about it may change afterwards: UPDATE is refused
-- except stamping first_current_at once (NULL -> a time), DELETE and TRUNCATE are refused (RR409).
-- Invariant RR2: a remote's current release is one of that remote's releases (composite foreign key
-- remote_current (remote, release_id) -> remote_releases (remote, id)); there is one row per remote.
-- Invariant RR3: every change of a current release stamps the release's first_current_at (so a
-- staged release is exactly one that never was current) and sends NOTIFY remote_releases with the
-- remote's name, delivered at COMMIT to every API process (never for a rollback of the transaction),
-- which re-reads the registry: no file is shared between hosts.

-- RR1
CREATE OR REPLACE FUNCTION remote_release_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.first_current_at IS NULL AND NEW.first_current_at IS NOT NULL
     AND (to_jsonb(NEW) - 'first_current_at') = (to_jsonb(OLD) - 'first_current_at') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'remote release % is immutable (% refused)', COALESCE(OLD.remote || ' ' || OLD.version, ''), TG_OP
    USING ERRCODE = 'RR409';
END $$;

DROP TRIGGER IF EXISTS remote_release_guard ON remote_releases;
CREATE TRIGGER remote_release_guard BEFORE UPDATE OR DELETE ON remote_releases
  FOR EACH ROW EXECUTE FUNCTION remote_release_guard();
DROP TRIGGER IF EXISTS remote_release_no_truncate ON remote_releases;
CREATE TRIGGER remote_release_no_truncate BEFORE TRUNCATE ON remote_releases
  FOR EACH STATEMENT EXECUTE FUNCTION remote_release_guard();

-- RR3
CREATE OR REPLACE FUNCTION remote_current_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE remote_releases SET first_current_at = now() WHERE id = NEW.release_id AND first_current_at IS NULL;
  PERFORM pg_notify('remote_releases', to_json(NEW.remote)::text); -- JSON, as platform/realtime reads every payload
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS remote_current_changed ON remote_current;
CREATE TRIGGER remote_current_changed AFTER INSERT OR UPDATE ON remote_current
  FOR EACH ROW EXECUTE FUNCTION remote_current_changed();
