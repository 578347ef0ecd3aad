import { getPrisma, type Prisma } from '../db/prisma.js';
import { logger } from '../logger.js';
import { defineChannel, getListener, type RealtimeListener } from '../realtime/index.js';

/**
 * The remote registry: each remote's current release, read from PostgreSQL
 * (remote_current -> remote_releases, prisma/sql/releases.sql). Every API process keeps the list in
 * memory and re-reads it when the database announces a change (NOTIFY remote_releases, sent at the
 * commit of a publish, promotion or rollback), so every process serves the new list at once and no
 * file is shared between hosts. Until the process LISTENs (tests, or while the connection is down)
 * each read asks the database, as the revocation set does.
 */
export interface RemoteEntry {
  /** the release this entry is (remote_releases.id) */
  releaseId: string;
  name: string;
  version: string;
  manifestUrl: string;
  entryUrl: string;
  routes: string[];
  audience: 'user' | 'admin';
  /** JS the remote's ./App needs at once (remoteEntry first): fetched in parallel, not one after another. */
  preload: string[];
  /** route prefix -> API GET paths its first screen reads: requested as soon as the session is known. */
  prefetch: Record<string, string[]>;
  /** a canary of this remote runs: which release a signed-in user gets depends on who asks (canary-split.ts) */
  split: boolean;
}

/** A release served to a share of signed-in users instead of its remote's current one. */
export interface CanaryEntry {
  entry: RemoteEntry;
  percent: number;
}
interface Snapshot {
  current: RemoteEntry[];
  canaries: CanaryEntry[];
}

export const REMOTE_RELEASES = defineChannel<string>('remote_releases');

const RELEASE = {
  id: true,
  remote: true,
  version: true,
  manifestUrl: true,
  entryUrl: true,
  routes: true,
  audience: true,
  preload: true,
  prefetch: true,
} satisfies Prisma.RemoteReleaseSelect;
const toEntry = (r: Prisma.RemoteReleaseGetPayload<{ select: typeof RELEASE }>): RemoteEntry => ({
  releaseId: r.id,
  name: r.remote,
  version: r.version,
  manifestUrl: r.manifestUrl,
  entryUrl: r.entryUrl,
  routes: r.routes,
  // the columns hold what registerRelease stored from a RemoteEntry (audience checked by the table)
  audience: r.audience as RemoteEntry['audience'],
  preload: r.preload.length ? r.preload : [r.entryUrl],
  prefetch: r.prefetch as RemoteEntry['prefetch'],
  split: false,
});

/** The current releases and the running canaries (remote_canaries, prisma/sql/releases_canary.sql). */
async function loadCurrent(): Promise<Snapshot> {
  const prisma = getPrisma();
  const [current, canaries] = await Promise.all([
    prisma.remoteCurrent.findMany({ select: { release: { select: RELEASE } }, orderBy: { remote: 'asc' } }),
    prisma.remoteCanary.findMany({ where: { endedAt: null }, select: { percent: true, release: { select: RELEASE } } }),
  ]);
  const split = new Set(canaries.map((k) => k.release.remote));
  return {
    current: current.map(({ release }) => ({ ...toEntry(release), split: split.has(release.remote) })),
    canaries: canaries.map((k) => ({ entry: { ...toEntry(k.release), split: true }, percent: k.percent })),
  };
}

/** One release as a registry entry (an admin's preview of a staged or earlier release), or null. */
export async function releaseEntry(releaseId: string): Promise<RemoteEntry | null> {
  const release = await getPrisma().remoteRelease.findUnique({ where: { id: releaseId }, select: RELEASE });
  return release ? toEntry(release) : null;
}

class RegistryCache {
  private remotes: Snapshot | undefined;
  private synced = false;
  private epoch = 0;
  private started = false;

  /** Subscribes to remote_releases and loads the list on each (re)connect (server.ts; the listener stops with the process). */
  start(listener: RealtimeListener = getListener()): void {
    if (this.started) return;
    this.started = true;
    listener.subscribe(REMOTE_RELEASES, () => void this.reload());
    listener.onDisconnect(() => {
      this.epoch += 1;
      this.synced = false;
    });
    listener.onConnect(() => this.reload());
  }

  /** Everything committed before LISTEN is in the tables, everything after arrives as a notification. */
  private async reload(): Promise<void> {
    const epoch = ++this.epoch;
    try {
      const remotes = await loadCurrent();
      if (epoch !== this.epoch) return; // a newer reload (or a disconnect) came meanwhile
      this.remotes = remotes;
      this.synced = this.started;
      logger.info(
        {
          remotes: remotes.current.map((r) => `${r.name}@${r.version}`),
          canaries: remotes.canaries.map((k) => `${k.entry.name}@${k.entry.version} ${k.percent}%`),
        },
        'remote registry loaded',
      );
    } catch (err) {
      if (epoch === this.epoch) this.synced = false;
      logger.error({ err }, 'remote registry: reload failed; reads ask the database');
    }
  }

  /** The current releases and canaries; from memory while in sync, else from the database (last good list if it is down). */
  async current(): Promise<Snapshot> {
    if (this.synced && this.remotes) return this.remotes;
    try {
      return (this.remotes = await loadCurrent());
    } catch (err) {
      if (this.remotes) return this.remotes;
      throw err;
    }
  }
}

/** The process's registry: server.ts starts it on the LISTEN connection; unstarted it asks the database. */
export const remoteRegistry = new RegistryCache();
export const currentRemotes = async () => (await remoteRegistry.current()).current;
export const runningCanaries = async () => (await remoteRegistry.current()).canaries;

/** What anyone may see: the remotes for every signed-in user (admin remotes are listed to admins only). */
export const publicRemotes = (all: RemoteEntry[]) => all.filter((r) => r.audience === 'user');

/** `all` with the previewed release in place of its remote's current one. */
export const withPreview = (all: RemoteEntry[], preview: RemoteEntry | null) =>
  preview ? [...all.filter((r) => r.name !== preview.name), preview].sort((a, b) => a.name.localeCompare(b.name)) : all;
