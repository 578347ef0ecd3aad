// A sign-in from a device the account was not used on before is a security event: audited, shown in
// the security activity and mailed to the account. The device is the browser's user agent as each
// session stores it (refresh_tokens.user_agent); the account's very first sign-in is not news.
import { inTransaction } from '../../../platform/db/transaction.js';
import { recordSecurityEvent } from './service.js';

/**
 * Called before the new session is stored, so its own row does not count as "seen before". Joins the
 * sign-in's transaction when there is one (`inTransaction`), else the check and its entry are one.
 */
export async function noteNewDevice(userId: string, userAgent: string | null): Promise<void> {
  await inTransaction(async (_db, tx) => {
    const sessions = tx.refreshToken;
    const signedInBefore = (await sessions.count({ where: { userId } })) > 0;
    if (!signedInBefore || (await sessions.count({ where: { userId, userAgent } })) > 0) return;
    await recordSecurityEvent(tx, {
      userId,
      action: 'auth.new_device_sign_in',
      data: { device: userAgent ?? 'an unnamed device' },
    });
  });
}
