// Live pages (docs/decisions.md "Live pages"): a page watches the topics of the objects it shows
// ('contract:<id>', 'admin:tickets'); the database tells which topic changed, on commit
// (prisma/sql/live.sql); this hands that to the sockets watching it, and the page reads the object
// again over HTTP. The socket carries no content, only "this changed".
//
// Frames: {type:'watch', topics} -> {type:'watching', topic} for each topic the user may read, or
// {type:'error', code:'NOT_FOUND', topic} (the same answer as an unknown object); {type:'unwatch',
// topics}; the server sends {type:'topic', topic} on each change. Who may watch is the object's GET
// rule, which the module owning the object registers (PortalModule.liveTopics) as a function of its
// own read, so the two cannot drift apart.
import { z } from 'zod';
import { isAdmin } from '../auth/middleware.js';
import type { AuthUser } from '../auth/tokens.js';
import { AppError } from '../errors.js';
import { logger } from '../logger.js';
import { defineChannel, type RealtimeListener } from './index.js';
import type { SocketConn, SocketHandler } from './sockets.js';

/** Who may watch the topics '<kind>:<id>' of one kind of object. */
export interface TopicRule {
  kind: string;
  /** Whether `user` may read object `id`: the object's GET rule. */
  mayWatch(user: AuthUser, id: string): Promise<boolean>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The rule of an object whose GET reads it through `read` (which throws the GET's 404 for a user who
 * may not see it): the same function decides both. A malformed id is refused before any query.
 */
export function readableTopic(kind: string, read: (userId: string, id: string) => Promise<unknown>): TopicRule {
  return {
    kind,
    async mayWatch(user, id) {
      if (!UUID.test(id)) return false;
      try {
        await read(user.id, id);
        return true;
      } catch (err) {
        if (err instanceof AppError && err.status === 404) return false;
        throw err;
      }
    },
  };
}

/** The admin queues: only admins (the database's is_admin, as requireAdmin checks it). */
export const ADMIN_QUEUES = ['tickets', 'kyc', 'campaigns', 'disputes'] as const;
const adminQueues: TopicRule = {
  kind: 'admin',
  mayWatch: async (user, queue) => (ADMIN_QUEUES as readonly string[]).includes(queue) && isAdmin(user.id),
};

/** What the database says changed (prisma/sql/live.sql). */
export const LIVE_TOPICS = defineChannel<{ topic: string }>('live_topics');
/** Topics one socket may watch at once (a page watches one to three). */
export const MAX_TOPICS_PER_SOCKET = 32;

const Topics = z
  .array(z.string().regex(/^[a-z_]{1,20}:[a-z0-9_-]{1,40}$/))
  .min(1)
  .max(8);
const WatchFrame = z.object({ type: z.literal('watch'), topics: Topics });
const UnwatchFrame = z.object({ type: z.literal('unwatch'), topics: Topics });

/** The watched topics of this process's sockets, and the delivery of changes to them. */
export class TopicWatches {
  private readonly rules = new Map<string, TopicRule>();
  private readonly byTopic = new Map<string, Set<SocketConn>>();
  private readonly byConn = new WeakMap<SocketConn, Set<string>>();
  private readonly unsubscribe: () => void;

  constructor(rules: TopicRule[], listener: RealtimeListener) {
    for (const r of [adminQueues, ...rules]) this.rules.set(r.kind, r);
    this.unsubscribe = listener.subscribe(LIVE_TOPICS, ({ topic }) => this.deliver(topic));
  }

  /** The frames a browser sends to watch and stop watching. */
  handlers(): SocketHandler[] {
    return [
      {
        type: 'watch',
        schema: WatchFrame,
        handle: (conn, frame: z.infer<typeof WatchFrame>) => this.watchAll(conn, frame.topics),
      },
      {
        type: 'unwatch',
        schema: UnwatchFrame,
        handle: (conn, frame: z.infer<typeof UnwatchFrame>) => {
          for (const t of frame.topics) this.unwatch(conn, t);
        },
      },
    ];
  }

  /** Sockets watching `topic` on this process (tests read it). */
  watchers(topic: string): number {
    return this.byTopic.get(topic)?.size ?? 0;
  }

  unwatchAll(conn: SocketConn) {
    for (const topic of this.byConn.get(conn) ?? []) this.unwatch(conn, topic);
  }

  stop() {
    this.unsubscribe();
  }

  private async watchAll(conn: SocketConn, topics: string[]) {
    for (const topic of topics) await this.watch(conn, topic);
  }

  private async watch(conn: SocketConn, topic: string) {
    let mine = this.byConn.get(conn);
    if (!mine) this.byConn.set(conn, (mine = new Set()));
    if (mine.has(topic)) return conn.send({ type: 'watching', topic });
    if (mine.size >= MAX_TOPICS_PER_SOCKET) return conn.send({ type: 'error', code: 'TOO_MANY_TOPICS', topic });
    mine.add(topic); // taken before the check's query, so frames handled at the same time cannot pass the limit together
    if (!(await this.mayWatch(conn.user, topic))) {
      mine.delete(topic);
      return conn.send({ type: 'error', code: 'NOT_FOUND', topic });
    }
    if (!mine.has(topic)) return; // unwatched (or the socket closed) while the check ran
    let set = this.byTopic.get(topic);
    if (!set) this.byTopic.set(topic, (set = new Set()));
    set.add(conn);
    // from now on the socket hears every change: the page reads the object again on this answer,
    // which covers what changed between its first read and now (and all it missed while disconnected)
    conn.send({ type: 'watching', topic });
  }

  private async mayWatch(user: AuthUser, topic: string): Promise<boolean> {
    const at = topic.indexOf(':');
    const rule = this.rules.get(topic.slice(0, at));
    if (!rule) return false;
    try {
      return await rule.mayWatch(user, topic.slice(at + 1));
    } catch (err) {
      logger.error({ err, topic }, 'live topic: access check failed');
      return false;
    }
  }

  private unwatch(conn: SocketConn, topic: string) {
    this.byConn.get(conn)?.delete(topic);
    const set = this.byTopic.get(topic);
    if (set?.delete(conn) && set.size === 0) this.byTopic.delete(topic);
  }

  private deliver(topic: string) {
    for (const conn of this.byTopic.get(topic) ?? []) conn.send({ type: 'topic', topic });
  }
}
