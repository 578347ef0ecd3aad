// Generated from sessions.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../platform/db/typed-sql.js';

/** 'LockRefreshToken' parameters type */
export interface ILockRefreshTokenParams {
  tokenHash: string;
}

/** 'LockRefreshToken' return type */
export interface ILockRefreshTokenResult {
  expires_at: Date;
  family_id: string;
  family_live: boolean;
  id: string;
  revoked_at: Date | null;
  rotated_at: Date | null;
  successor_used: boolean;
  user_id: string;
}

/** 'LockRefreshToken' query type */
export interface ILockRefreshTokenQuery {
  params: ILockRefreshTokenParams;
  result: ILockRefreshTokenResult;
}

const lockRefreshTokenIR: any = {"usedParamSet":{"tokenHash":true},"params":[{"name":"tokenHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":481,"b":491}]}],"statement":"SELECT rt.id, rt.user_id, rt.family_id, rt.rotated_at, rt.revoked_at, rt.expires_at,\n       EXISTS (SELECT 1 FROM refresh_tokens l WHERE l.family_id = rt.family_id AND l.rotated_at IS NULL AND l.revoked_at IS NULL) AS \"family_live!\",\n       EXISTS (SELECT 1 FROM refresh_tokens d WHERE d.family_id = rt.family_id AND d.id <> rt.id\n                  AND d.created_at >= rt.created_at AND d.rotated_at IS NOT NULL) AS \"successor_used!\"\n  FROM refresh_tokens rt WHERE rt.token_hash = :tokenHash! FOR UPDATE OF rt"};

/**
 * Query generated from SQL:
 * ```
 * SELECT rt.id, rt.user_id, rt.family_id, rt.rotated_at, rt.revoked_at, rt.expires_at,
 *        EXISTS (SELECT 1 FROM refresh_tokens l WHERE l.family_id = rt.family_id AND l.rotated_at IS NULL AND l.revoked_at IS NULL) AS "family_live!",
 *        EXISTS (SELECT 1 FROM refresh_tokens d WHERE d.family_id = rt.family_id AND d.id <> rt.id
 *                   AND d.created_at >= rt.created_at AND d.rotated_at IS NOT NULL) AS "successor_used!"
 *   FROM refresh_tokens rt WHERE rt.token_hash = :tokenHash! FOR UPDATE OF rt
 * ```
 */
export const lockRefreshToken = new PreparedQuery<ILockRefreshTokenParams,ILockRefreshTokenResult>(lockRefreshTokenIR);


