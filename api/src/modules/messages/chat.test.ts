import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, tableCounts } from '../../../test/helpers.js';
import { getPool } from '../../platform/db/pool.js';
import { clientId, messagesTestClient } from './testing.js';

//, docs/product.md "Messages" errors: chats of
// two people over HTTP; the live side is in live.test.ts.
const { call, say } = messagesTestClient();

describe('direct messages over HTTP', () => {
  let ann: { id: string }, ben: { id: string }, cat: { id: string };
  beforeAll(async () => {
    ann = await createUser({ fullName: 'Ann Archer', username: 'ann_archer' });
    ben = await createUser({ fullName: 'Ben Baker', username: 'ben_baker' });
    cat = await createUser({ fullName: 'Cat Cooper', username: 'cat_cooper' });
  });

  it('a new chat has no thread until its first message; then one thread, listed with the latest message and the unread count until read', async () => {
    expect((await call(ann.id, 'GET', `/with/${ben.id}`)).body).toMatchObject({
      partner: { id: ben.id, full_name: 'Ben Baker' },
      thread_id: null,
    });
    const first = await say(ann.id, ben.id, 'Hello Ben');
    expect(first.status).toBe(201);
    const threadId = first.body.thread_id as string;
    expect(first.body.message).toMatchObject({ seq: 1, sender_id: ann.id, content: 'Hello Ben' });
    expect((await call(ann.id, 'GET', `/with/${ben.id}`)).body.thread_id).toBe(threadId);
    await say(ann.id, ben.id, 'Are you there?');

    const list = (await call(ben.id, 'GET', '/threads')).body.threads;
    expect(list[0]).toMatchObject({
      id: threadId,
      partner: { id: ann.id },
      unread_count: 2,
      last_message: { content: 'Are you there?' },
    });
    expect((await call(ben.id, 'GET', '/unread')).body.unread_total).toBe(2);
    expect((await call(ann.id, 'GET', '/unread')).body.unread_total, 'one has read what one sent').toBe(0);

    expect(
      (await call(ben.id, 'POST', `/threads/${threadId}/read`, { seq: 99 })).body.read_seq,
      'never past the last message',
    ).toBe(2);
    expect((await call(ben.id, 'GET', '/unread')).body.unread_total).toBe(0);
    expect((await call(ben.id, 'POST', `/threads/${threadId}/read`, { seq: 1 })).body.read_seq, 'never back').toBe(2);
    expect((await call(ann.id, 'GET', `/threads/${threadId}`)).body.thread).toMatchObject({
      partner_read_seq: 2,
      my_read_seq: 2,
      last_seq: 2,
    });
  });

  it("a page of messages carries the partner's read position now (the chat shows 'Read' after a reload and after a reconnect)", async () => {
    const [writer, reader] = [await createUser(), await createUser()];
    const threadId = (await say(writer.id, reader.id, 'Seen this?')).body.thread_id as string;
    const before = (await call(writer.id, 'GET', `/threads/${threadId}/messages`)).body;
    expect(before.partner_read_seq, 'not read yet').toBe(0);
    await call(reader.id, 'POST', `/threads/${threadId}/read`, { seq: 1 });
    expect((await call(writer.id, 'GET', `/threads/${threadId}/messages`)).body.partner_read_seq).toBe(1);
    expect(
      (await call(writer.id, 'GET', `/threads/${threadId}/messages?after=0`)).body.partner_read_seq,
      'the catch-up page too',
    ).toBe(1);
    expect(
      (await call(reader.id, 'GET', `/threads/${threadId}/messages`)).body.partner_read_seq,
      "the writer's own position (one has read what one sent)",
    ).toBe(1);
  });

  it('one thread per pair: both people starting the chat at the same moment (20 sends each way) share one thread, numbered 1..40 without gaps', async () => {
    const [x, y] = [await createUser(), await createUser()];
    const sends = Array.from({ length: 40 }, (_, i) => (i % 2 ? say(x.id, y.id, `x${i}`) : say(y.id, x.id, `y${i}`)));
    const results = await Promise.all(sends);
    expect(results.map((r) => r.status)).toEqual(Array(40).fill(201));
    expect(new Set(results.map((r) => r.body.thread_id)).size).toBe(1);
    expect(results.map((r) => r.body.message.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('sending is idempotent: the same client message id sent 5 times at once and again later stores one message', async () => {
    const first = await say(ann.id, cat.id, 'Opening line');
    const threadId = first.body.thread_id;
    const id = clientId();
    const tries = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(ann.id, 'POST', `/threads/${threadId}/messages`, { content: 'Only once', client_message_id: id }),
      ),
    );
    const again = await call(ann.id, 'POST', `/threads/${threadId}/messages`, {
      content: 'Only once',
      client_message_id: id,
    });
    expect(new Set([...tries, again].map((r) => r.body.message.id)).size).toBe(1);
    const history = (await call(cat.id, 'GET', `/threads/${threadId}/messages`)).body.messages;
    expect(history.map((m: { content: string }) => m.content)).toEqual(['Opening line', 'Only once']);
    expect(history.map((m: { seq: number }) => m.seq)).toEqual([1, 2]);
  });

  it("only the thread's two members: anyone else gets 404 'Thread not found.' and changes nothing; oneself or an unknown person is 'Recipient not found.'", async () => {
    const threadId = (await say(ann.id, ben.id, 'Private')).body.thread_id;
    const before = await tableCounts(['direct_messages', 'message_threads']);
    for (const [method, path, body] of [
      ['GET', `/threads/${threadId}`],
      ['GET', `/threads/${threadId}/messages`],
      ['POST', `/threads/${threadId}/read`, { seq: 1 }],
      ['POST', `/threads/${threadId}/messages`, { content: 'Intruder', client_message_id: clientId() }],
    ] as [string, string, unknown?][]) {
      const res = await call(cat.id, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe('Thread not found.');
    }
    expect((await call(ann.id, 'GET', '/threads/00000000-0000-4000-8000-000000000000')).body.error).toBe(
      'Thread not found.',
    );
    for (const to of [ann.id, '00000000-0000-4000-8000-000000000000']) {
      expect((await say(ann.id, to, 'Hi')).body.error).toBe('Recipient not found.');
      expect((await call(ann.id, 'GET', `/with/${to}`)).status).toBe(404);
    }
    expect(await tableCounts(['direct_messages', 'message_threads'])).toEqual(before);
  });

  it('history in pages: the latest 30 oldest first, the 30 before a seq, and what came after a seq', async () => {
    const [x, y] = [await createUser(), await createUser()];
    const threadId = (await say(x.id, y.id, 'm1')).body.thread_id;
    for (let i = 2; i <= 70; i++)
      await call(x.id, 'POST', `/threads/${threadId}/messages`, { content: `m${i}`, client_message_id: clientId() });
    const latest = (await call(y.id, 'GET', `/threads/${threadId}/messages`)).body;
    expect(latest.messages.map((m: { seq: number }) => m.seq)).toEqual(Array.from({ length: 30 }, (_, i) => 41 + i));
    expect(latest.has_more).toBe(true);
    const older = (await call(y.id, 'GET', `/threads/${threadId}/messages?before=41`)).body;
    expect(older.messages[0].seq).toBe(11);
    expect(older.messages.at(-1).seq).toBe(40);
    const oldest = (await call(y.id, 'GET', `/threads/${threadId}/messages?before=11`)).body;
    expect(oldest).toMatchObject({ has_more: false });
    expect(oldest.messages).toHaveLength(10);
    const after = (await call(y.id, 'GET', `/threads/${threadId}/messages?after=65`)).body;
    expect(after.messages.map((m: { content: string }) => m.content)).toEqual(['m66', 'm67', 'm68', 'm69', 'm70']);
  });

  it('the thread list in pages of 30, newest first: threads updated in the same millisecond are neither repeated nor skipped', async () => {
    const me = await createUser();
    for (let i = 0; i < 35; i++) await say((await createUser()).id, me.id, `hello ${i}`);
    await getPool().query(
      `UPDATE message_threads SET updated_at = '2026-11-20T10:00:00.123456Z' WHERE $1 IN (user_one_id, user_two_id)`,
      [me.id],
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { threads: { id: string }[]; next_cursor: string | null } = (
        await call(me.id, 'GET', `/threads${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`)
      ).body as never;
      seen.push(...page.threads.map((t) => t.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(35);
    expect(new Set(seen).size).toBe(35);
  });

  it('search by name: the thread list keeps the partners whose name or username matches', async () => {
    await say(cat.id, ben.id, 'About the bakery');
    const found = (await call(cat.id, 'GET', '/threads?q=bak')).body.threads;
    expect(found.map((t: { partner: { id: string } }) => t.partner.id)).toEqual([ben.id]);
    expect((await call(cat.id, 'GET', '/threads?q=zzz')).body.threads).toEqual([]);
  });

  it('bad input: a blank message or a missing client id is a 400 on its field and stores nothing', async () => {
    const before = await tableCounts(['direct_messages', 'message_threads']);
    const blank = await call(ann.id, 'POST', `/with/${cat.id}`, { content: '   ', client_message_id: clientId() });
    expect(blank.status).toBe(400);
    expect(blank.body.details.fields.content).toBe('Please write a message.');
    const noId = await call(ann.id, 'POST', `/with/${cat.id}`, { content: 'Hi' });
    expect(Object.keys(noId.body.details.fields)).toContain('client_message_id');
    expect((await call(ann.id, 'GET', '/threads?cursor=bogus')).status).toBe(400);
    expect(await tableCounts(['direct_messages', 'message_threads'])).toEqual(before);
  });
});
