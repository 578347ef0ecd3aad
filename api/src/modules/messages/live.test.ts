import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/helpers.js';
import { publishRevocation } from '../../platform/auth/revocation.js';
import { getPool } from '../../platform/db/pool.js';
import { CLOSE_UNAUTHENTICATED } from '../../platform/realtime/sockets.js';
import { clientId, connect, messagesTestClient, startNode, type Json } from './testing.js';

// "Direct messages, live": the socket says what is new, PostgreSQL holds it; two API
// processes (each its own HTTP server, LISTEN connection and socket endpoint) deliver each other's.
const { call, say } = messagesTestClient();

describe('live direct messages over WebSockets, two API processes', () => {
  let a: Awaited<ReturnType<typeof startNode>>, b: Awaited<ReturnType<typeof startNode>>;
  let ann: { id: string }, ben: { id: string }, cat: { id: string };
  beforeAll(async () => {
    [a, b] = await Promise.all([startNode(), startNode()]);
    ann = await createUser({ fullName: 'Ann Live' });
    ben = await createUser({ fullName: 'Ben Live' });
    cat = await createUser({ fullName: 'Cat Live' });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('a socket is authenticated with the access token: none within the time, a bad one, or a frame before it closes with 4001', async () => {
    const bad = await connect(a.url, null);
    bad.send({ type: 'auth', token: 'not-a-token' });
    expect((await bad.closing).code).toBe(CLOSE_UNAUTHENTICATED);
    const early = await connect(a.url, null);
    early.send({ type: 'typing', thread_id: '00000000-0000-4000-8000-000000000000', typing: true });
    expect((await early.closing).code).toBe(CLOSE_UNAUTHENTICATED);
  });

  it('a message sent through process A reaches the receiver on process B at once, and the sender’s other tab on A', async () => {
    const benSocket = await connect(b.url, ben.id);
    const annTab = await connect(a.url, ann.id);
    const sent = await say(ann.id, ben.id, 'Over the wire');
    const event = await benSocket.next((e) => e.type === 'message');
    expect(event).toMatchObject({ thread_id: sent.body.thread_id, seq: sent.body.message.seq, sender_id: ann.id });
    expect(await annTab.next((e) => e.type === 'message')).toMatchObject({ thread_id: sent.body.thread_id });
    benSocket.close();
    annTab.close();
  });

  it('after a dropped connection the client asks for what came after its last seq: every message once, in order', async () => {
    const first = await say(ann.id, ben.id, 'before the drop');
    const threadId = first.body.thread_id as string;
    let socket = await connect(b.url, ben.id);
    const lastSeq = first.body.message.seq as number;
    socket.ws.terminate();
    for (const text of ['while away 1', 'while away 2', 'while away 3'])
      await call(ann.id, 'POST', `/threads/${threadId}/messages`, { content: text, client_message_id: clientId() });
    socket = await connect(a.url, ben.id);
    const missed = (await call(ben.id, 'GET', `/threads/${threadId}/messages?after=${lastSeq}`)).body
      .messages as Json[];
    expect(missed.map((m) => m.content)).toEqual(['while away 1', 'while away 2', 'while away 3']);
    expect(missed.map((m) => m.seq)).toEqual([lastSeq + 1, lastSeq + 2, lastSeq + 3]);
    await call(ann.id, 'POST', `/threads/${threadId}/messages`, {
      content: 'after the return',
      client_message_id: clientId(),
    });
    expect(await socket.next((e) => e.type === 'message')).toMatchObject({ seq: lastSeq + 4 });
    socket.close();
  });

  it('typing, read receipts and presence reach the partner across processes; presence goes offline when the last socket closes', async () => {
    const threadId = (await say(ann.id, ben.id, 'typing test')).body.thread_id as string;
    const annSocket = await connect(a.url, ann.id);
    const benSocket = await connect(b.url, ben.id);
    annSocket.send({ type: 'presence.watch', thread_id: threadId });
    expect(await annSocket.next((e) => e.type === 'presence' && e.user_id === ben.id)).toMatchObject({ online: true });
    benSocket.send({ type: 'typing', thread_id: threadId, typing: true });
    expect(await annSocket.next((e) => e.type === 'typing')).toMatchObject({
      thread_id: threadId,
      user_id: ben.id,
      typing: true,
    });
    await call(ben.id, 'POST', `/threads/${threadId}/read`, { seq: 1000 });
    expect(await annSocket.next((e) => e.type === 'read' && e.user_id === ben.id)).toMatchObject({
      thread_id: threadId,
    });
    benSocket.close();
    expect(await annSocket.next((e) => e.type === 'presence' && e.user_id === ben.id)).toMatchObject({ online: false });
    annSocket.close();
  });

  it('someone outside the thread gets NOT_FOUND on the socket for typing and presence, and the members hear nothing', async () => {
    const threadId = (await say(ann.id, ben.id, 'members only')).body.thread_id as string;
    const benSocket = await connect(a.url, ben.id);
    const intruder = await connect(b.url, cat.id);
    intruder.send({ type: 'typing', thread_id: threadId, typing: true });
    intruder.send({ type: 'presence.watch', thread_id: threadId });
    expect(await intruder.next((e) => e.type === 'error')).toMatchObject({
      code: 'NOT_FOUND',
      error: 'Thread not found.',
    });
    expect(await intruder.next((e) => e.type === 'error')).toMatchObject({ code: 'NOT_FOUND' });
    await say(ann.id, ben.id, 'still private');
    await benSocket.next((e) => e.type === 'message');
    expect(intruder.events.filter((e) => e.type !== 'error')).toEqual([]);
    expect(benSocket.events.filter((e) => e.type === 'typing')).toEqual([]);
    benSocket.close();
    intruder.close();
  });

  it('a session that ends (log out everywhere) closes its sockets on every process', async () => {
    const one = await connect(a.url, cat.id);
    const two = await connect(b.url, cat.id);
    await publishRevocation(getPool(), { users: [cat.id] });
    expect((await one.closing).code).toBe(CLOSE_UNAUTHENTICATED);
    expect((await two.closing).code).toBe(CLOSE_UNAUTHENTICATED);
  });
});
