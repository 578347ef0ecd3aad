// Generated from service.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

/** 'LiveSessions' parameters type */
export interface ILiveSessionsParams {
  userId: string;
}

/** 'LiveSessions' return type */
export interface ILiveSessionsResult {
  family_id: string;
  last_used_at: Date;
  signed_in_at: Date;
  user_agent: string | null;
}

/** 'LiveSessions' query type */
export interface ILiveSessionsQuery {
  params: ILiveSessionsParams;
  result: ILiveSessionsResult;
}

const liveSessionsIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":202,"b":209}]}],"statement":"SELECT family_id, min(created_at) AS \"signed_in_at!\", max(created_at) AS \"last_used_at!\",\n       (array_agg(user_agent ORDER BY created_at DESC))[1] AS user_agent\n  FROM refresh_tokens\n WHERE user_id = :userId!\n GROUP BY family_id\nHAVING bool_or(rotated_at IS NULL AND revoked_at IS NULL AND expires_at > now())\n ORDER BY max(created_at) DESC"};

/**
 * Query generated from SQL:
 * ```
 * SELECT family_id, min(created_at) AS "signed_in_at!", max(created_at) AS "last_used_at!",
 *        (array_agg(user_agent ORDER BY created_at DESC))[1] AS user_agent
 *   FROM refresh_tokens
 *  WHERE user_id = :userId!
 *  GROUP BY family_id
 * HAVING bool_or(rotated_at IS NULL AND revoked_at IS NULL AND expires_at > now())
 *  ORDER BY max(created_at) DESC
 * ```
 */
export const liveSessions = new PreparedQuery<ILiveSessionsParams,ILiveSessionsResult>(liveSessionsIR);


