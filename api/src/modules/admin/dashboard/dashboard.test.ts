import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, deposit, send } from '../../../../test/helpers.js';
import { getPool } from '../../../platform/db/pool.js';
import { plus, rounded } from '../../../../test/decimal.js';

// "Dashboard with live figures": what the dashboard says equals a direct count after a
// seeded mix of transfers, tickets and KYC submissions; the books check's latest result is shown.
const app = createTestApp(['admin']);
const call = async (userId: string, method: string, path: string) => {
  const res = await app.request(`/api/admin${path}`, { method, headers: await bearer(userId) });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
};
const one = async <T>(sql: string, values: unknown[] = []) => (await getPool().query(sql, values)).rows[0] as T;

describe('admin dashboard: live figures', () => {
  let admin: { id: string };
  beforeAll(async () => {
    admin = await createUser({ admin: true });
    const [a, b] = [await createUser(), await createUser()];
    await deposit(a.id, 'USD', '500.00');
    await deposit(a.id, 'BTC', '0.50000000');
    for (const amount of ['10.00', '25.50', '4.25']) await send(a.id, b.id, 'USD', amount);
    await send(a.id, b.id, 'BTC', '0.01000000');
    // an old transfer (outside the 24 hours) and some tickets and a pending KYC submission
    const old = await send(b.id, a.id, 'USD', '7.00');
    await getPool().query(`UPDATE transactions SET created_at = now() - interval '2 days' WHERE id = $1`, [
      old.transactionId,
    ]);
    for (const [status, priority] of [
      ['open', 'urgent'],
      ['in_progress', 'low'],
      ['resolved', 'high'],
    ]) {
      await getPool().query(
        `INSERT INTO customer_support_tickets (user_id, ticket_id, subject, description, status, priority) VALUES ($1, generate_ticket_id(), 'S', 'D', $2::ticket_status, $3::ticket_priority)`,
        [a.id, status, priority],
      );
    }
  });

  it('users, open tickets, pending KYC and the 24-hour volume (per asset and in USD) equal direct counts', async () => {
    const res = await call(admin.id, 'GET', '/dashboard');
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d.total_users).toBe(
      Number((await one<{ n: string }>('SELECT count(*) AS n FROM profiles WHERE deleted_at IS NULL')).n),
    );
    expect(d.open_tickets).toBe(
      Number(
        (
          await one<{ n: string }>(
            `SELECT count(*) AS n FROM customer_support_tickets WHERE status IN ('open', 'in_progress', 'on_hold')`,
          )
        ).n,
      ),
    );
    expect(d.urgent_open_tickets).toBe(
      Number(
        (
          await one<{ n: string }>(
            `SELECT count(*) AS n FROM customer_support_tickets WHERE status IN ('open', 'in_progress', 'on_hold') AND priority = 'urgent'`,
          )
        ).n,
      ),
    );
    expect(d.pending_kyc).toBe(
      Number((await one<{ n: string }>(`SELECT count(*) AS n FROM kyc_submissions WHERE status = 'pending'`)).n),
    );
    const direct = (
      await getPool()
        .query(`SELECT a.symbol, round(sum(t.amount), a.scale)::text AS amount, count(*)::int AS n, (sum(t.amount) * coalesce(p.price_usd, 0))::text AS usd
      FROM transactions t JOIN assets a ON a.id = t.asset_id LEFT JOIN asset_prices p ON p.asset_id = a.id
      WHERE t.status = 'completed' AND t.created_at > now() - interval '24 hours' GROUP BY a.symbol, a.scale, p.price_usd ORDER BY a.symbol`)
    ).rows;
    expect(
      d.volume_24h.by_asset.map((r: { symbol: string; transactions: number }) => [r.symbol, r.transactions]),
    ).toEqual(direct.map((r) => [r.symbol, r.n]));
    for (const r of direct)
      expect(d.volume_24h.by_asset.find((x: { symbol: string }) => x.symbol === r.symbol).amount).toBe(r.amount);
    expect(d.volume_24h.usd).toBe(rounded(plus(...direct.map((r) => r.usd as string)), 2));
    expect(d.recent_activity.length).toBeGreaterThan(0);
  });

  it('the books check runs on demand (and on its schedule), its latest result is on the dashboard; non-admins get 403 on both routes', async () => {
    const ran = await call(admin.id, 'POST', '/books-check');
    expect(ran.status).toBe(200);
    expect(ran.body.books_check).toMatchObject({ ok: true, problem_count: 0, first_problem: null });
    expect((await call(admin.id, 'GET', '/dashboard')).body.books_check).toEqual(ran.body.books_check);
    const user = await createUser();
    expect((await call(user.id, 'GET', '/dashboard')).status).toBe(403);
    expect((await call(user.id, 'POST', '/books-check')).status).toBe(403);
  });
});

