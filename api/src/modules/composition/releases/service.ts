import { recordAudit } from '../../../platform/audit/index.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { getPool } from '../../../platform/db/pool.js';
import { getPrisma, type PrismaTx } from '../../../platform/db/prisma.js';
import { conflict, notFound } from '../../../platform/errors.js';
import type { z } from '@hono/zod-openapi';
import type { RemoteEntry } from '../../../platform/http/remote-registry.js';
import type { Release as ReleaseSchema } from './routes.js';

/**
 * Remote releases (tables in the baseline migration, rules in
 * prisma/sql/releases.sql). Publishing registers a release and, unless staged, makes it current;
 * an admin promotes a staged release or rolls back to an earlier one. Each change of a current
 * release is one transaction under the remote's row lock, audited, and announced to every API
 * process at its commit (RR3).
 */
/** A build as the publishing tool registers it: a registry entry plus what the Releases page shows. */
export interface ReleaseInput extends Omit<RemoteEntry, 'releaseId' | 'name' | 'split'> {
  remote: string;
  contentHash: string;
  shared: Record<string, string>;
  buildBytes: number;
  publishedBy: string;
}

/** One release as the Releases page gets it (the route's schema). */
export type Release = z.infer<typeof ReleaseSchema>;

/**
 * Registers a build (the publishing tool). The same version again with the same content is the same
 * release (a re-run of a deploy: made current again unless `onlyNew`, so `npm start` never undoes an
 * admin's rollback); with other content it is refused: a version's files never change.
 */
export async function registerRelease(
  input: ReleaseInput,
  opts: { stage: boolean; onlyNew?: boolean },
): Promise<{ id: string; current: boolean; created: boolean }> {
  return inTransaction(async (_db, tx) => {
    // ON CONFLICT (remote, version) DO NOTHING: a concurrent run of the same deploy is not an error
    const { count } = await tx.remoteRelease.createMany({
      data: {
        remote: input.remote,
        version: input.version,
        contentHash: input.contentHash,
        manifestUrl: input.manifestUrl,
        entryUrl: input.entryUrl,
        routes: input.routes,
        audience: input.audience,
        preload: input.preload,
        prefetch: input.prefetch,
        shared: input.shared,
        buildBytes: input.buildBytes,
        publishedBy: input.publishedBy,
      },
      skipDuplicates: true,
    });
    const created = count === 1;
    const { id, contentHash } = await tx.remoteRelease.findUniqueOrThrow({
      where: { remote_version: { remote: input.remote, version: input.version } },
      select: { id: true, contentHash: true },
    });
    if (contentHash !== input.contentHash)
      throw conflict(`${input.remote} ${input.version} is already published with other content; publish a new version`);
    if (created)
      await recordAudit(tx, {
        actorId: null,
        action: 'release.publish',
        subject: `remote_release:${id}`,
        data: { remote: input.remote, version: input.version, staged: opts.stage, published_by: input.publishedBy },
      });
    if (opts.stage || (opts.onlyNew && !created)) return { id, current: false, created };
    await setCurrent(tx, input.remote, id, null);
    return { id, current: true, created };
  });
}

export async function setCurrent(tx: PrismaTx, remote: string, releaseId: string, adminId: string | null) {
  await tx.remoteCurrent.upsert({
    where: { remote },
    create: { remote, releaseId, changedBy: adminId },
    update: { releaseId, changedAt: new Date(), changedBy: adminId },
  });
}

const RELEASE_COLUMNS = `r.id, r.remote, r.version, r.content_hash, r.entry_url, r.routes, r.audience, r.build_bytes::int AS build_bytes, r.published_by,
  r.published_at, r.first_current_at,
  CASE WHEN c.release_id = r.id THEN 'current' WHEN r.first_current_at IS NULL THEN 'staged' ELSE 'previous' END AS state,
  json_build_object('total', (SELECT count(*) FROM remote_load_failures f WHERE f.release_id = r.id)::int,
                    'last_hour', (SELECT count(*) FROM remote_load_failures f WHERE f.release_id = r.id AND f.created_at > now() - interval '1 hour')::int) AS load_failures,
  EXISTS (SELECT 1 FROM remote_release_pruned p WHERE p.release_id = r.id) AS files_deleted`;

