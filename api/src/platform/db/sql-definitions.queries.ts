// Generated from sql-definitions.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from './typed-sql.js';

/** 'RecordedDefinitions' parameters type */
export type IRecordedDefinitionsParams = void;

/** 'RecordedDefinitions' return type */
export interface IRecordedDefinitionsResult {
  checksum: string;
  name: string;
}

/** 'RecordedDefinitions' query type */
export interface IRecordedDefinitionsQuery {
  params: IRecordedDefinitionsParams;
  result: IRecordedDefinitionsResult;
}

const recordedDefinitionsIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT name, checksum FROM \"_sql_definitions\""};

/**
 * Query generated from SQL:
 * ```
 * SELECT name, checksum FROM "_sql_definitions"
 * ```
 */
export const recordedDefinitions = new PreparedQuery<IRecordedDefinitionsParams,IRecordedDefinitionsResult>(recordedDefinitionsIR);


