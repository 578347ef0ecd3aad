/* @name RecentlyEnded */
SELECT 's' AS "kind!", family_id::text AS "id!", (extract(epoch FROM max(revoked_at)) * 1000)::bigint::text AS "at!"
  FROM refresh_tokens
 WHERE family_id IN (SELECT family_id FROM refresh_tokens WHERE revoked_at > now() - make_interval(secs => :keepSeconds!))
 GROUP BY family_id HAVING bool_and(revoked_at IS NOT NULL)
UNION ALL
SELECT 'u', id::text, (extract(epoch FROM disabled_at) * 1000)::bigint::text
  FROM users WHERE disabled_at > now() - make_interval(secs => :keepSeconds!);

/* @name SessionEnded */
SELECT (EXISTS (SELECT 1 FROM refresh_tokens WHERE family_id = :sid!::uuid)
        AND NOT EXISTS (SELECT 1 FROM refresh_tokens WHERE family_id = :sid!::uuid AND revoked_at IS NULL))
    OR EXISTS (SELECT 1 FROM users WHERE id = :userId!::uuid AND disabled_at IS NOT NULL) AS ended;
