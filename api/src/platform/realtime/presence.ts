import type pg from 'pg';
import { getPool } from '../db/pool.js';
import { logger } from '../logger.js';
import { defineChannel, publish, type RealtimeListener } from './index.js';
import { isOnline as isOnlineQuery } from './presence.queries.js';

/** A user came online (their first socket on any process) or went offline (their last). */
const PRESENCE = defineChannel<{ user_id: string; online: boolean }>('presence');
const HEARTBEAT_MS = 20_000;

/** Whether `userId` has a socket open on some live API process (read on `db`, e.g. a transaction's client; presence.sql). */
export async function isOnline(db: Pick<pg.ClientBase, 'query'>, userId: string): Promise<boolean> {
  const rows = await isOnlineQuery.run({ userId }, db);
  return rows[0]!.online;
}

interface Watcher {
  send(event: { type: string; [key: string]: unknown }): void;
}

/**
 * Presence across API processes: table socket_presence holds (process, user) while the user has a
 * socket on that process; each process refreshes its rows (heartbeat) and removes them as sockets
 * close. Changes are announced on NOTIFY 'presence' and forwarded to the sockets watching that user.
 * Who may watch whom is the caller's rule (messages: the other member of a thread).
 */
export class Presence {
  /** Per watched user: each watcher and the state it was last told (undefined: not yet told). */
  private readonly watchers = new Map<string, Map<Watcher, boolean | undefined>>();
  private heartbeat?: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly nodeId: string,
    listener: RealtimeListener,
  ) {
    this.unsubscribe = listener.subscribe(PRESENCE, ({ user_id, online }) => {
      const told = this.watchers.get(user_id);
      for (const w of told?.keys() ?? []) this.tell(told!, w, user_id, online);
    });
  }

  start() {
    this.heartbeat = setInterval(() => {
      getPool()
        .query('UPDATE socket_presence SET seen_at = now() WHERE node_id = $1', [this.nodeId])
        .catch((err) => logger.warn({ err }, 'presence heartbeat'));
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async stop() {
    clearInterval(this.heartbeat);
    this.unsubscribe();
    await getPool()
      .query('DELETE FROM socket_presence WHERE node_id = $1', [this.nodeId])
      .catch(() => {});
  }

  async connected(userId: string) {
    await this.safely(async () => {
      await getPool().query(
        'INSERT INTO socket_presence (node_id, user_id) VALUES ($1, $2) ON CONFLICT (node_id, user_id) DO UPDATE SET seen_at = now()',
        [this.nodeId, userId],
      );
      await publish(getPool(), PRESENCE, { user_id: userId, online: true });
    });
  }

  async disconnected(userId: string) {
    await this.safely(async () => {
      await getPool().query('DELETE FROM socket_presence WHERE node_id = $1 AND user_id = $2', [this.nodeId, userId]);
      if (!(await this.isOnline(userId))) await publish(getPool(), PRESENCE, { user_id: userId, online: false });
    });
  }

  isOnline(userId: string): Promise<boolean> {
    return isOnline(getPool(), userId);
  }

  /**
   * `w` gets the current state of `userId` at once, then each change. Only changes: the announcement
   * of a connection made just before the watch began would otherwise repeat "online" after the snapshot.
   */
  async watch(w: Watcher, userId: string) {
    let told = this.watchers.get(userId);
    if (!told) this.watchers.set(userId, (told = new Map()));
    told.set(w, undefined);
    const online = await this.isOnline(userId);
    // an announcement that arrived while the snapshot was read is newer than the snapshot
    if (told.get(w) === undefined && told.has(w)) this.tell(told, w, userId, online);
  }

  unwatchAll(w: Watcher) {
    for (const [userId, told] of this.watchers) if (told.delete(w) && told.size === 0) this.watchers.delete(userId);
  }

  private tell(told: Map<Watcher, boolean | undefined>, w: Watcher, userId: string, online: boolean) {
    if (told.get(w) === online) return;
    told.set(w, online);
    w.send({ type: 'presence', user_id: userId, online });
  }

  private async safely(work: () => Promise<void>) {
    try {
      await work();
    } catch (err) {
      logger.warn({ err }, 'presence update failed');
    }
  }
}
