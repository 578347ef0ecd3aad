// Generated from overdue.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../platform/db/typed-sql.js';

export type DateOrString = Date | string;

/** 'MarkOverdue' parameters type */
export interface IMarkOverdueParams {
  today: DateOrString;
}

/** 'MarkOverdue' return type */
export interface IMarkOverdueResult {
  client: string | null;
  creator: string;
  id: string;
  number: string;
  symbol: string;
  total: string;
}

/** 'MarkOverdue' query type */
export interface IMarkOverdueQuery {
  params: IMarkOverdueParams;
  result: IMarkOverdueResult;
}

const markOverdueIR: any = {"usedParamSet":{"today":true},"params":[{"name":"today","required":true,"transform":{"type":"scalar"},"locs":[{"a":132,"b":138}]}],"statement":"UPDATE invoices i SET status = 'overdue' FROM assets a\n WHERE a.id = i.asset_id AND i.status IN ('sent', 'viewed') AND i.due_date < :today!::date\nRETURNING i.id, i.creator_id AS creator, i.client_profile_id AS client, i.invoice_number AS number, round(i.total_amount, 2)::text AS \"total!\", a.symbol"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE invoices i SET status = 'overdue' FROM assets a
 *  WHERE a.id = i.asset_id AND i.status IN ('sent', 'viewed') AND i.due_date < :today!::date
 * RETURNING i.id, i.creator_id AS creator, i.client_profile_id AS client, i.invoice_number AS number, round(i.total_amount, 2)::text AS "total!", a.symbol
 * ```
 */
export const markOverdue = new PreparedQuery<IMarkOverdueParams,IMarkOverdueResult>(markOverdueIR);


