// Generated from search-users.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

/** 'SearchUsers' parameters type */
export interface ISearchUsersParams {
  me: string;
  pattern: string;
}

/** 'SearchUsers' return type */
export interface ISearchUsersResult {
  avatar_url: string | null;
  full_name: string | null;
  id: string;
  username: string | null;
}

/** 'SearchUsers' query type */
export interface ISearchUsersQuery {
  params: ISearchUsersParams;
  result: ISearchUsersResult;
}

const searchUsersIR: any = {"usedParamSet":{"pattern":true,"me":true},"params":[{"name":"pattern","required":true,"transform":{"type":"scalar"},"locs":[{"a":83,"b":91},{"a":158,"b":166},{"a":227,"b":235},{"a":813,"b":821},{"a":843,"b":851},{"a":870,"b":878}]},{"name":"me","required":true,"transform":{"type":"scalar"},"locs":[{"a":482,"b":485},{"a":754,"b":757}]}],"statement":"WITH hits AS MATERIALIZED (\n        (SELECT id FROM profiles WHERE full_name ILIKE :pattern! LIMIT 500)\n  UNION (SELECT id FROM profiles WHERE username ILIKE :pattern! LIMIT 500)\n  UNION (SELECT id FROM users WHERE email ILIKE :pattern! LIMIT 500)),\n rare AS (SELECT count(*) < 500 AS yes FROM hits)\n (SELECT p.id AS \"id!\", p.full_name, p.username, p.avatar_url\n    FROM hits JOIN profiles p ON p.id = hits.id JOIN users u ON u.id = p.id\n   WHERE (SELECT yes FROM rare) AND p.id <> :me! AND u.disabled_at IS NULL\n   ORDER BY lower(p.full_name) NULLS LAST, p.username NULLS LAST, p.id LIMIT 10)\n UNION ALL\n (SELECT p.id, p.full_name, p.username, p.avatar_url\n    FROM profiles p JOIN users u ON u.id = p.id\n   WHERE NOT (SELECT yes FROM rare) AND p.id <> :me! AND u.disabled_at IS NULL\n     AND (p.full_name ILIKE :pattern! OR p.username ILIKE :pattern! OR u.email ILIKE :pattern!)\n   ORDER BY lower(p.full_name) NULLS LAST, p.username NULLS LAST, p.id LIMIT 10)"};

/**
 * Query generated from SQL:
 * ```
 * WITH hits AS MATERIALIZED (
 *         (SELECT id FROM profiles WHERE full_name ILIKE :pattern! LIMIT 500)
 *   UNION (SELECT id FROM profiles WHERE username ILIKE :pattern! LIMIT 500)
 *   UNION (SELECT id FROM users WHERE email ILIKE :pattern! LIMIT 500)),
 *  rare AS (SELECT count(*) < 500 AS yes FROM hits)
 *  (SELECT p.id AS "id!", p.full_name, p.username, p.avatar_url
 *     FROM hits JOIN profiles p ON p.id = hits.id JOIN users u ON u.id = p.id
 *    WHERE (SELECT yes FROM rare) AND p.id <> :me! AND u.disabled_at IS NULL
 *    ORDER BY lower(p.full_name) NULLS LAST, p.username NULLS LAST, p.id LIMIT 10)
 *  UNION ALL
 *  (SELECT p.id, p.full_name, p.username, p.avatar_url
 *     FROM profiles p JOIN users u ON u.id = p.id
 *    WHERE NOT (SELECT yes FROM rare) AND p.id <> :me! AND u.disabled_at IS NULL
 *      AND (p.full_name ILIKE :pattern! OR p.username ILIKE :pattern! OR u.email ILIKE :pattern!)
 *    ORDER BY lower(p.full_name) NULLS LAST, p.username NULLS LAST, p.id LIMIT 10)
 * ```
 */
export const searchUsers = new PreparedQuery<ISearchUsersParams,ISearchUsersResult>(searchUsersIR);


