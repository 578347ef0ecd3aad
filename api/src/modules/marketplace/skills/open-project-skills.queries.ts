// Generated from open-project-skills.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

/** 'OpenProjectSkills' parameters type */
export type IOpenProjectSkillsParams = void;

/** 'OpenProjectSkills' return type */
export interface IOpenProjectSkillsResult {
  skill: string;
}

/** 'OpenProjectSkills' query type */
export interface IOpenProjectSkillsQuery {
  params: IOpenProjectSkillsParams;
  result: IOpenProjectSkillsResult;
}

const openProjectSkillsIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT DISTINCT skill AS \"skill!\" FROM projects, unnest(skills_required) AS skill WHERE status = 'open' ORDER BY skill LIMIT 200"};

/**
 * Query generated from SQL:
 * ```
 * SELECT DISTINCT skill AS "skill!" FROM projects, unnest(skills_required) AS skill WHERE status = 'open' ORDER BY skill LIMIT 200
 * ```
 */
export const openProjectSkills = new PreparedQuery<IOpenProjectSkillsParams,IOpenProjectSkillsResult>(openProjectSkillsIR);


