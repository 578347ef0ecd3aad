/* @name AuditPage */
SELECT a.id::text AS "id!", a.actor_id, coalesce(p.full_name, u.email) AS actor_name, a.action, a.subject, a.before, a.after, a.data, a.created_at
  FROM audit_log a LEFT JOIN profiles p ON p.id = a.actor_id LEFT JOIN users u ON u.id = a.actor_id
 WHERE (:subject::text IS NULL OR a.subject = :subject) AND (:subjectPrefix::text IS NULL OR left(a.subject, length(:subjectPrefix)) = :subjectPrefix)
   AND (:actor::text IS NULL OR a.actor_id::text = :actor OR p.full_name ILIKE '%' || :actor || '%' OR u.email ILIKE '%' || :actor || '%')
   AND (:action::text IS NULL OR left(a.action, length(:action)) = :action)
   AND (:from::timestamptz IS NULL OR a.created_at >= :from) AND (:to::timestamptz IS NULL OR a.created_at < :to)
   AND (:before::bigint IS NULL OR a.id < :before)
 ORDER BY a.id DESC LIMIT :limit!::int;
