// Generated from step-up.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../db/typed-sql.js';

/** 'StepUpNeeded' parameters type */
export interface IStepUpNeededParams {
  amount: string;
  assetSymbol: string;
  terms: unknown;
  userId: string;
}

/** 'StepUpNeeded' return type */
export interface IStepUpNeededResult {
  needed: boolean;
}

/** 'StepUpNeeded' query type */
export interface IStepUpNeededQuery {
  params: IStepUpNeededParams;
  result: IStepUpNeededResult;
}

const stepUpNeededIR: any = {"usedParamSet":{"userId":true,"assetSymbol":true,"amount":true,"terms":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":29,"b":36}]},{"name":"assetSymbol","required":true,"transform":{"type":"scalar"},"locs":[{"a":39,"b":51}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":54,"b":61}]},{"name":"terms","required":true,"transform":{"type":"scalar"},"locs":[{"a":73,"b":79}]}],"statement":"SELECT money_step_up_refusal(:userId!, :assetSymbol!, :amount!::numeric, :terms!) IS NOT NULL AS \"needed!\""};

/**
 * Query generated from SQL:
 * ```
 * SELECT money_step_up_refusal(:userId!, :assetSymbol!, :amount!::numeric, :terms!) IS NOT NULL AS "needed!"
 * ```
 */
export const stepUpNeeded = new PreparedQuery<IStepUpNeededParams,IStepUpNeededResult>(stepUpNeededIR);


