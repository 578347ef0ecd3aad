/* @name PrunableReleases */
SELECT r.id, r.remote, r.version FROM (
  SELECT id, remote, version, row_number() OVER (PARTITION BY remote ORDER BY published_at DESC, id) AS n FROM remote_releases) r
 WHERE r.n > :keep!
   AND NOT EXISTS (SELECT 1 FROM remote_current c WHERE c.release_id = r.id)
   AND NOT EXISTS (SELECT 1 FROM remote_canaries k WHERE k.release_id = r.id AND (k.ended_at IS NULL OR k.ended_at > :now!::timestamptz - make_interval(days => :days!)))
   AND NOT EXISTS (SELECT 1 FROM remote_release_retired t WHERE t.release_id = r.id AND t.retired_at > :now!::timestamptz - make_interval(days => :days!))
   AND NOT EXISTS (SELECT 1 FROM remote_release_pruned p WHERE p.release_id = r.id)
   AND (:releaseId::uuid IS NULL OR r.id = :releaseId)
 ORDER BY r.remote, r.version;
