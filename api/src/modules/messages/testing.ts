import crypto from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { WebSocket } from 'ws';
import { bearer, createTestApp } from '../../../test/helpers.js';
import { RealtimeListener } from '../../platform/realtime/index.js';
import { LiveSockets, SOCKET_PATH, type ServerEvent } from '../../platform/realtime/sockets.js';
import { socketHandlers } from './live.js';

/** What the messages' tests share: calls as a user over HTTP, API "processes" with their sockets, socket clients. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export const clientId = () => crypto.randomUUID();

export function messagesTestClient() {
  const app = createTestApp(['messages']);
  async function call(userId: string, method: string, path: string, body?: unknown) {
    const res = await app.request(`/api/messages${path}`, {
      method,
      headers: { ...(await bearer(userId)), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Json };
  }
  const say = (from: string, to: string, content: string, id = clientId()) =>
    call(from, 'POST', `/with/${to}`, { content, client_message_id: id });
  return { app, call, say };
}

/** An API process of its own: HTTP server, LISTEN connection and socket endpoint (two make a cluster). */
export async function startNode() {
  const listener = new RealtimeListener();
  const app = createTestApp(['messages']);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as unknown as Server;
  await new Promise<void>((r) => (server.listening ? r() : server.once('listening', () => r())));
  const live = new LiveSockets(socketHandlers, listener).attach(server);
  await listener.start();
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}${SOCKET_PATH}`,
    live,
    close: async () => {
      await live.close();
      await listener.stop();
      await new Promise((r) => server.close(r));
    },
  };
}

/** A browser's socket: every event it got, and a wait for the next one that matches. */
export async function connect(url: string, userId: string | null, token?: string) {
  const ws = new WebSocket(url);
  const events: ServerEvent[] = [];
  const waiters: { ok: (e: ServerEvent) => boolean; resolve: (e: ServerEvent) => void }[] = [];
  let closed: { code: number; reason: string } | undefined;
  ws.on('message', (raw) => {
    const e = JSON.parse(raw.toString()) as ServerEvent;
    events.push(e);
    for (const w of [...waiters])
      if (w.ok(e)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(e);
      }
  });
  const closing = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve((closed = { code, reason: reason.toString() }))),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = (ok: (e: ServerEvent) => boolean, ms = 3000) => {
    const seen = events.find(ok);
    if (seen) {
      events.splice(events.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise<ServerEvent>((resolve, reject) => {
      const t = setTimeout(
        () => reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`)),
        ms,
      );
      waiters.push({
        ok,
        resolve: (e) => {
          clearTimeout(t);
          events.splice(events.indexOf(e), 1);
          resolve(e);
        },
      });
    });
  };
  const send = (frame: object) => ws.send(JSON.stringify(frame));
  if (userId || token) {
    send({ type: 'auth', token: token ?? (await bearer(userId!)).authorization.slice(7) });
    await next((e) => e.type === 'ready');
  }
  return {
    ws,
    events,
    next,
    send,
    closing,
    get closed() {
      return closed;
    },
    close: () => ws.close(),
  };
}
