import { getPool } from '../../../platform/db/pool.js';
import * as rateLimit from '../../../platform/rate-limit.js';

// At most 5 messages per address (IP) per hour: the form is public.
const CONTACT_LIMIT_PER_IP = 5;

export async function enforceContactLimit(ip: string) {
  await rateLimit.enforce(
    `contact:ip:${ip}`,
    CONTACT_LIMIT_PER_IP,
    3600,
    (r) => `Too many messages. Please try again in ${Math.ceil(r / 60)} minute${r > 60 ? 's' : ''}.`,
  );
}

/** Stores a message of the contact form (user_id when the sender is signed in). */
export async function storeContactMessage(
  message: { name: string; email: string; subject: string; message: string },
  userId: string | null,
) {
  const { rows } = await getPool().query<{ id: string; created_at: string }>(
    `INSERT INTO contact_messages (name, email, subject, message, user_id)
     VALUES ($1, $2, $3, $4, (SELECT id FROM profiles WHERE id = $5))
     RETURNING id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`,
    [message.name, message.email.toLowerCase(), message.subject, message.message, userId],
  );
  return rows[0]!;
}
