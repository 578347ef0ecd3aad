import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, tableCounts } from '../../../../test/helpers.js';
import { listAudit } from '../../../platform/audit/index.js';
import { getPool } from '../../../platform/db/pool.js';
import { supportTestClient, type Json } from '../testing.js';

// Contact messages from the public contact form (docs/product.md "Public pages") listed for
// admins, newest first and paged, with a handled flag they set and clear (audited).
const { call, allPages } = supportTestClient();

async function message(i: number, at: string, userId: string | null = null) {
  const { rows } = await getPool().query<{ id: string }>(
    `INSERT INTO contact_messages (name, email, subject, message, user_id, created_at) VALUES ($1, $2, $3, 'Hello there', $4, $5) RETURNING id`,
    [`Sender ${i}`, `sender${i}@example.test`, `Subject ${i}`, userId, at],
  );
  return rows[0]!.id;
}

describe('contact inbox', () => {
  let admin: { id: string }, sender: { id: string }, first: string, second: string;
  beforeAll(async () => {
    admin = await createUser({ fullName: 'Ada Admin', admin: true });
    sender = await createUser();
    first = await message(1, '2026-01-02T09:00:00Z', sender.id);
    second = await message(2, '2026-01-02T10:00:00Z');
  });
  const handle = (id: string, handled: unknown) =>
    call(admin.id, 'PATCH', `/admin/contact-messages/${id}`, { handled });

  it('newest first, each with its sender and handled flag', async () => {
    const res = await call(admin.id, 'GET', '/admin/contact-messages');
    expect(res.body.messages.map((m: Json) => m.id)).toEqual([second, first]);
    expect(res.body.messages[1]).toEqual({
      id: first,
      name: 'Sender 1',
      email: 'sender1@example.test',
      subject: 'Subject 1',
      message: 'Hello there',
      user_id: sender.id,
      created_at: '2026-01-02T09:00:00.000Z',
      handled: false,
      handled_at: null,
      handled_by: null,
    });
    expect(res.body.next_cursor).toBeNull();
  });

  it('marked handled: when and by whom, filtered by handled=true|false, audited; marked again: unchanged; unmarked: cleared', async () => {
    const done = await handle(first, true);
    expect(done.status).toBe(200);
    expect(done.body.message).toMatchObject({
      id: first,
      handled: true,
      handled_at: expect.any(String),
      handled_by: { id: admin.id, full_name: 'Ada Admin' },
    });
    const again = await handle(first, true);
    expect(again.body.message.handled_at).toBe(done.body.message.handled_at);
    expect(
      (await call(admin.id, 'GET', '/admin/contact-messages?handled=true')).body.messages.map((m: Json) => m.id),
    ).toEqual([first]);
    expect(
      (await call(admin.id, 'GET', '/admin/contact-messages?handled=false')).body.messages.map((m: Json) => m.id),
    ).toEqual([second]);
    const undone = await handle(first, false);
    expect(undone.body.message).toMatchObject({ handled: false, handled_at: null, handled_by: null });
    const entries = (await listAudit({ subject: `contact_message:${first}` })).reverse();
    expect(entries.map((e) => [e.action, e.actor_id, e.before?.handled, e.after?.handled])).toEqual([
      ['admin.contact_message.update', admin.id, false, true],
      ['admin.contact_message.update', admin.id, true, false],
    ]);
  });

  it("pages of 20 without repeats; bad input is 400 and changes nothing; an unknown message is 404 'Message not found.'", async () => {
    for (let i = 0; i < 41; i++) await message(100 + i, `2026-01-04T00:00:00.00${i % 3}Z`);
    const pages = await allPages(admin.id, '/admin/contact-messages?handled=false', 'messages');
    const { rows } = await getPool().query<{ id: string }>(
      'SELECT id FROM contact_messages WHERE handled_at IS NULL ORDER BY created_at DESC, id DESC',
    );
    expect(rows.length).toBeGreaterThan(41);
    expect(pages.slice(0, -1).every((p) => p.length === 20)).toBe(true);
    expect(pages.flat().map((m) => m.id)).toEqual(rows.map((r) => r.id));
    const before = await tableCounts(['audit_log']);
    for (const body of ['yes', 1, null, undefined]) {
      const res = await handle(second, body);
      expect([res.status, res.body.details?.fields?.handled], String(body)).toEqual([400, 'Say true or false.']);
    }
    expect((await call(admin.id, 'GET', '/admin/contact-messages?handled=maybe')).status).toBe(400);
    expect(await tableCounts(['audit_log'])).toEqual(before);
    const ghost = await handle('00000000-0000-4000-8000-000000000000', true);
    expect([ghost.status, ghost.body.error]).toEqual([404, 'Message not found.']);
  });
});
