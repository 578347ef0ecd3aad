import nodemailer from 'nodemailer';
import { getPool } from '../db/pool.js';

/**
 * Outbound e-mail and SMS (docs/decisions.md "Auth"). The provider is chosen by configuration, read per call:
 *   MAIL_PROVIDER = outbox (default) | smtp    smtp needs SMTP_URL (smtp://user:pass@host:587), MAIL_FROM
 *   SMS_PROVIDER  = outbox (default) | twilio  twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM
 * Every message is also recorded in outbox_messages: with the outbox provider it stays there
 * (sent_at NULL) for tests and developers (GET /api/auth/dev/outbox, development only: production
 * refuses to start with an outbox provider, platform/config/production.ts); a real
 * provider stamps sent_at once the provider accepted it.
 */
export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
  userId?: string | null;
}
export interface Sms {
  to: string;
  body: string;
  userId?: string | null;
}

async function record(
  channel: 'email' | 'sms',
  recipient: string,
  subject: string | null,
  body: string,
  userId?: string | null,
): Promise<string> {
  const { rows } = await getPool().query<{ id: string }>(
    'INSERT INTO outbox_messages (channel, recipient, subject, body, user_id) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [channel, recipient, subject, body, userId ?? null],
  );
  return rows[0]!.id;
}
const markSent = (id: string) => getPool().query('UPDATE outbox_messages SET sent_at = now() WHERE id = $1', [id]);

let transport: ReturnType<typeof nodemailer.createTransport> | undefined;
let transportUrl: string | undefined;
function smtp(): ReturnType<typeof nodemailer.createTransport> {
  const url = process.env.SMTP_URL;
  if (!url) throw new Error('MAIL_PROVIDER=smtp needs SMTP_URL');
  if (!transport || transportUrl !== url) {
    transport = nodemailer.createTransport(url);
    transportUrl = url;
  }
  return transport;
}

export function mailProvider(): 'outbox' | 'smtp' {
  const p = process.env.MAIL_PROVIDER ?? 'outbox';
  if (p !== 'outbox' && p !== 'smtp') throw new Error(`Unknown MAIL_PROVIDER ${p}`);
  return p;
}
export function smsProvider(): 'outbox' | 'twilio' {
  const p = process.env.SMS_PROVIDER ?? 'outbox';
  if (p !== 'outbox' && p !== 'twilio') throw new Error(`Unknown SMS_PROVIDER ${p}`);
  return p;
}

export async function sendEmail(mail: Email): Promise<void> {
  const id = await record('email', mail.to, mail.subject, mail.text, mail.userId);
  if (mailProvider() === 'smtp') {
    await smtp().sendMail({
      from: process.env.MAIL_FROM ?? 'Portal <no-reply@portal.local>',
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    await markSent(id);
  }
}

export async function sendSms(sms: Sms): Promise<void> {
  const id = await record('sms', sms.to, null, sms.body, sms.userId);
  if (smsProvider() === 'twilio') {
    const sid = process.env.TWILIO_ACCOUNT_SID;
    const token = process.env.TWILIO_AUTH_TOKEN;
    const from = process.env.TWILIO_FROM;
    if (!sid || !token || !from)
      throw new Error('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM');
    const res = await fetch(`https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: sms.to, From: from, Body: sms.body }),
    });
    if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
    await markSent(id);
  }
}

export interface OutboxRow {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: string;
  sent_at: string | null;
}

/** Newest first; for the dev endpoint and tests. */
export async function readOutbox(
  filter: { recipient?: string; channel?: 'email' | 'sms'; limit?: number } = {},
): Promise<OutboxRow[]> {
  const { rows } = await getPool().query<OutboxRow>(
    `SELECT id::text, channel::text AS channel, recipient, subject, body,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
            to_char(sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS sent_at
       FROM outbox_messages
      WHERE ($1::text IS NULL OR recipient = $1) AND ($2::outbox_channel IS NULL OR channel = $2)
      ORDER BY outbox_messages.id DESC LIMIT $3`,
    [filter.recipient ?? null, filter.channel ?? null, Math.min(filter.limit ?? 20, 100)],
  );
  return rows;
}
