// Generated from index.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../db/typed-sql.js';

/** 'PinAttempt' parameters type */
export interface IPinAttemptParams {
  proof: Buffer;
  userId: string;
}

/** 'PinAttempt' return type */
export interface IPinAttemptResult {
  refusal: unknown | null;
}

/** 'PinAttempt' query type */
export interface IPinAttemptQuery {
  params: IPinAttemptParams;
  result: IPinAttemptResult;
}

const pinAttemptIR: any = {"usedParamSet":{"userId":true,"proof":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":19,"b":26}]},{"name":"proof","required":true,"transform":{"type":"scalar"},"locs":[{"a":29,"b":35}]}],"statement":"SELECT pin_attempt(:userId!, :proof!) AS refusal"};

/**
 * Query generated from SQL:
 * ```
 * SELECT pin_attempt(:userId!, :proof!) AS refusal
 * ```
 */
export const pinAttempt = new PreparedQuery<IPinAttemptParams,IPinAttemptResult>(pinAttemptIR);


/** 'ResetPin' parameters type */
export interface IResetPinParams {
  pinHash: string;
  userId: string;
}

/** 'ResetPin' return type */
export interface IResetPinResult {
  failed: number;
  locked: Date | null;
}

/** 'ResetPin' query type */
export interface IResetPinQuery {
  params: IResetPinParams;
  result: IResetPinResult;
}

const resetPinIR: any = {"usedParamSet":{"pinHash":true,"userId":true},"params":[{"name":"pinHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":45,"b":53}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":281,"b":288}]}],"statement":"UPDATE profiles p SET transaction_pin_hash = :pinHash!, pin_failed_attempts = 0, pin_locked_until = NULL, updated_at = now()\n  FROM (SELECT id, CASE WHEN pin_locked_until > now() THEN pin_locked_until END AS locked, pin_failed_attempts AS failed\n          FROM profiles WHERE id = :userId! AND transaction_pin_hash IS NOT NULL FOR NO KEY UPDATE) old\n WHERE p.id = old.id RETURNING old.locked, old.failed"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE profiles p SET transaction_pin_hash = :pinHash!, pin_failed_attempts = 0, pin_locked_until = NULL, updated_at = now()
 *   FROM (SELECT id, CASE WHEN pin_locked_until > now() THEN pin_locked_until END AS locked, pin_failed_attempts AS failed
 *           FROM profiles WHERE id = :userId! AND transaction_pin_hash IS NOT NULL FOR NO KEY UPDATE) old
 *  WHERE p.id = old.id RETURNING old.locked, old.failed
 * ```
 */
export const resetPin = new PreparedQuery<IResetPinParams,IResetPinResult>(resetPinIR);


