import { verifyAccessToken } from '../../platform/auth/tokens.js';
import { getPool } from '../../platform/db/pool.js';
import { clientIp } from '../../platform/http/client-ip.js';
import { createRouter } from '../../platform/http/router.js';
import * as rateLimit from '../../platform/rate-limit.js';
import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../platform/http/env.js';
import { contactRoute } from './routes.js';

// At most 5 messages per address (IP) per hour: the form is public.
const CONTACT_LIMIT_PER_IP = 5;

/** /api/contact (spec 001 §2 Static pages: contact form; §7 contact_messages insert). */
const send: RouteHandler<typeof contactRoute, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  await rateLimit.enforce(`contact:ip:${clientIp(c)}`, CONTACT_LIMIT_PER_IP, 3600,
    (r) => `Too many messages. Please try again in ${Math.ceil(r / 60)} minute${r > 60 ? 's' : ''}.`);
  // Optional sign-in: a valid bearer token links the message to the sender's profile.
  const bearer = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const user = bearer ? await verifyAccessToken(bearer) : null;
  const { rows } = await getPool().query<{ id: string; created_at: string }>(
    `INSERT INTO contact_messages (name, email, subject, message, user_id)
     VALUES ($1, $2, $3, $4, (SELECT id FROM profiles WHERE id = $5))
     RETURNING id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`,
    [body.name, body.email.toLowerCase(), body.subject, body.message, user?.id ?? null]);
  return c.json(rows[0]!, 201);
};

export const router = createRouter().openapi(contactRoute, send);
