// Ended sessions and disabled users, known to every API process at once (docs/decisions.md "Auth").
//
// Access tokens are stateless for 15 minutes; a revoked session must stop at once anyway. Whoever
// revokes a refresh family (sid) or disables a user NOTIFYs `auth_revoked` in the same transaction
// (delivered on commit). Every process keeps the ended sids / users in memory until the last access
// token that could name them has expired, filled from the database on every (re)connect of the
// LISTEN connection, so the request path needs no database round trip.
//
// Fail safe: while the LISTEN connection is down, and until the set was re-read from the database
// after it came back (or before the listener was ever started), each authenticated request asks
// the database instead (one indexed query).
import type pg from 'pg';
import { getPool } from '../db/pool.js';
import { logger } from '../logger.js';
import { defineChannel, getListener, publish, type RealtimeListener } from '../realtime/index.js';
import { recentlyEnded, sessionEnded } from './revocation.queries.js';
import { ACCESS_TOKEN_TTL_SECONDS, type AuthUser } from './tokens.js';

export const AUTH_REVOKED = defineChannel<{ sids?: string[]; users?: string[] }>('auth_revoked');

type Queryable = Pick<pg.PoolClient, 'query'>;

// Kept a minute past the token lifetime: clocks of API hosts and PostgreSQL may differ a little.
// (A function: tokens.ts imports this module, so its constant is read at call time.)
const keepMs = () => (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CHUNK = 150; // uuids per NOTIFY (payload cap 8000 bytes)

/**
 * Tells every process that these sessions / users are over. Call it with the client of the
 * transaction that revokes them: PostgreSQL delivers the NOTIFY only if that transaction commits.
 */
export async function publishRevocation(db: Queryable, ended: { sids?: string[]; users?: string[] }): Promise<void> {
  const sids = [...new Set(ended.sids ?? [])];
  const users = [...new Set(ended.users ?? [])];
  for (let i = 0; i < Math.max(sids.length, users.length); i += CHUNK) {
    await publish(db, AUTH_REVOKED, { sids: sids.slice(i, i + CHUNK), users: users.slice(i, i + CHUNK) });
  }
  // This process knows at once, without waiting for its own notification to come back (the
  // caller's next request may arrive first). Marked before the commit: if the transaction rolls
  // back, these sessions end anyway (fail closed: the user signs in again).
  revocations.markEnded(sids, users);
}

export type RevocationMode = 'memory' | 'database';

class RevocationGuard {
  private sids = new Map<string, number>(); // sid -> keep until (ms)
  private users = new Map<string, number>();
  private synced = false;
  private epoch = 0;
  private sweeper: NodeJS.Timeout | undefined;
  private unhook: (() => void)[] = [];
  private listener: RealtimeListener | undefined;

  /** 'memory' when the in-memory set is authoritative, else each request asks the database. */
  get mode(): RevocationMode {
    return this.synced ? 'memory' : 'database';
  }

  /** Subscribes to auth_revoked on the listener and loads the set on each (re)connect. */
  async start(listener: RealtimeListener = getListener()): Promise<void> {
    if (this.listener) return;
    this.listener = listener;
    this.unhook.push(
      listener.subscribe(AUTH_REVOKED, (p) => this.add(p.sids ?? [], p.users ?? [], Date.now() + keepMs())),
      listener.onDisconnect(() => {
        this.epoch += 1;
        this.synced = false;
      }),
      listener.onConnect(() => this.resync()),
    );
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
    await listener.start();
  }

  async stop(): Promise<void> {
    for (const u of this.unhook.splice(0)) u();
    clearInterval(this.sweeper);
    this.synced = false;
    const l = this.listener;
    this.listener = undefined;
    await l?.stop();
  }

  /**
   * After LISTEN is in place: everything committed before is in the tables, everything after
   * arrives as a notification, so nothing falls between.
   */
  private async resync(): Promise<void> {
    const epoch = ++this.epoch;
    this.synced = false;
    // Raw: families whose every token is revoked (bool_and per family), which Prisma's groupBy cannot say.
    const rows = await recentlyEnded.run({ keepSeconds: keepMs() / 1000 }, getPool());
    for (const r of rows) this.add(r.kind === 's' ? [r.id] : [], r.kind === 'u' ? [r.id] : [], Number(r.at) + keepMs());
    if (epoch !== this.epoch) return; // lost again while loading: stay on the database path
    this.synced = true;
    logger.info({ sessions: this.sids.size, users: this.users.size }, 'auth: revocation set loaded');
  }

  /** Ended here and now (this process's own revocations). */
  markEnded(sids: string[], users: string[]) {
    this.add(sids, users, Date.now() + keepMs());
  }

  private add(sids: string[], users: string[], until: number) {
    for (const s of sids) this.sids.set(s, Math.max(until, this.sids.get(s) ?? 0));
    for (const u of users) this.users.set(u, Math.max(until, this.users.get(u) ?? 0));
  }

  private sweep() {
    const now = Date.now();
    for (const [k, until] of this.sids) if (until <= now) this.sids.delete(k);
    for (const [k, until] of this.users) if (until <= now) this.users.delete(k);
  }

  /**
   * True when the token's session or user was ended. In memory mode this is synchronous (no
   * promise, no database); otherwise one query.
   */
  isEnded(user: AuthUser): boolean | Promise<boolean> {
    if (this.synced) {
      const now = Date.now();
      const s = this.sids.get(user.sid);
      if (s !== undefined && s > now) return true;
      const u = this.users.get(user.id);
      return u !== undefined && u > now;
    }
    return endedInDatabase(user);
  }
}

// A session (family) has ended when every token of it is revoked: revocation (sign-out, reuse,
// deletion) marks them all. A single revoked token in a family that lives on is a successor
// superseded by a refresh retry (auth module, grace window), not an ended session.
async function endedInDatabase(user: AuthUser): Promise<boolean> {
  // Ids come from our own signed tokens; anything not a uuid cannot name a row.
  if (!UUID.test(user.sid) || !UUID.test(user.id)) return false;
  // Raw: one statement per request on this path, a quarter of three Prisma counts (docs/decisions.md "Auth rows through Prisma").
  const rows = await sessionEnded.run({ sid: user.sid, userId: user.id }, getPool());
  return rows[0]?.ended === true;
}

/** The process's guard: server.ts starts it (tests may too); unstarted it asks the database. */
export const revocations = new RevocationGuard();
