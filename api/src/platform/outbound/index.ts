import nodemailer from 'nodemailer';
import { getPrisma } from '../db/prisma.js';

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
): Promise<bigint> {
  const { id } = await getPrisma().outboxMessage.create({
    data: { channel, recipient, subject, body, userId: userId ?? null },
    select: { id: true },
  });
  return id;
}
const markSent = (id: bigint) => getPrisma().outboxMessage.update({ where: { id }, data: { sentAt: new Date() } });

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
  const messages = await getPrisma().outboxMessage.findMany({
    where: { recipient: filter.recipient, channel: filter.channel },
    orderBy: { id: 'desc' },
    take: Math.min(filter.limit ?? 20, 100),
  });
  return messages.map((m) => ({
    id: m.id.toString(),
    channel: m.channel,
    recipient: m.recipient,
    subject: m.subject,
    body: m.body,
    created_at: m.createdAt.toISOString(),
    sent_at: m.sentAt?.toISOString() ?? null,
  }));
}
