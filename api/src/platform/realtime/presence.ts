import type pg from 'pg';
import { getPool } from '../db/pool.js';
import { logger } from '../logger.js';
import { defineChannel, publish, type RealtimeListener } from './index.js';

/** A user came online (their first socket on any process) or went offline (their last). */
const PRESENCE = defineChannel<{ user_id: string; online: boolean }>('presence');
const HEARTBEAT_MS = 20_000;
/** A process that has not refreshed its rows for this long is gone (crashed): its users are not online through it. */
const STALE = '60 seconds';

/** Whether `userId` has a socket open on some live API process (read on `db`, e.g. a transaction's client). */
export async function isOnline(db: Pick<pg.ClientBase, 'query'>, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ online: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM socket_presence WHERE user_id = $1 AND seen_at > now() - interval '${STALE}') AS online`,
    [userId],
  );
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
  private readonly watchers = new Map<string, Set<Watcher>>();
  private heartbeat?: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly nodeId: string,
    listener: RealtimeListener,
  ) {
    this.unsubscribe = listener.subscribe(PRESENCE, ({ user_id, online }) => {
      for (const w of this.watchers.get(user_id) ?? []) w.send({ type: 'presence', user_id, online });
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

  /** `w` is told each change of `userId`'s presence from now on, and gets the current state at once. */
  async watch(w: Watcher, userId: string) {
    let set = this.watchers.get(userId);
    if (!set) this.watchers.set(userId, (set = new Set()));
    set.add(w);
    w.send({ type: 'presence', user_id: userId, online: await this.isOnline(userId) });
  }

  unwatchAll(w: Watcher) {
    for (const [userId, set] of this.watchers) if (set.delete(w) && set.size === 0) this.watchers.delete(userId);
  }

  private async safely(work: () => Promise<void>) {
    try {
      await work();
    } catch (err) {
      logger.warn({ err }, 'presence update failed');
    }
  }
}
