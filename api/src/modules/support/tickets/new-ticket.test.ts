import { afterAll, describe, expect, it } from 'vitest';
import { createUser, tableCounts } from '../../../../test/helpers.js';
import { getPool } from '../../../platform/db/pool.js';
import { recordStoredKeys, supportTestClient, type Json } from '../testing.js';

// docs/product.md "Support" (subject and description non-blank after trimming: 'Please provide a
// subject and description.'; priority low, medium by default, high, urgent; status open) and the
// user's tickets newest first (pages of 20 by keyset).
const { call, openTicket, ticketOf, allPages } = supportTestClient();
const stored = recordStoredKeys();
afterAll(() => stored.stop());
const PROVIDE = 'Please provide a subject and description.';

describe('new ticket', () => {
  it('blank or missing subject or description: 400 with the spec text on each such field; bad priority or too long: 400; nothing stored', async () => {
    const u = await createUser();
    const before = await tableCounts(['customer_support_tickets', 'support_attachments']);
    const keys = stored.keys.length;
    const refusals: [Record<string, string>, Record<string, string>][] = [
      [{ subject: '   ', description: 'Something broke' }, { subject: PROVIDE }],
      [{ subject: 'Login', description: ' \n\t ' }, { description: PROVIDE }],
      [
        { subject: '', description: '' },
        { subject: PROVIDE, description: PROVIDE },
      ],
      [{}, { subject: PROVIDE, description: PROVIDE }],
      [
        { subject: 'Login', description: 'x', priority: 'critical' },
        { priority: 'Choose low, medium, high or urgent.' },
      ],
      [{ subject: 'x'.repeat(201), description: 'x' }, { subject: 'At most 200 characters.' }],
      [{ subject: 'x', description: 'x'.repeat(5001) }, { description: 'At most 5000 characters.' }],
      [{ subject: 'nul\u0000byte', description: 'x' }, { subject: 'Contains characters that are not allowed.' }],
    ];
    for (const [fields, reasons] of refusals) {
      const res = await openTicket(u.id, fields);
      expect(res.status, JSON.stringify(fields).slice(0, 60)).toBe(400);
      expect(res.body.details.fields).toEqual(reasons);
    }
    expect(await tableCounts(['customer_support_tickets', 'support_attachments'])).toEqual(before);
    expect(stored.keys.length).toBe(keys);
  });

  it('a ticket starts open, medium unless chosen, trimmed, with the server-made ticket id; it comes back whole', async () => {
    const u = await createUser();
    const res = await openTicket(u.id, { subject: '  Withdrawal pending ', description: ' It has been 3 days. ' });
    expect(res.status).toBe(201);
    expect(res.body.ticket).toEqual({
      id: expect.any(String),
      ticket_id: expect.stringMatching(/^TKT-\d{6}$/),
      subject: 'Withdrawal pending',
      description: 'It has been 3 days.',
      priority: 'medium',
      status: 'open',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      resolved_at: null,
      attachments: [],
    });
    expect(res.body.ticket.updated_at).toBe(res.body.ticket.created_at);
    for (const priority of ['low', 'high', 'urgent'])
      expect((await ticketOf(u.id, { priority })).priority).toBe(priority);
    const shown = await call(u.id, 'GET', `/tickets/${res.body.ticket.id}`);
    expect(shown.body).toEqual({ ticket: res.body.ticket, responses: [] });
  });
});

describe("the user's tickets", () => {
  it('only their own, newest first, 20 a page, every ticket once even when many share a millisecond or a microsecond', async () => {
    const [me, other] = [await createUser(), await createUser()];
    await ticketOf(other.id, { subject: 'Not mine' });
    // 45 tickets: times 3 microseconds apart inside one millisecond, and pairs with the very same time
    await getPool().query(
      `INSERT INTO customer_support_tickets (user_id, subject, description, created_at, updated_at)
       SELECT $1, 'Ticket ' || lpad(g::text, 2, '0'), 'Body', t, t FROM generate_series(1, 45) g,
              LATERAL (SELECT '2026-01-05T10:00:00.000Z'::timestamptz + ((g / 2) * 3) * interval '1 microsecond' AS t) x`,
      [me.id],
    );
    const pages = await allPages(me.id, '/tickets', 'tickets');
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    const all = pages.flat();
    expect(new Set(all.map((t) => t.id)).size).toBe(45);
    expect(all.some((t) => t.subject === 'Not mine')).toBe(false);
    const { rows } = await getPool().query<{ id: string }>(
      'SELECT id FROM customer_support_tickets WHERE user_id = $1 ORDER BY created_at DESC, id DESC',
      [me.id],
    );
    expect(all.map((t: Json) => t.id)).toEqual(rows.map((r) => r.id));
  });

  it("a cursor that is not one of the list's (or names no real time) is 400; an empty list has no next page", async () => {
    const u = await createUser();
    expect((await call(u.id, 'GET', '/tickets')).body).toEqual({ tickets: [], next_cursor: null });
    for (const cursor of [
      'nope',
      '2026-01-05T10:00:00.000Z_00000000-0000-4000-8000-000000000000',
      '2026-13-45T10:00:00.000000_00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await call(u.id, 'GET', `/tickets?cursor=${encodeURIComponent(cursor)}`);
      expect([res.status, res.body.details?.fields?.cursor], cursor).toEqual([400, 'Not a cursor from this list.']);
    }
    expect((await call(null, 'GET', '/tickets')).status).toBe(401);
  });
});
