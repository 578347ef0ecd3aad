// Generated from service.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

/** 'SwapAvatar' parameters type */
export interface ISwapAvatarParams {
  url: string;
  userId: string;
}

/** 'SwapAvatar' return type */
export interface ISwapAvatarResult {
  old: string | null;
}

/** 'SwapAvatar' query type */
export interface ISwapAvatarQuery {
  params: ISwapAvatarParams;
  result: ISwapAvatarResult;
}

const swapAvatarIR: any = {"usedParamSet":{"url":true,"userId":true},"params":[{"name":"url","required":true,"transform":{"type":"scalar"},"locs":[{"a":35,"b":39}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":91,"b":98}]}],"statement":"UPDATE profiles p SET avatar_url = :url!, updated_at = now() FROM profiles o\n WHERE p.id = :userId! AND o.id = p.id AND p.deleted_at IS NULL RETURNING o.avatar_url AS old"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE profiles p SET avatar_url = :url!, updated_at = now() FROM profiles o
 *  WHERE p.id = :userId! AND o.id = p.id AND p.deleted_at IS NULL RETURNING o.avatar_url AS old
 * ```
 */
export const swapAvatar = new PreparedQuery<ISwapAvatarParams,ISwapAvatarResult>(swapAvatarIR);


/** 'ClearAvatar' parameters type */
export interface IClearAvatarParams {
  userId: string;
}

/** 'ClearAvatar' return type */
export interface IClearAvatarResult {
  old: string | null;
}

/** 'ClearAvatar' query type */
export interface IClearAvatarQuery {
  params: IClearAvatarParams;
  result: IClearAvatarResult;
}

const clearAvatarIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":90,"b":97}]}],"statement":"UPDATE profiles p SET avatar_url = NULL, updated_at = now() FROM profiles o\n WHERE p.id = :userId! AND o.id = p.id RETURNING o.avatar_url AS old"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE profiles p SET avatar_url = NULL, updated_at = now() FROM profiles o
 *  WHERE p.id = :userId! AND o.id = p.id RETURNING o.avatar_url AS old
 * ```
 */
export const clearAvatar = new PreparedQuery<IClearAvatarParams,IClearAvatarResult>(clearAvatarIR);


