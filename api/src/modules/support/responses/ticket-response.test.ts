import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, tableCounts } from '../../../../test/helpers.js';
import { getPool } from '../../../platform/db/pool.js';
import { getStorage } from '../../../platform/storage/index.js';
import { PNG, file, recordStoredKeys, supportTestClient, ticketRow, type Json } from '../testing.js';

// docs/product.md "Support" /support/ticket/{ticketId}: responses oldest first with the responder's name, avatar
// and admin tick; Add a Response only while the ticket is neither resolved nor closed (enforced on the
// server); another user's ticket reads 'Ticket not found or you do not have permission to
// view it.'; Ticket response: not blank after trimming.
const { call, ticketOf, respond, adminRespond, setStatus } = supportTestClient();
const stored = recordStoredKeys();
afterAll(() => stored.stop());
const NOT_YOURS = 'Ticket not found or you do not have permission to view it.';
const TABLES = ['ticket_responses', 'support_attachments', 'customer_support_tickets'];

/** Until a session of this database waits for a row lock (polls; never sleeps for a fixed time). */
async function waitForLockWait() {
  for (let i = 0; i < 500; i++) {
    const { rows } = await getPool().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n > 0) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error('no session waited for the lock');
}

describe('ticket responses', () => {
  let ann: { id: string }, ben: { id: string }, admin: { id: string };
  beforeAll(async () => {
    ann = await createUser({ fullName: 'Ann Customer' });
    ben = await createUser({ fullName: 'Ben Stranger' });
    admin = await createUser({ fullName: 'Ada Admin', admin: true });
  });

  it("another user's ticket (or none) is 404 in the spec's words, to read and to answer, and nothing is stored", async () => {
    const t = await ticketOf(ann.id);
    const before = await tableCounts(TABLES);
    const keys = stored.keys.length;
    for (const [path, body] of [
      [`/tickets/${t.id}`, undefined],
      [`/tickets/${t.id}/responses`, { response_text: 'Let me in', attachment: file(PNG, 'a.png', 'image/png') }],
      ['/tickets/00000000-0000-4000-8000-000000000000', undefined],
      ['/tickets/00000000-0000-4000-8000-000000000000/responses', { response_text: 'Hello?' }],
    ] as const) {
      const res = body ? await respond(ben.id, path.split('/')[2]!, body) : await call(ben.id, 'GET', path);
      expect([res.status, res.body.error], path).toEqual([404, NOT_YOURS]);
      expect(JSON.stringify(res.body)).not.toContain(t.ticket_id);
    }
    expect(await tableCounts(TABLES)).toEqual(before);
    expect(stored.keys.length).toBe(keys);
    expect((await call(ben.id, 'GET', '/tickets/not-a-uuid')).status).toBe(400);
  });

  it("responses oldest first with responder name, avatar and admin tick; the user's response stamps the ticket's updated_at", async () => {
    const t = await ticketOf(ann.id);
    const created = await ticketRow(t.id);
    expect((await respond(ann.id, t.id, { response_text: '  First from me  ' })).status).toBe(201);
    expect((await adminRespond(admin.id, t.id, { response_text: 'We are on it.' })).status).toBe(201);
    const mine = await respond(ann.id, t.id, { response_text: 'Thanks!' });
    expect(mine.body.response).toEqual({
      id: expect.any(String),
      response_text: 'Thanks!',
      is_admin_response: false,
      created_at: expect.any(String),
      responder: { id: ann.id, full_name: 'Ann Customer', avatar_url: null, is_admin: false },
      attachments: [],
    });
    const shown = (await call(ann.id, 'GET', `/tickets/${t.id}`)).body;
    expect(
      shown.responses.map((r: Json) => [
        r.response_text,
        r.is_admin_response,
        r.responder.full_name,
        r.responder.is_admin,
      ]),
    ).toEqual([
      ['First from me', false, 'Ann Customer', false],
      ['We are on it.', true, 'Ada Admin', true],
      ['Thanks!', false, 'Ann Customer', false],
    ]);
    const after = await ticketRow(t.id);
    expect(after.updated_at.getTime()).toBeGreaterThan(created.updated_at.getTime());
    expect(shown.ticket.updated_at).toBe(after.updated_at.toISOString());
    expect(after.status).toBe('open');
  });

  it("blank, missing or too long: 400 'Please write a response.' (or the limit) and nothing stored", async () => {
    const t = await ticketOf(ann.id);
    const before = await tableCounts(TABLES);
    for (const [fields, reason] of [
      [{ response_text: '  \n ' }, 'Please write a response.'],
      [{}, 'Please write a response.'],
      [{ response_text: 'x'.repeat(5001) }, 'At most 5000 characters.'],
    ] as [Record<string, string>, string][]) {
      const res = await respond(ann.id, t.id, fields);
      expect([res.status, res.body.details?.fields?.response_text]).toEqual([400, reason]);
    }
    expect(await tableCounts(TABLES)).toEqual(before);
    expect((await ticketRow(t.id)).updated_at.toISOString()).toBe(t.updated_at);
  });

  it('a resolved or closed ticket takes no response from its user (409) and nothing is stored; an admin may still answer', async () => {
    for (const status of ['resolved', 'closed']) {
      const t = await ticketOf(ann.id);
      expect((await setStatus(admin.id, t.id, status)).status).toBe(200);
      const before = await tableCounts(TABLES);
      const keys = stored.keys.length;
      const res = await respond(ann.id, t.id, {
        response_text: 'One more thing',
        attachment: file(PNG, 'a.png', 'image/png'),
      });
      expect([res.status, res.body.error], status).toEqual([409, 'This ticket is closed to new responses.']);
      expect(await tableCounts(TABLES)).toEqual(before);
      expect(stored.keys.length).toBe(keys);
      expect((await adminRespond(admin.id, t.id, { response_text: 'Closing note' })).status).toBe(201);
      // reopened, the user may answer again
      expect((await setStatus(admin.id, t.id, 'open')).status).toBe(200);
      expect((await respond(ann.id, t.id, { response_text: 'Back again' })).status).toBe(201);
    }
  });

  it('the database refuses a user response on a closed ticket whoever writes it (support.sql SU4), and an admin one passes', async () => {
    const t = await ticketOf(ann.id);
    await getPool().query(`UPDATE customer_support_tickets SET status = 'closed' WHERE id = $1`, [t.id]);
    const insert = (responder: string, admin: boolean) =>
      getPool().query(
        'INSERT INTO ticket_responses (ticket_id, responder_id, response_text, is_admin_response) VALUES ($1, $2, $3, $4)',
        [t.id, responder, 'direct', admin],
      );
    await expect(insert(ann.id, false)).rejects.toMatchObject({ code: 'SU409' });
    await expect(insert(admin.id, true)).resolves.toBeDefined();
  });

  it('a response that reaches the ticket while an admin is closing it waits for the close and is refused (409); its file is removed', async () => {
    const t = await ticketOf(ann.id);
    const before = await tableCounts(TABLES);
    const closing = await getPool().connect();
    try {
      await closing.query('BEGIN');
      await closing.query(`UPDATE customer_support_tickets SET status = 'closed' WHERE id = $1`, [t.id]);
      const keys = stored.keys.length;
      const pending = respond(ann.id, t.id, {
        response_text: 'Just in time?',
        attachment: file(PNG, 'a.png', 'image/png'),
      });
      await waitForLockWait(); // the response passed the status check and waits for the ticket's row lock
      await closing.query('COMMIT');
      const res = await pending;
      expect([res.status, res.body.error]).toEqual([409, 'This ticket is closed to new responses.']);
      const key = stored.keys.slice(keys)[0]!.split('/')[1]!;
      expect(await getStorage().get('support_attachments', key)).toBeNull();
    } finally {
      closing.release();
    }
    expect(await tableCounts(TABLES)).toEqual(before);
  });
});
