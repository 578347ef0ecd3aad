// Generated from second-factor-fixtures.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../src/platform/db/typed-sql.js';

/** 'EnableTotp' parameters type */
export interface IEnableTotpParams {
  secret: string;
  userId: string;
}

/** 'EnableTotp' return type */
export type IEnableTotpResult = void;

/** 'EnableTotp' query type */
export interface IEnableTotpQuery {
  params: IEnableTotpParams;
  result: IEnableTotpResult;
}

const enableTotpIR: any = {"usedParamSet":{"userId":true,"secret":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":63,"b":70}]},{"name":"secret","required":true,"transform":{"type":"scalar"},"locs":[{"a":73,"b":80}]}],"statement":"INSERT INTO totp_factors (user_id, secret, enabled_at) VALUES (:userId!, :secret!, now())"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO totp_factors (user_id, secret, enabled_at) VALUES (:userId!, :secret!, now())
 * ```
 */
export const enableTotp = new PreparedQuery<IEnableTotpParams,IEnableTotpResult>(enableTotpIR);


