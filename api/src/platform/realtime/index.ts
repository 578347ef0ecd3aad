// Realtime fan-out between API processes (docs/architecture.md): PostgreSQL LISTEN/NOTIFY.
//
// One dedicated LISTEN connection per process (never a pooled client: a pooled client would be
// handed to queries and its LISTENs lost on release). It reconnects with the spec's delays
// (docs/product.md "Limits": 1, 2, 5, 10 s, then 10 s) and pings every 30 s (10 s timeout) so a half-open
// connection is noticed. Publishing is a plain `pg_notify` on the caller's own connection, so a
// notification sent inside a transaction is delivered on COMMIT and never for a rollback.
import pg from 'pg';
import { sessionDatabaseUrl } from '../db/session.js';
import { logger } from '../logger.js';
import { backendPid } from './index.queries.js';

/** A typed NOTIFY channel. Payloads are JSON (PostgreSQL caps a payload at 8000 bytes). */
export interface Channel<T> {
  readonly name: string;
  /** Type witness only. */
  readonly _payload?: T;
}

/** Channel names are SQL identifiers: lower case, digits, underscores. */
export function defineChannel<T>(name: string): Channel<T> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Bad channel name: ${name}`);
  return { name };
}

type Queryable = Pick<pg.PoolClient, 'query'>;

/** NOTIFY on `db` (a transaction's client: delivered when it commits). */
export async function publish<T>(db: Queryable, channel: Channel<T>, payload: T): Promise<void> {
  const text = JSON.stringify(payload);
  if (Buffer.byteLength(text) > 7900)
    throw new Error(`NOTIFY payload too large for ${channel.name} (${Buffer.byteLength(text)} bytes)`);
  await db.query('SELECT pg_notify($1, $2)', [channel.name, text]);
}

export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];
const HEARTBEAT_MS = 30_000;
const HEARTBEAT_TIMEOUT_MS = 10_000;

export type ListenerState = 'stopped' | 'connecting' | 'listening' | 'waiting';

export interface ListenerOptions {
  connectionString?: string;
  reconnectDelaysMs?: number[];
}

/**
 * The process's LISTEN connection. `subscribe` a handler per channel; `onConnect` hooks run after
 * every (re)connect once all channels are LISTENed (what was missed while down must be re-read
 * from the database there); `onDisconnect` hooks run as soon as the connection is lost.
 */
export class RealtimeListener {
  private client: pg.Client | undefined;
  private handlers = new Map<string, Set<(payload: unknown) => void>>();
  private connectHooks = new Set<() => void | Promise<void>>();
  private disconnectHooks = new Set<() => void>();
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private generation = 0;
  state: ListenerState = 'stopped';
  /** Times connected (1 after the first connect; tests watch it grow after a kill). */
  connects = 0;

  constructor(private readonly options: ListenerOptions = {}) {}

  subscribe<T>(channel: Channel<T>, handler: (payload: T) => void): () => void {
    let set = this.handlers.get(channel.name);
    if (!set) {
      set = new Set();
      this.handlers.set(channel.name, set);
      if (this.state === 'listening') this.client?.query(`LISTEN ${channel.name}`).catch((err) => this.lost(err));
    }
    set.add(handler as (payload: unknown) => void);
    return () => {
      set.delete(handler as (payload: unknown) => void);
    };
  }

  onConnect(hook: () => void | Promise<void>): () => void {
    this.connectHooks.add(hook);
    return () => {
      this.connectHooks.delete(hook);
    };
  }

  onDisconnect(hook: () => void): () => void {
    this.disconnectHooks.add(hook);
    return () => {
      this.disconnectHooks.delete(hook);
    };
  }

  /** Starts connecting; resolves after the first attempt (connected or not: it keeps retrying). */
  async start(): Promise<void> {
    if (this.state !== 'stopped') return;
    this.state = 'connecting';
    await this.connect();
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    this.generation += 1;
    clearTimeout(this.timer);
    clearInterval(this.heartbeat);
    const c = this.client;
    this.client = undefined;
    await c?.end().catch(() => {});
  }

  /** The backend pid of the LISTEN connection (tests terminate it). */
  async backendPid(): Promise<number | undefined> {
    if (!this.client || this.state !== 'listening') return undefined;
    const rows = await backendPid.run(undefined, this.client);
    return rows[0]?.pid;
  }

  private async connect(): Promise<void> {
    const gen = ++this.generation;
    this.state = 'connecting';
    const client = new pg.Client({
      connectionString: this.options.connectionString ?? sessionDatabaseUrl(),
      application_name: 'portal-listener',
    });
    this.client = client;
    client.on('error', (err) => {
      if (gen === this.generation) this.lost(err);
    });
    client.on('end', () => {
      if (gen === this.generation) this.lost(new Error('LISTEN connection ended'));
    });
    client.on('notification', (msg) => this.deliver(msg.channel, msg.payload));
    try {
      await client.connect();
      for (const name of this.handlers.keys()) await client.query(`LISTEN ${name}`);
      if (gen !== this.generation) return;
      this.state = 'listening';
      this.connects += 1;
      clearInterval(this.heartbeat);
      this.heartbeat = setInterval(() => this.ping(client, gen), HEARTBEAT_MS);
      this.heartbeat.unref();
      logger.info({ connects: this.connects }, 'realtime: listening');
      // A hook that cannot re-read what was missed (database error) gets another chance through a
      // reconnect, rather than leaving its subscriber unsynced for good.
      for (const hook of this.connectHooks) await hook();
      if (gen === this.generation) this.attempt = 0; // backoff starts over only once fully back
    } catch (err) {
      if (gen === this.generation) this.lost(err);
    }
  }

  private ping(client: pg.Client, gen: number) {
    const timeout = setTimeout(() => {
      if (gen === this.generation) this.lost(new Error('LISTEN heartbeat timed out'));
    }, HEARTBEAT_TIMEOUT_MS);
    timeout.unref();
    client.query('SELECT 1').then(
      () => clearTimeout(timeout),
      (err) => {
        clearTimeout(timeout);
        if (gen === this.generation) this.lost(err);
      },
    );
  }

  private lost(err: unknown) {
    if (this.state === 'stopped' || this.state === 'waiting') return;
    this.generation += 1; // events of the dead client are ignored from now on
    this.state = 'waiting';
    clearInterval(this.heartbeat);
    const dead = this.client;
    this.client = undefined;
    dead?.end().catch(() => {});
    for (const hook of this.disconnectHooks) {
      try {
        hook();
      } catch (e) {
        logger.error({ err: e }, 'realtime: disconnect hook failed');
      }
    }
    const delays = this.options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS;
    const delay = delays[Math.min(this.attempt, delays.length - 1)]!;
    this.attempt += 1;
    logger.warn({ err, retryInMs: delay }, 'realtime: LISTEN connection lost');
    this.timer = setTimeout(() => {
      if (this.state === 'waiting') void this.connect();
    }, delay);
    this.timer.unref();
  }

  private deliver(channel: string, payload: string | undefined) {
    const set = this.handlers.get(channel);
    if (!set?.size) return;
    let value: unknown;
    try {
      value = JSON.parse(payload ?? 'null');
    } catch {
      logger.warn({ channel }, 'realtime: payload is not JSON');
      return;
    }
    for (const h of set) {
      try {
        h(value);
      } catch (err) {
        logger.error({ err, channel }, 'realtime: handler failed');
      }
    }
  }
}

let listener: RealtimeListener | undefined;

/** The process's listener (created on first use, started by server.ts). */
export function getListener(): RealtimeListener {
  listener ??= new RealtimeListener();
  return listener;
}
