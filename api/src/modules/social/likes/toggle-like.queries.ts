// Generated from toggle-like.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

/** 'ToggleLike' parameters type */
export interface IToggleLikeParams {
  postId: string;
  userId: string;
}

/** 'ToggleLike' return type */
export interface IToggleLikeResult {
  liked: boolean;
  likes_count: number;
}

/** 'ToggleLike' query type */
export interface IToggleLikeQuery {
  params: IToggleLikeParams;
  result: IToggleLikeResult;
}

const toggleLikeIR: any = {"usedParamSet":{"userId":true,"postId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":80,"b":87}]},{"name":"postId","required":true,"transform":{"type":"scalar"},"locs":[{"a":96,"b":103}]}],"statement":"SELECT liked AS \"liked!\", likes_count AS \"likes_count!\" FROM social_toggle_like(:userId!::uuid, :postId!::uuid)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT liked AS "liked!", likes_count AS "likes_count!" FROM social_toggle_like(:userId!::uuid, :postId!::uuid)
 * ```
 */
export const toggleLike = new PreparedQuery<IToggleLikeParams,IToggleLikeResult>(toggleLikeIR);


