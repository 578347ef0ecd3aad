// Generated from presence.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../db/typed-sql.js';

/** 'IsOnline' parameters type */
export interface IIsOnlineParams {
  userId: string;
}

/** 'IsOnline' return type */
export interface IIsOnlineResult {
  online: boolean;
}

/** 'IsOnline' query type */
export interface IIsOnlineQuery {
  params: IIsOnlineParams;
  result: IIsOnlineResult;
}

const isOnlineIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":203,"b":210}]}],"statement":"-- A process that has not refreshed its rows (heartbeat every 20 s) for 60 seconds is gone (crashed):\n-- its users are not online through it.\nSELECT EXISTS (SELECT 1 FROM socket_presence WHERE user_id = :userId! AND seen_at > now() - interval '60 seconds') AS \"online!\""};

/**
 * Query generated from SQL:
 * ```
 * -- A process that has not refreshed its rows (heartbeat every 20 s) for 60 seconds is gone (crashed):
 * -- its users are not online through it.
 * SELECT EXISTS (SELECT 1 FROM socket_presence WHERE user_id = :userId! AND seen_at > now() - interval '60 seconds') AS "online!"
 * ```
 */
export const isOnline = new PreparedQuery<IIsOnlineParams,IIsOnlineResult>(isOnlineIR);


