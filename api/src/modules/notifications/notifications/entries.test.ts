import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { bearer, createTestApp, createUser } from '../../../../test/helpers.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { notify, type NewNotification } from '../../../platform/notifications/index.js';
import { RealtimeListener } from '../../../platform/realtime/index.js';
import { LiveSockets, SOCKET_PATH, type ServerEvent } from '../../../platform/realtime/sockets.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const app = createTestApp(['notifications']);
async function call(userId: string, method: string, path: string) {
  const res = await app.request(`/api/notifications${path}`, { method, headers: await bearer(userId) });
  return { status: res.status, body: (await res.json()) as Json };
}
const tell = (userId: string, over: Partial<NewNotification> = {}) =>
  inTransaction((db) =>
    notify(db, {
      userId,
      kind: 'money_received',
      actorId: null,
      link: '/transactions',
      data: { amount: '1.00', asset: 'USD' },
      ...over,
    }),
  );

describe("GET /api/notifications: a user's own entries, newest first, in keyset pages of 20", () => {
  it("45 entries come back in 3 pages, each once, newest first; another user's never appear", async () => {
    const me = await createUser();
    const other = await createUser();
    for (let i = 0; i < 45; i++) await tell(me.id, { data: { amount: `${i}.00`, asset: 'USD' } });
    await tell(other.id, { data: { amount: '999.00', asset: 'USD' } });
    const pages: Json[][] = [];
    let cursor: string | null = null;
    do {
      const { status, body }: { status: number; body: Json } = await call(
        me.id,
        'GET',
        cursor ? `?cursor=${cursor}` : '',
      );
      expect(status).toBe(200);
      pages.push(body.notifications);
      cursor = body.next_cursor;
    } while (cursor);
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    const texts = pages.flat().map((n) => n.text);
    expect(texts).toEqual(Array.from({ length: 45 }, (_, i) => `Someone sent you ${44 - i}.00 USD.`));
    expect(texts.some((t) => t.includes('999.00'))).toBe(false);
    expect((await call(other.id, 'GET', '')).body.notifications).toHaveLength(1);
  });

  it('a malformed cursor is 400 with the reason, not a page', async () => {
    const me = await createUser();
    const res = await call(me.id, 'GET', '?cursor=yesterday');
    expect(res.status).toBe(400);
  });
});

describe('unread count and marking read', () => {
  it("one read lowers the count by one (again: no change); all read makes it 0; another user's entry is 404 and stays unread", async () => {
    const me = await createUser();
    const other = await createUser();
    for (let i = 0; i < 3; i++) await tell(me.id);
    await tell(other.id);
    expect((await call(me.id, 'GET', '/unread')).body).toEqual({ unread: 3 });
    const [first] = (await call(me.id, 'GET', '')).body.notifications as Json[];
    const marked = await call(me.id, 'POST', `/${first!.id}/read`);
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ notification: { id: first!.id, read: true }, unread: 2 });
    expect((await call(me.id, 'POST', `/${first!.id}/read`)).body.unread).toBe(2);

    const theirs = (await call(other.id, 'GET', '')).body.notifications[0].id as string;
    expect((await call(me.id, 'POST', `/${theirs}/read`)).status).toBe(404);
    expect((await call(other.id, 'GET', '/unread')).body).toEqual({ unread: 1 });

    expect((await call(me.id, 'POST', '/read-all')).body).toEqual({ marked: 2, unread: 0 });
    expect((await call(me.id, 'GET', '')).body.notifications.every((n: Json) => n.read)).toBe(true);
    expect((await call(other.id, 'GET', '/unread')).body).toEqual({ unread: 1 });
  });

  it('an entry names its actor by their current name and links to its object', async () => {
    const me = await createUser();
    const bob = await createUser({ fullName: 'Bob Builder' });
    await tell(me.id, { actorId: bob.id, link: '/transactions', data: { amount: '12.50', asset: 'USD' } });
    const [n] = (await call(me.id, 'GET', '')).body.notifications as Json[];
    expect(n).toMatchObject({
      kind: 'money_received',
      text: 'Bob Builder sent you 12.50 USD.',
      link: '/transactions',
      read: false,
      actor: { id: bob.id, full_name: 'Bob Builder' },
    });
  });
});

describe("the live count: a notification reaches only its own user's sockets, on commit", () => {
  const listener = new RealtimeListener();
  let server: Server;
  let live: LiveSockets;
  let url: string;
  beforeAll(async () => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as unknown as Server;
    await new Promise<void>((r) => (server.listening ? r() : server.once('listening', () => r())));
    live = new LiveSockets([], listener).attach(server);
    await listener.start();
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}${SOCKET_PATH}`;
  });
  afterAll(async () => {
    await live.close();
    await listener.stop();
    await new Promise((r) => server.close(r));
  });

  async function socketOf(userId: string) {
    const ws = new WebSocket(url);
    const events: ServerEvent[] = [];
    ws.on('message', (raw) => events.push(JSON.parse(raw.toString()) as ServerEvent));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'auth', token: (await bearer(userId)).authorization.slice(7) }));
    await until(() => events.some((e) => e.type === 'ready'));
    return { ws, notifications: () => events.filter((e) => e.type === 'notification') };
  }
  async function until(ok: () => boolean, ms = 3000) {
    const end = Date.now() + ms;
    while (!ok()) {
      if (Date.now() > end) throw new Error('not within time');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('the addressee\'s socket hears "notification" once; another signed-in user\'s hears nothing; a rolled-back one is heard by nobody', async () => {
    const me = await createUser();
    const other = await createUser();
    const mine = await socketOf(me.id);
    const theirs = await socketOf(other.id);
    await expect(
      inTransaction(async (db) => {
        await notify(db, { userId: me.id, kind: 'friend_request', actorId: other.id, link: `/profile/${other.id}` });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await tell(me.id, { kind: 'kyc_approved', link: '/profile', data: {} });
    await until(() => mine.notifications().length > 0);
    await new Promise((r) => setTimeout(r, 200)); // anything else would have arrived by now
    expect(mine.notifications()).toEqual([{ type: 'notification', kind: 'kyc_approved' }]);
    expect(theirs.notifications()).toEqual([]);
    mine.ws.close();
    theirs.ws.close();
  });
});
