import { getPool } from '../../../platform/db/pool.js';

/** Above this many hits in one column a search text counts as common (see searchUsers). */
const SEARCH_CAP = 500;

export async function searchUsers(userId: string, q: string) {
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const { rows } = await getPool().query(
    // Rare text: up to SEARCH_CAP hits from each column's trigram index, then sorted. Common text (a
    // cap reached): walk profiles in display order and stop at the 10th match. One statement; the
    // branch not taken is cut by its one-time filter.
    `WITH hits AS MATERIALIZED (
            (SELECT id FROM profiles WHERE full_name ILIKE $2 LIMIT ${SEARCH_CAP})
      UNION (SELECT id FROM profiles WHERE username ILIKE $2 LIMIT ${SEARCH_CAP})
      UNION (SELECT id FROM users WHERE email ILIKE $2 LIMIT ${SEARCH_CAP})),
     rare AS (SELECT count(*) < ${SEARCH_CAP} AS yes FROM hits)
     (SELECT p.id, p.full_name, p.username, p.avatar_url
        FROM hits JOIN profiles p ON p.id = hits.id JOIN users u ON u.id = p.id
       WHERE (SELECT yes FROM rare) AND p.id <> $1 AND u.disabled_at IS NULL
       ORDER BY lower(p.full_name) NULLS LAST, p.username NULLS LAST, p.id LIMIT 10)
     UNION ALL
     (SELECT p.id, p.full_name, p.username, p.avatar_url
        FROM profiles p JOIN users u ON u.id = p.id
       WHERE NOT (SELECT yes FROM rare) AND p.id <> $1 AND u.disabled_at IS NULL
         AND (p.full_name ILIKE $2 OR p.username ILIKE $2 OR u.email ILIKE $2)
       ORDER BY lower(p.full_name) NULLS LAST, p.username NULLS LAST, p.id LIMIT 10)`,
    [userId, pattern],
  );
  return { users: rows };
}
