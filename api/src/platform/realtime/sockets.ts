// Live updates to browsers (docs/architecture.md: one WebSocket endpoint per API process).
//
// PostgreSQL is the source of truth: a socket only says that something is new (a message's thread
// and seq, a read position, typing, presence); the client reads the rows over HTTP. So an event lost
// with a dropped connection costs nothing: after a reconnect the client asks for what came after
// what it has.
//
// Protocol (JSON text frames): the client's first frame is {type:'auth', token} with its access
// token (never in the URL: URLs end up in logs); the server answers {type:'ready'}. The client
// sends {type:'auth'} again with each refreshed token; a socket whose token expires without that,
// or whose session ends (log out everywhere), is closed with 4001 and the client reconnects with a
// fresh token. No Origin check: a cross-site page has no access token, and nothing is authorised
// by cookie here.
import crypto from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { decodeJwt } from 'jose';
import { WebSocketServer, type WebSocket } from 'ws';
import type { z } from 'zod';
import { AUTH_REVOKED } from '../auth/revocation.js';
import { checkAccessToken, type AuthUser } from '../auth/tokens.js';
import { servesHost } from '../http/origin.js';
import { logger } from '../logger.js';
import { metrics, onScrape } from '../metrics/index.js';
import { defineChannel, getListener, publish, type RealtimeListener } from './index.js';
import { Presence } from './presence.js';
import { TopicWatches, type TopicRule } from './topics.js';

export const SOCKET_PATH = '/api/realtime';
export const CLOSE_UNAUTHENTICATED = 4001;
const AUTH_TIMEOUT_MS = 10_000;
const PING_MS = 30_000;
const MAX_FRAME_BYTES = 16 * 1024;

/** What the server tells a browser. */
export interface ServerEvent {
  type: string;
  [key: string]: unknown;
}
/** Events for users, fanned out through NOTIFY to every API process, which hands them to its sockets. */
const USER_EVENTS = defineChannel<{ to: string[]; event: ServerEvent; sentAt?: number }>('user_events');

type Queryable = Parameters<typeof publish>[0];

/** Tells `to`'s open sockets on every API process; on a transaction's client, only once it commits. */
export function sendToUsers(db: Queryable, to: string[], event: ServerEvent): Promise<void> {
  return publish(db, USER_EVENTS, { to: [...new Set(to)], event, sentAt: Date.now() }); // sentAt: the delivery-lag metric
}

/** One authenticated socket, as a client-message handler sees it. */
export interface SocketConn {
  readonly user: AuthUser;
  send(event: ServerEvent): void;
  /** per-socket memory for handlers (e.g. which threads it may use) */
  readonly memo: Map<string, unknown>;
}

/** A kind of frame a browser may send, with its shape; registered by modules (modules/index.ts). */
export interface SocketHandler<S extends z.ZodType = z.ZodType> {
  type: string;
  schema: S;
  handle(conn: SocketConn, data: z.infer<S>, live: LiveSockets): void | Promise<void>;
}

interface Conn extends SocketConn {
  ws: WebSocket;
  user: AuthUser;
  expiry?: NodeJS.Timeout;
  alive: boolean;
}

/** Every socket endpoint of this process (one in a server; tests make several), for the open-sockets gauge. */
const endpoints = new Set<LiveSockets>();
onScrape(() => {
  metrics.openSockets.set([...endpoints].reduce((n, e) => n + e.size, 0));
});

/** The WebSocket endpoint of this process: who is connected, and the fan-out of user events to them. */
export class LiveSockets {
  readonly nodeId = crypto.randomUUID();
  readonly presence: Presence;
  /** live pages: the topics each socket watches (topics.ts) */
  readonly topics: TopicWatches;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  private readonly byUser = new Map<string, Set<Conn>>();
  private readonly handlers = new Map<string, SocketHandler>();
  private readonly unsubscribe: (() => void)[] = [];
  private pinger?: NodeJS.Timeout;

  constructor(
    handlers: SocketHandler[],
    private readonly listener: RealtimeListener = getListener(),
    topicRules: TopicRule[] = [],
  ) {
    this.topics = new TopicWatches(topicRules, listener);
    for (const h of [...handlers, ...this.topics.handlers()]) this.handlers.set(h.type, h);
    this.presence = new Presence(this.nodeId, listener);
    this.unsubscribe.push(
      listener.subscribe(USER_EVENTS, ({ to, event, sentAt }) => this.deliver(to, event, sentAt)),
      listener.subscribe(AUTH_REVOKED, ({ sids, users }) => this.closeEnded(sids ?? [], users ?? [])),
    );
    this.wss.on('connection', (ws) => this.accept(ws));
    endpoints.add(this);
  }

