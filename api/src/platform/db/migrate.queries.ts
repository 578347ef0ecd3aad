// Generated from migrate.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from './typed-sql.js';

/** 'AppliedMigrations' parameters type */
export type IAppliedMigrationsParams = void;

/** 'AppliedMigrations' return type */
export interface IAppliedMigrationsResult {
  checksum: string;
  migration_name: string;
}

/** 'AppliedMigrations' query type */
export interface IAppliedMigrationsQuery {
  params: IAppliedMigrationsParams;
  result: IAppliedMigrationsResult;
}

const appliedMigrationsIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT migration_name, checksum FROM \"_prisma_migrations\" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL"};

/**
 * Query generated from SQL:
 * ```
 * SELECT migration_name, checksum FROM "_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL
 * ```
 */
export const appliedMigrations = new PreparedQuery<IAppliedMigrationsParams,IAppliedMigrationsResult>(appliedMigrationsIR);


