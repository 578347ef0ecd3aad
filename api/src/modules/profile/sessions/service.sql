/* @name LiveSessions */
SELECT family_id, min(created_at) AS "signed_in_at!", max(created_at) AS "last_used_at!",
       (array_agg(user_agent ORDER BY created_at DESC))[1] AS user_agent
  FROM refresh_tokens
 WHERE user_id = :userId!
 GROUP BY family_id
HAVING bool_or(rotated_at IS NULL AND revoked_at IS NULL AND expires_at > now())
 ORDER BY max(created_at) DESC;
