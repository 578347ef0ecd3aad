/*
  Rare text: up to 500 hits from each column's trigram index, then sorted. Common text (500 reached):
  walk profiles in display order and stop at the 10th match. One statement; the branch not taken is
  cut by its one-time filter.
*/
/* @name SearchUsers */
WITH hits AS MATERIALIZED (
        (SELECT id FROM profiles WHERE full_name ILIKE :pattern! LIMIT 500)
  UNION (SELECT id FROM profiles WHERE username ILIKE :pattern! LIMIT 500)
  UNION (SELECT id FROM users WHERE email ILIKE :pattern! LIMIT 500)),
 rare AS (SELECT count(*) < 500 AS yes FROM hits)
 (SELECT p.id AS "id!", p.full_name, p.username, p.avatar_url
    FROM hits JOIN profiles p ON p.id = hits.id JOIN users u ON u.id = p.id
   WHERE (SELECT yes FROM rare) AND p.id <> :me! AND u.disabled_at IS NULL
   ORDER BY lower(p.full_name) NULLS LAST, p.username NULLS LAST, p.id LIMIT 10)
 UNION ALL
 (SELECT p.id, p.full_name, p.username, p.avatar_url
    FROM profiles p JOIN users u ON u.id = p.id
   WHERE NOT (SELECT yes FROM rare) AND p.id <> :me! AND u.disabled_at IS NULL
     AND (p.full_name ILIKE :pattern! OR p.username ILIKE :pattern! OR u.email ILIKE :pattern!)
   ORDER BY lower(p.full_name) NULLS LAST, p.username NULLS LAST, p.id LIMIT 10);
