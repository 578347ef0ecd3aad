import { inTransaction } from '../../../platform/db/transaction.js';
import { publishRevocation } from '../../../platform/auth/revocation.js';
import { getPool } from '../../../platform/db/pool.js';
import { notFound } from '../../../platform/errors.js';
import { describeUserAgent } from '../rules.js';
import { liveSessions } from './service.queries.js';

/**
 * Active sessions = refresh-token families with a live token (not rotated, not revoked, not
 * expired). A family's sign-in time is its first token, its last use the newest token (each refresh
 * rotates, so the newest row is the last time the session was used), its device the newest user agent.
 */
export async function listSessions(userId: string, currentSid: string) {
  // an aggregate per family (first and last token, newest user agent): SQL (./service.sql)
  const rows = await liveSessions.run({ userId }, getPool());
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
