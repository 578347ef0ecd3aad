// Generated from index.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from '../db/typed-sql.js';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'AuditPage' parameters type */
export interface IAuditPageParams {
  action?: string | null | void;
  actor?: string | null | void;
  before?: NumberOrString | null | void;
  from?: DateOrString | null | void;
  limit: number;
  subject?: string | null | void;
  subjectPrefix?: string | null | void;
  to?: DateOrString | null | void;
}

/** 'AuditPage' return type */
export interface IAuditPageResult {
  action: string;
  actor_id: string | null;
  actor_name: string | null;
  after: unknown | null;
  before: unknown | null;
  created_at: Date;
  data: unknown | null;
  id: string;
  subject: string | null;
}

/** 'AuditPage' query type */
export interface IAuditPageQuery {
  params: IAuditPageParams;
  result: IAuditPageResult;
}

const auditPageIR: any = {"usedParamSet":{"subject":true,"subjectPrefix":true,"actor":true,"action":true,"from":true,"to":true,"before":true,"limit":true},"params":[{"name":"subject","required":false,"transform":{"type":"scalar"},"locs":[{"a":255,"b":262},{"a":293,"b":300}]},{"name":"subjectPrefix","required":false,"transform":{"type":"scalar"},"locs":[{"a":308,"b":321},{"a":363,"b":376},{"a":382,"b":395}]},{"name":"actor","required":false,"transform":{"type":"scalar"},"locs":[{"a":406,"b":411},{"a":449,"b":454},{"a":484,"b":489},{"a":522,"b":527}]},{"name":"action","required":false,"transform":{"type":"scalar"},"locs":[{"a":545,"b":551},{"a":592,"b":598},{"a":604,"b":610}]},{"name":"from","required":false,"transform":{"type":"scalar"},"locs":[{"a":621,"b":625},{"a":667,"b":671}]},{"name":"to","required":false,"transform":{"type":"scalar"},"locs":[{"a":679,"b":681},{"a":722,"b":724}]},{"name":"before","required":false,"transform":{"type":"scalar"},"locs":[{"a":735,"b":741},{"a":769,"b":775}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":804,"b":810}]}],"statement":"SELECT a.id::text AS \"id!\", a.actor_id, coalesce(p.full_name, u.email) AS actor_name, a.action, a.subject, a.before, a.after, a.data, a.created_at\n  FROM audit_log a LEFT JOIN profiles p ON p.id = a.actor_id LEFT JOIN users u ON u.id = a.actor_id\n WHERE (:subject::text IS NULL OR a.subject = :subject) AND (:subjectPrefix::text IS NULL OR left(a.subject, length(:subjectPrefix)) = :subjectPrefix)\n   AND (:actor::text IS NULL OR a.actor_id::text = :actor OR p.full_name ILIKE '%' || :actor || '%' OR u.email ILIKE '%' || :actor || '%')\n   AND (:action::text IS NULL OR left(a.action, length(:action)) = :action)\n   AND (:from::timestamptz IS NULL OR a.created_at >= :from) AND (:to::timestamptz IS NULL OR a.created_at < :to)\n   AND (:before::bigint IS NULL OR a.id < :before)\n ORDER BY a.id DESC LIMIT :limit!::int"};

/**
 * Query generated from SQL:
 * ```
 * SELECT a.id::text AS "id!", a.actor_id, coalesce(p.full_name, u.email) AS actor_name, a.action, a.subject, a.before, a.after, a.data, a.created_at
 *   FROM audit_log a LEFT JOIN profiles p ON p.id = a.actor_id LEFT JOIN users u ON u.id = a.actor_id
 *  WHERE (:subject::text IS NULL OR a.subject = :subject) AND (:subjectPrefix::text IS NULL OR left(a.subject, length(:subjectPrefix)) = :subjectPrefix)
 *    AND (:actor::text IS NULL OR a.actor_id::text = :actor OR p.full_name ILIKE '%' || :actor || '%' OR u.email ILIKE '%' || :actor || '%')
 *    AND (:action::text IS NULL OR left(a.action, length(:action)) = :action)
 *    AND (:from::timestamptz IS NULL OR a.created_at >= :from) AND (:to::timestamptz IS NULL OR a.created_at < :to)
 *    AND (:before::bigint IS NULL OR a.id < :before)
 *  ORDER BY a.id DESC LIMIT :limit!::int
 * ```
 */
export const auditPage = new PreparedQuery<IAuditPageParams,IAuditPageResult>(auditPageIR);