/** Every remote with its current release and its history, newest first (at most `perRemote` each). */
export async function listReleases(
  perRemote = 20,
): Promise<{ name: string; audience: 'user' | 'admin'; current_id: string | null; releases: Release[] }[]> {
  // a report (per-remote window, state and load-failure counts in one statement): stays SQL
  const { rows } = await getPool().query<Release & { published_at: Date; first_current_at: Date | null }>(
    `SELECT ${RELEASE_COLUMNS}
       FROM (SELECT *, row_number() OVER (PARTITION BY remote ORDER BY published_at DESC, id) AS n FROM remote_releases) r
       LEFT JOIN remote_current c ON c.remote = r.remote
      WHERE r.n <= $1 OR c.release_id = r.id
      ORDER BY r.remote, r.published_at DESC, r.id`,
    [perRemote],
  );
  const remotes = new Map<
    string,
    { name: string; audience: 'user' | 'admin'; current_id: string | null; releases: Release[] }
  >();
  for (const row of rows) {
    const release: Release = {
      ...row,
      published_at: row.published_at.toISOString(),
      first_current_at: row.first_current_at?.toISOString() ?? null,
    };
    const entry = remotes.get(row.remote) ?? {
      name: row.remote,
      audience: row.audience,
      current_id: null,
      releases: [],
    };
    if (release.state === 'current') {
      entry.current_id = release.id;
      entry.audience = release.audience;
    }
    entry.releases.push(release);
    remotes.set(row.remote, entry);
  }
  return [...remotes.values()];
}

export async function releaseExists(id: string): Promise<boolean> {
  // a release whose build files the retention job deleted cannot be previewed (retention/service.ts)
  return (await getPrisma().remoteRelease.count({ where: { id, pruned: { is: null } } })) > 0;
}

/**
 * Makes a release its remote's current one: a promotion when it was staged, a rollback (or forward
 * again) when it was current before. `expectedCurrentId` is the current release the admin saw: when
 * another admin changed it meanwhile the request is refused (409), so two clicks at once give one outcome.
 */
export async function makeCurrent(
  releaseId: string,
  expectedCurrentId: string | null,
  adminId: string,
): Promise<{ action: 'promote' | 'rollback'; remote: string; version: string }> {
  return inTransaction(async (db, tx) => {
    const release = await tx.remoteRelease.findUnique({
      where: { id: releaseId },
      select: { remote: true, version: true, firstCurrentAt: true, pruned: { select: { releaseId: true } } },
    });
    if (!release) throw notFound('Release not found');
    if (release.pruned) throw conflict('The files of this release were deleted; publish it again.');
    // locks, so SQL: the remote's lock orders concurrent changes (a remote without a current release
    // has no row yet), the row lock orders them with a deploy's registerRelease
    await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`remote_current:${release.remote}`]);
    await db.query('SELECT 1 FROM remote_current WHERE remote = $1 FOR UPDATE', [release.remote]);
    const current = await tx.remoteCurrent.findUnique({
      where: { remote: release.remote },
      select: { releaseId: true, release: { select: { version: true } } },
    });
    if ((current?.releaseId ?? null) !== expectedCurrentId)
      throw conflict('The current release changed meanwhile. Reload the page and try again.');
    if (current?.releaseId === releaseId) throw conflict('This release is already current.');
    const action = release.firstCurrentAt ? 'rollback' : 'promote';
    await setCurrent(tx, release.remote, releaseId, adminId);
    await recordAudit(tx, {
      actorId: adminId,
      action: `admin.release.${action}`,
      subject: `remote_release:${releaseId}`,
      before: { remote: release.remote, version: current?.release.version ?? null },
      after: { remote: release.remote, version: release.version },
    });
    return { action, remote: release.remote, version: release.version };
  });
}

/** A load failure reported by a browser; false when no such release exists. */
export async function recordLoadFailure(input: {
  remote: string;
  version: string;
  lifecycle: string;
  message: string;
}): Promise<boolean> {
  const prisma = getPrisma();
  const release = await prisma.remoteRelease.findUnique({
    where: { remote_version: { remote: input.remote, version: input.version } },
    select: { id: true },
  });
  if (!release) return false;
  await prisma.remoteLoadFailure.create({
    data: { releaseId: release.id, lifecycle: input.lifecycle, message: input.message },
  });
  return true;
}
