-- Remote releases (issue 21): every published build of every remote is a row, and each remote has one
-- current release. The rules the database keeps (immutable releases, the current one belongs to its
-- remote, every change announced to every API process) are in prisma/sql/releases.sql.

CREATE TABLE remote_releases (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  remote           text NOT NULL CONSTRAINT remote_releases_remote_name CHECK (remote ~ '^[a-z][a-z0-9-]{0,62}$'),
  version          text NOT NULL CONSTRAINT remote_releases_version_format CHECK (version ~ '^[0-9A-Za-z][0-9A-Za-z.+_-]{0,99}$'),
  -- sha256 (hex, first 10) of the built files: the same build always gets the same hash
  content_hash     text NOT NULL,
  manifest_url     text NOT NULL,
  entry_url        text NOT NULL,
  routes           text[] NOT NULL,
  audience         text NOT NULL CONSTRAINT remote_releases_audience CHECK (audience IN ('user', 'admin')),
  -- the remoteEntry and the sync chunks of ./App, fetched in parallel by the page
  preload          text[] NOT NULL,
  -- route prefix -> API GET paths its first screen reads
  prefetch         jsonb NOT NULL DEFAULT '{}',
  -- shared singletons the build requires: name -> required version
  shared           jsonb NOT NULL DEFAULT '{}',
  build_bytes      bigint NOT NULL CONSTRAINT remote_releases_build_bytes CHECK (build_bytes >= 0),
  -- who published: the publishing tool's user@host (a team's CI), never a secret
  published_by     text NOT NULL,
  published_at     timestamptz(6) NOT NULL DEFAULT now(),
  -- set the first time it becomes current; NULL = staged (published with --stage, never current)
  first_current_at timestamptz(6),
  CONSTRAINT remote_releases_remote_version_key UNIQUE (remote, version),
  CONSTRAINT remote_releases_remote_id_key UNIQUE (remote, id)
);
CREATE INDEX remote_releases_history_idx ON remote_releases(remote, published_at DESC);

CREATE TABLE remote_current (
  remote      text PRIMARY KEY,
  release_id  uuid NOT NULL,
  changed_at  timestamptz(6) NOT NULL DEFAULT now(),
  -- the admin who promoted or rolled back; NULL when the publishing tool made it current
  changed_by  uuid REFERENCES profiles(id),
  CONSTRAINT remote_current_release_fkey FOREIGN KEY (remote, release_id) REFERENCES remote_releases(remote, id)
);
CREATE INDEX remote_current_release_idx ON remote_current(release_id);

-- A remote that failed to load in a browser (the shell's loader posts a beacon, rate-limited per address).
CREATE TABLE remote_load_failures (
  id          bigserial PRIMARY KEY,
  release_id  uuid NOT NULL REFERENCES remote_releases(id),
  lifecycle   text NOT NULL,
  message     text NOT NULL,
  created_at  timestamptz(6) NOT NULL DEFAULT now()
);
CREATE INDEX remote_load_failures_release_idx ON remote_load_failures(release_id, created_at);
