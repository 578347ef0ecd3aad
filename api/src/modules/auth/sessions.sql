/* @name LockRefreshToken */
SELECT rt.id, rt.user_id, rt.family_id, rt.rotated_at, rt.revoked_at, rt.expires_at,
       EXISTS (SELECT 1 FROM refresh_tokens l WHERE l.family_id = rt.family_id AND l.rotated_at IS NULL AND l.revoked_at IS NULL) AS "family_live!",
       EXISTS (SELECT 1 FROM refresh_tokens d WHERE d.family_id = rt.family_id AND d.id <> rt.id
                  AND d.created_at >= rt.created_at AND d.rotated_at IS NOT NULL) AS "successor_used!"
  FROM refresh_tokens rt WHERE rt.token_hash = :tokenHash! FOR UPDATE OF rt;
