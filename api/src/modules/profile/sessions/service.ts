import { inTransaction } from '../../../platform/audit/index.js';
import { publishRevocation } from '../../../platform/auth/revocation.js';
import { getPool } from '../../../platform/db/pool.js';
import { notFound } from '../../../platform/errors.js';
import { describeUserAgent } from '../rules.js';

/**
 * Active sessions = refresh-token families with a live token (not rotated, not revoked, not
 * expired). A family's sign-in time is its first token, its last use the newest token (each refresh
 * rotates, so the newest row is the last time the session was used), its device the newest user agent.
 */
export async function listSessions(userId: string, currentSid: string) {
  // an aggregate per family (first and last token, newest user agent): SQL
  const { rows } = await getPool().query<{
    family_id: string;
    signed_in_at: Date;
    last_used_at: Date;
    user_agent: string | null;
  }>(
    `SELECT family_id, min(created_at) AS signed_in_at, max(created_at) AS last_used_at,
            (array_agg(user_agent ORDER BY created_at DESC))[1] AS user_agent
       FROM refresh_tokens
      WHERE user_id = $1
      GROUP BY family_id
     HAVING bool_or(rotated_at IS NULL AND revoked_at IS NULL AND expires_at > now())
      ORDER BY max(created_at) DESC`,
    [userId],
  );
  return rows.map((r) => ({
    id: r.family_id,
    device: describeUserAgent(r.user_agent),
    user_agent: r.user_agent,
    signed_in_at: r.signed_in_at.toISOString(),
    last_used_at: r.last_used_at.toISOString(),
    current: r.family_id === currentSid,
  }));
}

/** Signs one of the caller's sessions out (its refresh tokens stop working at once). Another user's: 404. */
export async function revokeSession(userId: string, familyId: string) {
  await inTransaction(async (db, tx) => {
    const now = new Date();
    const family = { userId, familyId, revokedAt: null };
    const live = await tx.refreshToken.count({ where: { ...family, rotatedAt: null, expiresAt: { gt: now } } });
    if (!live) throw notFound('Session not found');
    await tx.refreshToken.updateMany({ where: family, data: { revokedAt: now } });
    // Same transaction: that session's access tokens stop in every API process on commit.
    await publishRevocation(db, { sids: [familyId] });
  });
}
