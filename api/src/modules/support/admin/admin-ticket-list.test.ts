import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/helpers.js';
import { getPool } from '../../../platform/db/pool.js';
import { supportTestClient, type Json } from '../testing.js';

// docs/product.md "Admin" Tickets: filters Status and Priority (each 'all' or one value), newest first; issue
// 18: search by ticket id, subject or user, paged (keyset pages of 20, every ticket once).
const { call, ticketOf, setStatus, allPages } = supportTestClient();

describe('admin ticket list', () => {
  let admin: { id: string }, zoe: { id: string; email: string }, sam: { id: string };
  const mine: Record<string, Json> = {};
  beforeAll(async () => {
    admin = await createUser({ admin: true });
    zoe = await createUser({ fullName: 'Zoe Quintero', username: 'zoeq', email: 'zoe.q@mailhost.test' });
    sam = await createUser({ fullName: 'Sam Ortiz', username: 'samo' });
    mine.urgentOpen = await ticketOf(zoe.id, { subject: 'Wallet frozen', priority: 'urgent' });
    mine.lowResolved = await ticketOf(zoe.id, { subject: 'Typo on the FAQ page', priority: 'low' });
    mine.highHold = await ticketOf(sam.id, { subject: '100% fee charged_twice', priority: 'high' });
    mine.mediumOpen = await ticketOf(sam.id, { subject: 'Cannot upload avatar' });
    await setStatus(admin.id, mine.lowResolved.id, 'resolved', 'low');
    await setStatus(admin.id, mine.highHold.id, 'on_hold', 'high');
  });
  const list = async (query: string) => {
    const res = await call(admin.id, 'GET', `/admin/tickets${query}`);
    expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
    return (res.body.tickets as Json[]).map((t) => t.id as string);
  };
  const ids = (...names: string[]) => names.map((n) => mine[n]!.id as string);

  it("newest first; status and priority filter by equality, together or alone; 'all' is no filter", async () => {
    expect(await list('')).toEqual(ids('mediumOpen', 'highHold', 'lowResolved', 'urgentOpen'));
    expect(await list('?status=all&priority=all')).toEqual(await list(''));
    expect(await list('?status=open')).toEqual(ids('mediumOpen', 'urgentOpen'));
    expect(await list('?priority=urgent')).toEqual(ids('urgentOpen'));
    expect(await list('?status=open&priority=medium')).toEqual(ids('mediumOpen'));
    expect(await list('?status=on_hold')).toEqual(ids('highHold'));
    expect(await list('?status=closed')).toEqual([]);
  });

  it("search: ticket id, subject, the user's name, username or e-mail, any case; % and _ are plain characters", async () => {
    expect(await list(`?q=${mine.highHold!.ticket_id.toLowerCase()}`)).toEqual(ids('highHold'));
    expect(await list(`?q=${mine.urgentOpen!.ticket_id.slice(-6)}`)).toEqual(ids('urgentOpen'));
    expect(await list('?q=WALLET')).toEqual(ids('urgentOpen'));
    expect(await list('?q=quinter')).toEqual(ids('lowResolved', 'urgentOpen'));
    expect(await list('?q=SAMO')).toEqual(ids('mediumOpen', 'highHold'));
    expect(await list('?q=mailhost')).toEqual(ids('lowResolved', 'urgentOpen'));
    expect(await list(`?q=${encodeURIComponent('100%')}`)).toEqual(ids('highHold'));
    expect(await list(`?q=${encodeURIComponent('d_t')}`)).toEqual(ids('highHold')); // 'charged_twice', not any one character
    expect(await list(`?q=${encodeURIComponent('%')}`)).toEqual(ids('highHold'));
    expect(await list('?q=zoe&status=resolved')).toEqual(ids('lowResolved'));
    expect(await list(`?q=${encodeURIComponent('   ')}`)).toEqual(await list(''));
    expect(await list('?q=nothing-like-this')).toEqual([]);
  });

  it('keyset pages of 20: every ticket exactly once and in order, with ties in time, also under a filter', async () => {
    const bulk = await createUser({ fullName: 'Bulk Sender' });
    await getPool().query(
      `INSERT INTO customer_support_tickets (user_id, subject, description, priority, created_at, updated_at)
       SELECT $1, 'Bulk ' || g, 'Body', (CASE WHEN g % 2 = 0 THEN 'high' ELSE 'low' END)::ticket_priority, t, t
         FROM generate_series(1, 57) g, LATERAL (SELECT '2026-01-03T08:00:00Z'::timestamptz + (g / 4) * interval '1 microsecond' AS t) x`,
      [bulk.id],
    );
    const pages = await allPages(admin.id, '/admin/tickets', 'tickets');
    expect(pages.slice(0, -1).every((p) => p.length === 20)).toBe(true);
    const all = pages.flat().map((t) => t.id);
    const { rows } = await getPool().query<{ id: string }>(
      'SELECT id FROM customer_support_tickets ORDER BY created_at DESC, id DESC',
    );
    expect(all).toEqual(rows.map((r) => r.id));
    const high = (await allPages(admin.id, '/admin/tickets?priority=high&q=bulk', 'tickets')).flat();
    expect(high.length).toBe(28);
    expect(new Set(high.map((t) => t.id)).size).toBe(28);
    expect(high.every((t) => t.priority === 'high' && t.user.full_name === 'Bulk Sender')).toBe(true);
  });

  it('an unknown status or priority, a search over 100 characters, a bad cursor or an unknown parameter is 400', async () => {
    for (const [query, field] of [
      ['?status=pending', 'status'],
      ['?priority=critical', 'priority'],
      [`?q=${'x'.repeat(101)}`, 'q'],
      ['?cursor=abc', 'cursor'],
      ['?sort=asc', 'sort'],
    ]) {
      const res = await call(admin.id, 'GET', `/admin/tickets${query}`);
      expect([res.status, Object.keys(res.body.details?.fields ?? {})], query).toEqual([400, [field]]);
    }
  });
});