describe('audit log page: filters by actor, action, target and date, in pages', () => {
  it('finds an admin action by actor name, action prefix, target and date, 50 a page without repeats', async () => {
    const actor = await createUser({ admin: true, fullName: 'Audrey Auditor' });
    for (let i = 0; i < 55; i++) {
      await getPool().query(`INSERT INTO audit_log (actor_id, action, subject) VALUES ($1, 'admin.test.step', $2)`, [
        actor.id,
        `user:${i}`,
      ]);
    }
    const first = await call(actor.id, 'GET', '/audit?actor=audrey&action=admin.test');
    expect(first.body.entries).toHaveLength(50);
    const second = await call(
      actor.id,
      'GET',
      `/audit?actor=audrey&action=admin.test&cursor=${first.body.next_cursor}`,
    );
    expect(second.body.entries).toHaveLength(5);
    expect(second.body.next_cursor).toBeNull();
    expect(new Set([...first.body.entries, ...second.body.entries].map((e: { id: string }) => e.id)).size).toBe(55);
    expect(
      (await call(actor.id, 'GET', '/audit?subject=user:7')).body.entries.map((e: { subject: string }) => e.subject),
    ).toEqual(['user:7']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await call(actor.id, 'GET', `/audit?actor=audrey&from=${today}&to=${today}`)).body.entries).toHaveLength(
      50,
    );
    expect((await call(actor.id, 'GET', '/audit?actor=audrey&to=2020-01-01')).body.entries).toHaveLength(0);
    expect((await call(actor.id, 'GET', '/audit?from=yesterday')).status).toBe(400);
  });
});

describe("audit entries in people's words: the action's words and the subject's name", () => {
  it('a ticket update reads as words and the ticket id with its subject, on the audit page and in Recent Activity; a person by name; a gone record by its code', async () => {
    const admin = await createUser({ admin: true, fullName: 'Wendy Wording' });
    const customer = await createUser({ fullName: 'Carl Customer' });
    const ticket = await one<{ id: string; ticket_id: string }>(
      `INSERT INTO customer_support_tickets (user_id, subject, description) VALUES ($1, 'Card declined', 'D') RETURNING id, ticket_id`,
      [customer.id],
    );
    const write = (action: string, subject: string) =>
      getPool().query(`INSERT INTO audit_log (actor_id, action, subject) VALUES ($1, $2, $3)`, [
        admin.id,
        action,
        subject,
      ]);
    await write('admin.user.set_accredited', `user:${customer.id}`);
    await write('admin.campaign.approve', 'campaign:00000000-0000-4000-8000-000000000000');
    await write('admin.ticket.update', `ticket:${ticket.id}`);

    const entries = (await call(admin.id, 'GET', '/audit?actor=wendy')).body.entries as {
      action_words: string;
      subject_name: string | null;
      actor_name: string;
    }[];
    expect(entries.map((e) => [e.action_words, e.subject_name, e.actor_name])).toEqual([
      ['Changed the status or priority of a ticket', `${ticket.ticket_id} · Card declined`, 'Wendy Wording'],
      ['Approved a campaign', null, 'Wendy Wording'],
      ["Changed a user's accredited investor status", 'Carl Customer', 'Wendy Wording'],
    ]);
    const recent = (await call(admin.id, 'GET', '/dashboard')).body.recent_activity as {
      text: string;
      actor: string | null;
    }[];
    expect(recent[0]).toMatchObject({
      text: `Changed the status or priority of a ticket: ${ticket.ticket_id} · Card declined`,
      actor: 'Wendy Wording',
    });
    expect(
      recent
        .slice(0, 5)
        .map((r) => r.text)
        .join('\n'),
      'no raw codes or ids',
    ).not.toMatch(/admin\.|\b(ticket|user|campaign):[0-9a-f]{8}/);
  });
});
