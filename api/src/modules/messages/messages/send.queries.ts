// Generated from send.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../../../platform/db/typed-sql.js';

/** 'DmSend' parameters type */
export interface IDmSendParams {
  clientMessageId: string;
  content: string;
  senderId: string;
  threadId: string;
}

/** 'DmSend' return type */
export interface IDmSendResult {
  id: string;
  receiver_id: string;
  seq: string;
  stored_now: boolean;
}

/** 'DmSend' query type */
export interface IDmSendQuery {
  params: IDmSendParams;
  result: IDmSendResult;
}

const dmSendIR: any = {"usedParamSet":{"threadId":true,"senderId":true,"clientMessageId":true,"content":true},"params":[{"name":"threadId","required":true,"transform":{"type":"scalar"},"locs":[{"a":117,"b":126}]},{"name":"senderId","required":true,"transform":{"type":"scalar"},"locs":[{"a":129,"b":138}]},{"name":"clientMessageId","required":true,"transform":{"type":"scalar"},"locs":[{"a":141,"b":157}]},{"name":"content","required":true,"transform":{"type":"scalar"},"locs":[{"a":160,"b":168}]}],"statement":"SELECT id AS \"id!\", receiver_id AS \"receiver_id!\", seq AS \"seq!\", created_at = now() AS \"stored_now!\"\n  FROM dm_send(:threadId!, :senderId!, :clientMessageId!, :content!)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id AS "id!", receiver_id AS "receiver_id!", seq AS "seq!", created_at = now() AS "stored_now!"
 *   FROM dm_send(:threadId!, :senderId!, :clientMessageId!, :content!)
 * ```
 */
export const dmSend = new PreparedQuery<IDmSendParams,IDmSendResult>(dmSendIR);


