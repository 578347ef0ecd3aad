import { getPool } from '../db/pool.js';
import type { EmailKind } from './words.js';

/**
 * Whether `userId` wants the e-mail of `kind` (profile settings; on unless turned off). Asked by each
 * e-mail writer just before sending; a message to someone without an account (an invoice client by
 * e-mail) has no preference and is sent.
 */
export async function wantsEmail(userId: string | null, kind: EmailKind): Promise<boolean> {
  if (!userId) return true;
  const { rows } = await getPool().query(
    'SELECT 1 FROM notification_email_opt_outs WHERE user_id = $1 AND kind = $2::notification_kind',
    [userId, kind],
  );
  return rows.length === 0;
}
