import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser } from '../helpers.js';
import { getPool } from '../../src/platform/db/pool.js';

// Per-kind e-mail preferences (the profile's settings): the e-mails that exist keep being sent,
// unless their person turned that kind off; the notification itself is written either way.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const app = createTestApp();
async function call(
  userId: string,
  method: string,
  path: string,
  body?: unknown,
  opts: { admin?: boolean; form?: FormData } = {},
) {
  const res = await app.request(`/api${path}`, {
    method,
    headers: {
      ...(await bearer(userId, opts.admin)),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.form ?? (body !== undefined ? JSON.stringify(body) : undefined),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Json };
}
const mails = async (userId: string, subject: string) =>
  (
    await getPool().query('SELECT 1 FROM outbox_messages WHERE user_id = $1 AND channel = $2 AND subject LIKE $3', [
      userId,
      'email',
      `%${subject}%`,
    ])
  ).rowCount;

describe('e-mail preferences per kind of notification', () => {
  it('lists every kind that has an e-mail, all on by default; turning one off changes only that one', async () => {
    const me = await createUser();
    const { status, body } = await call(me.id, 'GET', '/notifications/email-preferences');
    expect(status).toBe(200);
    expect(body.preferences.map((p: Json) => p.kind)).toEqual([
      'invoice_received',
      'invoice_paid',
      'ticket_answered',
      'ticket_resolved',
      'campaign_funded',
      'campaign_failed',
      'investment_confirmed',
      'investment_refunded',
    ]);
    expect(body.preferences.every((p: Json) => p.email === true)).toBe(true);
    const off = await call(me.id, 'PATCH', '/notifications/email-preferences', {
      kind: 'ticket_answered',
      email: false,
    });
    expect(off.body.preferences.filter((p: Json) => !p.email).map((p: Json) => p.kind)).toEqual(['ticket_answered']);
    expect(
      (await call(me.id, 'PATCH', '/notifications/email-preferences', { kind: 'ticket_answered', email: false }))
        .status,
    ).toBe(200); // again: same
    const other = await createUser();
    expect(
      (await call(other.id, 'GET', '/notifications/email-preferences')).body.preferences.every((p: Json) => p.email),
    ).toBe(true);
  });

  it('refuses a kind without an e-mail or a non-boolean with 400 and changes nothing', async () => {
    const me = await createUser();
    expect(
      (await call(me.id, 'PATCH', '/notifications/email-preferences', { kind: 'money_received', email: false })).status,
    ).toBe(400);
    expect(
      (await call(me.id, 'PATCH', '/notifications/email-preferences', { kind: 'invoice_paid', email: 'no' })).status,
    ).toBe(400);
    expect(
      (await getPool().query('SELECT 1 FROM notification_email_opt_outs WHERE user_id = $1', [me.id])).rowCount,
    ).toBe(0);
  });

  it('a ticket answer: e-mailed while on; turned off, the bell still gets it but no e-mail goes; on again, e-mailed again', async () => {
    const user = await createUser();
    const admin = await createUser({ admin: true });
    const form = new FormData();
    form.append('subject', 'Card declined');
    form.append('description', 'Twice.');
    const ticket = (await call(user.id, 'POST', '/support/tickets', undefined, { form })).body.ticket;
    const answer = async (text: string) => {
      const f = new FormData();
      f.append('response_text', text);
      expect(
        (
          await call(admin.id, 'POST', `/support/admin/tickets/${ticket.id}/responses`, undefined, {
            admin: true,
            form: f,
          })
        ).status,
      ).toBe(201);
    };
    await answer('First answer.');
    expect(await mails(user.id, 'answered your ticket')).toBe(1);
    await call(user.id, 'PATCH', '/notifications/email-preferences', { kind: 'ticket_answered', email: false });
    await answer('Second answer.');
    expect(await mails(user.id, 'answered your ticket')).toBe(1);
    await call(user.id, 'PATCH', '/notifications/email-preferences', { kind: 'ticket_answered', email: true });
    await answer('Third answer.');
    expect(await mails(user.id, 'answered your ticket')).toBe(2);
    expect((await call(user.id, 'GET', '/notifications/unread')).body).toEqual({ unread: 3 });
  });
});
