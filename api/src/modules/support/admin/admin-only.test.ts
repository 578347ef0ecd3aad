import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/helpers.js';
import { getPool } from '../../../platform/db/pool.js';
import { PNG, file, supportTestClient, type Json } from '../testing.js';

// docs/product.md "Admin": only admins (profile is_admin, read from the database on every call) view and
// filter all tickets, change them and answer them: non-admins get 403 on every admin route.
const { app, call, form, ticketOf } = supportTestClient();

describe('admin routes', () => {
  let ann: { id: string }, ben: { id: string }, admin: { id: string }, ticket: Json, messageId: string;
  beforeAll(async () => {
    ann = await createUser({ fullName: 'Ann Customer' });
    ben = await createUser({ fullName: 'Ben Customer' });
    admin = await createUser({ admin: true });
    ticket = await ticketOf(ann.id, { attachment: file(PNG, 'a.png', 'image/png') });
    await ticketOf(ben.id, { subject: "Ben's ticket" });
    messageId = (
      await getPool().query<{ id: string }>(
        `INSERT INTO contact_messages (name, email, subject, message) VALUES ('N', 'n@example.test', 'S', 'M') RETURNING id`,
      )
    ).rows[0]!.id;
  });

  /** Every admin route of the module, with a valid request. */
  const adminCalls = (): [string, string, unknown][] => [
    ['GET', '/admin/tickets', undefined],
    ['GET', `/admin/tickets/${ticket.id}`, undefined],
    ['PATCH', `/admin/tickets/${ticket.id}`, { status: 'closed', priority: 'low' }],
    ['POST', `/admin/tickets/${ticket.id}/responses`, form({ response_text: 'Not an admin' })],
    ['GET', `/admin/attachments/${ticket.attachments[0].id}`, undefined],
    ['GET', '/admin/contact-messages', undefined],
    ['PATCH', `/admin/contact-messages/${messageId}`, { handled: true }],
  ];

  it('every admin route is in the list above (a new one must be added here)', () => {
    const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '1' } });
    const adminPaths = Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
      Object.entries(ops as Record<string, { 'x-access'?: string }>)
        .filter(([, op]) => op['x-access'] === 'admin')
        .map(([m]) => `${m.toUpperCase()} ${path}`),
    );
    expect(adminPaths.length).toBe(adminCalls().length);
  });

  it("a signed-in user who is not an admin gets 403 on each, and nothing changes; the ticket's owner too", async () => {
    for (const who of [ben.id, ann.id]) {
      for (const [method, path, body] of adminCalls()) {
        const res = await call(
          who,
          method,
          path,
          body instanceof FormData ? form({ response_text: 'Not an admin' }) : body,
        );
        expect([res.status, res.body.error], `${method} ${path}`).toEqual([
          403,
          'You do not have permission to access the admin panel',
        ]);
      }
    }
    const { rows } = await getPool().query(
      `SELECT t.status::text, (SELECT count(*)::int FROM ticket_responses r WHERE r.ticket_id = t.id) AS responses,
      (SELECT handled_at FROM contact_messages WHERE id = $2) AS handled_at FROM customer_support_tickets t WHERE t.id = $1`,
      [ticket.id, messageId],
    );
    expect(rows[0]).toEqual({ status: 'open', responses: 0, handled_at: null });
  });

  it('an admin whose flag was removed loses access at once (the flag is read from the database)', async () => {
    const former = await createUser({ admin: true });
    expect((await call(former.id, 'GET', '/admin/tickets')).status).toBe(200);
    await getPool().query('UPDATE profiles SET is_admin = false WHERE id = $1', [former.id]);
    expect((await call(former.id, 'GET', '/admin/tickets')).status).toBe(403);
  });

  it("an admin sees every user's tickets with the user; anonymous callers get 401", async () => {
    const tickets = (await call(admin.id, 'GET', '/admin/tickets')).body.tickets as Json[];
    expect(tickets.map((t) => t.user.full_name).sort()).toEqual(['Ann Customer', 'Ben Customer']);
    const { rows } = await getPool().query(
      'SELECT u.email, p.username, p.customer_id FROM profiles p JOIN users u ON u.id = p.id WHERE p.id = $1',
      [ann.id],
    );
    expect(tickets.find((t) => t.id === ticket.id)!.user).toEqual({
      id: ann.id,
      full_name: 'Ann Customer',
      avatar_url: null,
      ...rows[0],
    });
    for (const [method, path] of adminCalls())
      expect((await call(null, method, path)).status, `${method} ${path}`).toBe(401);
  });
});
