// Generated from squashed-migrations.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from './typed-sql.js';

export type stringArray = (string)[];

/** 'SquashedMigrationsApplied' parameters type */
export interface ISquashedMigrationsAppliedParams {
  names: stringArray;
}

/** 'SquashedMigrationsApplied' return type */
export interface ISquashedMigrationsAppliedResult {
  checksum: string;
  migration_name: string;
}

/** 'SquashedMigrationsApplied' query type */
export interface ISquashedMigrationsAppliedQuery {
  params: ISquashedMigrationsAppliedParams;
  result: ISquashedMigrationsAppliedResult;
}

const squashedMigrationsAppliedIR: any = {"usedParamSet":{"names":true},"params":[{"name":"names","required":true,"transform":{"type":"scalar"},"locs":[{"a":86,"b":92}]}],"statement":"SELECT migration_name, checksum FROM \"_prisma_migrations\"\n WHERE migration_name = ANY(:names!) AND rolled_back_at IS NULL AND finished_at IS NOT NULL"};

/**
 * Query generated from SQL:
 * ```
 * SELECT migration_name, checksum FROM "_prisma_migrations"
 *  WHERE migration_name = ANY(:names!) AND rolled_back_at IS NULL AND finished_at IS NOT NULL
 * ```
 */
export const squashedMigrationsApplied = new PreparedQuery<ISquashedMigrationsAppliedParams,ISquashedMigrationsAppliedResult>(squashedMigrationsAppliedIR);


