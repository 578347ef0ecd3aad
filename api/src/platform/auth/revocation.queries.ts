// Generated from revocation.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../db/typed-sql.js';

/** 'RecentlyEnded' parameters type */
export interface IRecentlyEndedParams {
  keepSeconds: number;
}

/** 'RecentlyEnded' return type */
export interface IRecentlyEndedResult {
  at: string;
  id: string;
  kind: string;
}

/** 'RecentlyEnded' query type */
export interface IRecentlyEndedQuery {
  params: IRecentlyEndedParams;
  result: IRecentlyEndedResult;
}

const recentlyEndedIR: any = {"usedParamSet":{"keepSeconds":true},"params":[{"name":"keepSeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":246,"b":258},{"a":472,"b":484}]}],"statement":"SELECT 's' AS \"kind!\", family_id::text AS \"id!\", (extract(epoch FROM max(revoked_at)) * 1000)::bigint::text AS \"at!\"\n  FROM refresh_tokens\n WHERE family_id IN (SELECT family_id FROM refresh_tokens WHERE revoked_at > now() - make_interval(secs => :keepSeconds!))\n GROUP BY family_id HAVING bool_and(revoked_at IS NOT NULL)\nUNION ALL\nSELECT 'u', id::text, (extract(epoch FROM disabled_at) * 1000)::bigint::text\n  FROM users WHERE disabled_at > now() - make_interval(secs => :keepSeconds!)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT 's' AS "kind!", family_id::text AS "id!", (extract(epoch FROM max(revoked_at)) * 1000)::bigint::text AS "at!"
 *   FROM refresh_tokens
 *  WHERE family_id IN (SELECT family_id FROM refresh_tokens WHERE revoked_at > now() - make_interval(secs => :keepSeconds!))
 *  GROUP BY family_id HAVING bool_and(revoked_at IS NOT NULL)
 * UNION ALL
 * SELECT 'u', id::text, (extract(epoch FROM disabled_at) * 1000)::bigint::text
 *   FROM users WHERE disabled_at > now() - make_interval(secs => :keepSeconds!)
 * ```
 */
export const recentlyEnded = new PreparedQuery<IRecentlyEndedParams,IRecentlyEndedResult>(recentlyEndedIR);


/** 'SessionEnded' parameters type */
export interface ISessionEndedParams {
  sid: string;
  userId: string;
}

/** 'SessionEnded' return type */
export interface ISessionEndedResult {
  ended: boolean | null;
}

/** 'SessionEnded' query type */
export interface ISessionEndedQuery {
  params: ISessionEndedParams;
  result: ISessionEndedResult;
}

const sessionEndedIR: any = {"usedParamSet":{"sid":true,"userId":true},"params":[{"name":"sid","required":true,"transform":{"type":"scalar"},"locs":[{"a":63,"b":67},{"a":147,"b":151}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":230,"b":237}]}],"statement":"SELECT (EXISTS (SELECT 1 FROM refresh_tokens WHERE family_id = :sid!::uuid)\n        AND NOT EXISTS (SELECT 1 FROM refresh_tokens WHERE family_id = :sid!::uuid AND revoked_at IS NULL))\n    OR EXISTS (SELECT 1 FROM users WHERE id = :userId!::uuid AND disabled_at IS NOT NULL) AS ended"};

/**
 * Query generated from SQL:
 * ```
 * SELECT (EXISTS (SELECT 1 FROM refresh_tokens WHERE family_id = :sid!::uuid)
 *         AND NOT EXISTS (SELECT 1 FROM refresh_tokens WHERE family_id = :sid!::uuid AND revoked_at IS NULL))
 *     OR EXISTS (SELECT 1 FROM users WHERE id = :userId!::uuid AND disabled_at IS NOT NULL) AS ended
 * ```
 */
export const sessionEnded = new PreparedQuery<ISessionEndedParams,ISessionEndedResult>(sessionEndedIR);