  /** Takes the upgrade requests for SOCKET_PATH on `server`. */
  attach(server: Server): this {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (new URL(req.url ?? '/', 'http://x').pathname !== SOCKET_PATH) return void socket.destroy();
      // production answers only for its configured host, upgrades too (platform/http/origin.ts)
      if (!servesHost(req.headers.host))
        return void socket.end('HTTP/1.1 421 Misdirected Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req));
    });
    this.pinger = setInterval(() => this.ping(), PING_MS);
    this.pinger.unref();
    this.presence.start();
    return this;
  }

  /** Sockets open on this process (the reliability suite and the bench read it). */
  get size(): number {
    return this.wss.clients.size;
  }

  isConnectedHere(userId: string): boolean {
    return (this.byUser.get(userId)?.size ?? 0) > 0;
  }

  async close(): Promise<void> {
    endpoints.delete(this);
    clearInterval(this.pinger);
    for (const u of this.unsubscribe) u();
    this.topics.stop();
    for (const ws of this.wss.clients) ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await this.presence.stop();
  }

  private accept(ws: WebSocket) {
    let conn: Conn | undefined;
    const authTimer = setTimeout(() => ws.close(CLOSE_UNAUTHENTICATED, 'auth required'), AUTH_TIMEOUT_MS);
    ws.on('pong', () => {
      if (conn) conn.alive = true;
    });
    ws.on('message', (raw, isBinary) => {
      const frame = isBinary ? null : parseFrame(raw.toString());
      if (!frame) return ws.close(1003, 'JSON frames only');
      if (frame.type === 'auth') {
        void this.authenticate(ws, conn, frame.token).then((c) => {
          if (!c) return;
          clearTimeout(authTimer);
          conn = c;
        });
        return;
      }
      if (!conn) return ws.close(CLOSE_UNAUTHENTICATED, 'auth required');
      void this.dispatch(conn, frame);
    });
    ws.on('close', () => {
      clearTimeout(authTimer);
      if (conn) this.forget(conn);
    });
    ws.on('error', (err) => logger.debug({ err }, 'socket error'));
  }

  /** First auth registers the socket; a later one (a refreshed token) must be the same user's. */
  private async authenticate(ws: WebSocket, current: Conn | undefined, token: unknown): Promise<Conn | undefined> {
    const user = typeof token === 'string' ? await checkAccessToken(token) : null;
    if (!user || user === 'ended' || (current && current.user.id !== user.id)) {
      ws.close(CLOSE_UNAUTHENTICATED, 'bad token');
      return undefined;
    }
    if (ws.readyState !== ws.OPEN) return undefined;
    const conn: Conn = current ?? { ws, user, alive: true, memo: new Map(), send: (e) => sendFrame(ws, e) };
    conn.user = user;
    clearTimeout(conn.expiry);
    const exp = decodeJwt(token as string).exp;
    if (typeof exp === 'number') {
      conn.expiry = setTimeout(
        () => ws.close(CLOSE_UNAUTHENTICATED, 'token expired'),
        Math.max(0, exp * 1000 - Date.now()),
      );
      conn.expiry.unref();
    }
    // registered (and online for presence) before 'ready': what the client does next sees it connected
    if (!current) await this.register(conn);
    conn.send({ type: 'ready', user_id: user.id });
    return conn;
  }

  private async register(conn: Conn) {
    let set = this.byUser.get(conn.user.id);
    if (!set) this.byUser.set(conn.user.id, (set = new Set()));
    set.add(conn);
    if (set.size === 1) await this.presence.connected(conn.user.id);
  }

  private forget(conn: Conn) {
    clearTimeout(conn.expiry);
    this.presence.unwatchAll(conn);
    this.topics.unwatchAll(conn);
    const set = this.byUser.get(conn.user.id);
    if (!set?.delete(conn) || set.size > 0) return;
    this.byUser.delete(conn.user.id);
    void this.presence.disconnected(conn.user.id);
  }

  private async dispatch(conn: Conn, frame: { type: string }) {
    const handler = this.handlers.get(frame.type);
    const parsed = handler?.schema.safeParse(frame);
    if (!handler || !parsed?.success) return conn.send({ type: 'error', code: 'BAD_FRAME', frame_type: frame.type });
    try {
      await handler.handle(conn, parsed.data, this);
    } catch (err) {
      logger.error({ err, type: frame.type }, 'socket handler failed');
      conn.send({ type: 'error', code: 'INTERNAL', frame_type: frame.type });
    }
  }

  private deliver(to: string[], event: ServerEvent, sentAt?: number) {
    const text = JSON.stringify(event);
    for (const userId of to)
      for (const conn of this.byUser.get(userId) ?? []) if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(text);
    if (sentAt) metrics.notifyLag.observe(Math.max(0, Date.now() - sentAt) / 1000);
  }

  private closeEnded(sids: string[], users: string[]) {
    for (const set of this.byUser.values()) {
      for (const conn of set)
        if (sids.includes(conn.user.sid) || users.includes(conn.user.id))
          conn.ws.close(CLOSE_UNAUTHENTICATED, 'session ended');
    }
  }

  /** A socket that did not answer the last ping is gone (a half-open TCP connection): drop it. */
  private ping() {
    for (const set of this.byUser.values()) {
      for (const conn of set) {
        if (!conn.alive) {
          conn.ws.terminate();
          continue;
        }
        conn.alive = false;
        conn.ws.ping();
      }
    }
  }
}

function parseFrame(text: string): ({ type: string } & Record<string, unknown>) | null {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && typeof (v as { type?: unknown }).type === 'string'
      ? (v as { type: string })
      : null;
  } catch {
    return null;
  }
}

function sendFrame(ws: WebSocket, event: ServerEvent) {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(event));
}

let live: LiveSockets | undefined;
/** This process's endpoint (server.ts creates it with the modules' handlers). */

export function startLiveSockets(server: Server, handlers: SocketHandler[], topicRules: TopicRule[] = []): LiveSockets {
  live = new LiveSockets(handlers, getListener(), topicRules).attach(server);
  return live;
}
export const getLiveSockets = () => live;
