/* @name ListReleases */
SELECT r.id, r.remote, r.version, r.content_hash, r.entry_url, r.routes, r.audience, r.build_bytes::int AS "build_bytes!", r.published_by,
       r.published_at, r.first_current_at,
       CASE WHEN c.release_id = r.id THEN 'current' WHEN r.first_current_at IS NULL THEN 'staged' ELSE 'previous' END AS "state!",
       (SELECT count(*) FROM remote_load_failures f WHERE f.release_id = r.id)::int AS "load_failures_total!",
       (SELECT count(*) FROM remote_load_failures f WHERE f.release_id = r.id AND f.created_at > now() - interval '1 hour')::int AS "load_failures_last_hour!",
       EXISTS (SELECT 1 FROM remote_release_pruned p WHERE p.release_id = r.id) AS "files_deleted!"
  FROM (SELECT *, row_number() OVER (PARTITION BY remote ORDER BY published_at DESC, id) AS n FROM remote_releases) r
  LEFT JOIN remote_current c ON c.remote = r.remote
 WHERE r.n <= :perRemote! OR c.release_id = r.id
 ORDER BY r.remote, r.published_at DESC, r.id;

/* @name LockRemoteCurrent */
SELECT 1 AS "locked!" FROM remote_current WHERE remote = :remote! FOR UPDATE;
