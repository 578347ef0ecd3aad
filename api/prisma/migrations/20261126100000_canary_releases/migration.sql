-- Canary releases, health per release from real browsers, automatic rollback, retention of build
-- files (docs/decisions.md "Canary releases"). Rules the database keeps are in prisma/sql/canary.sql.

-- A release current for a share of signed-in users besides the remote's current release. One
-- running canary per remote (ended_at NULL); ended ones stay as the history with their outcome.
CREATE TABLE remote_canaries (
  id          bigserial PRIMARY KEY,
  remote      text NOT NULL,
  release_id  uuid NOT NULL,
  percent     integer NOT NULL CONSTRAINT remote_canaries_percent CHECK (percent BETWEEN 1 AND 99),
  started_at  timestamptz(6) NOT NULL DEFAULT now(),
  started_by  uuid,
  ended_at    timestamptz(6),
  -- the admin who promoted or rolled back; NULL with 'auto_rollback' (the system) or 'replaced'
  ended_by    uuid,
  outcome     text CONSTRAINT remote_canaries_outcome CHECK (outcome IN ('promoted', 'rolled_back', 'auto_rollback', 'replaced')),
  -- the health figures when it ended (an automatic rollback: why)
  figures     jsonb,
  CONSTRAINT remote_canaries_ended CHECK ((ended_at IS NULL) = (outcome IS NULL)),
  CONSTRAINT remote_canaries_release_fkey FOREIGN KEY (remote, release_id) REFERENCES remote_releases(remote, id)
);
CREATE UNIQUE INDEX remote_canaries_running_key ON remote_canaries(remote) WHERE ended_at IS NULL;
CREATE INDEX remote_canaries_release_idx ON remote_canaries(release_id, ended_at);

-- The automatic rollback rule of a remote (a remote without a row has the default rule).
CREATE TABLE remote_rollback_rules (
  remote              text PRIMARY KEY CONSTRAINT remote_rollback_rules_remote_name CHECK (remote ~ '^[a-z][a-z0-9-]{0,62}$'),
  enabled             boolean NOT NULL DEFAULT true,
  min_sessions        integer NOT NULL CONSTRAINT remote_rollback_rules_min_sessions CHECK (min_sessions BETWEEN 1 AND 100000),
  -- rates as fractions (0.05 = 5 percentage points above the current release's)
  error_rate_margin   numeric(4,3) NOT NULL CONSTRAINT remote_rollback_rules_error_margin CHECK (error_rate_margin BETWEEN 0 AND 1),
  load_failure_margin numeric(4,3) NOT NULL CONSTRAINT remote_rollback_rules_load_margin CHECK (load_failure_margin BETWEEN 0 AND 1),
  changed_at          timestamptz(6) NOT NULL DEFAULT now(),
  changed_by          uuid
);

-- Health per release and minute from browsers' reports: the last hour or day is at most 60 or
-- 1,440 rows per release (no raw events kept).
CREATE TABLE remote_health_minutes (
  release_id      uuid NOT NULL REFERENCES remote_releases(id),
  minute          timestamptz(6) NOT NULL,
  sessions        integer NOT NULL DEFAULT 0,
  error_sessions  integer NOT NULL DEFAULT 0,
  errors          integer NOT NULL DEFAULT 0,
  boundary_errors integer NOT NULL DEFAULT 0,
  PRIMARY KEY (release_id, minute)
);

-- Web vitals per release and minute as a histogram: bucket b counts values in [1.1^b, 1.1^(b+1))
-- (milliseconds for LCP and INP, thousandths for CLS), so a p75 reads from a few hundred rows.
CREATE TABLE remote_vitals_minutes (
  release_id uuid NOT NULL REFERENCES remote_releases(id),
  minute     timestamptz(6) NOT NULL,
  metric     text NOT NULL CONSTRAINT remote_vitals_minutes_metric CHECK (metric IN ('LCP', 'INP', 'CLS')),
  bucket     integer NOT NULL CONSTRAINT remote_vitals_minutes_bucket CHECK (bucket BETWEEN 0 AND 200),
  samples    integer NOT NULL DEFAULT 0,
  PRIMARY KEY (release_id, minute, metric, bucket)
);

-- When a release stopped being its remote's current release (the retention job keeps those of the
-- last 30 days: pages loaded before still fetch their chunks).
CREATE TABLE remote_release_retired (
  release_id  uuid PRIMARY KEY REFERENCES remote_releases(id),
  retired_at  timestamptz(6) NOT NULL
);

-- Releases current before (replaced before this table existed): kept 30 days from now.
INSERT INTO remote_release_retired (release_id, retired_at)
SELECT r.id, now() FROM remote_releases r
 WHERE r.first_current_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM remote_current c WHERE c.release_id = r.id);

-- Releases whose build files the retention job deleted: never served, previewed or made current again.
CREATE TABLE remote_release_pruned (
  release_id  uuid PRIMARY KEY REFERENCES remote_releases(id),
  pruned_at   timestamptz(6) NOT NULL DEFAULT now(),
  files       integer NOT NULL
);
