import { recordAudit } from '../../../platform/audit/index.js';
import { getPool } from '../../../platform/db/pool.js';
import { getPrisma } from '../../../platform/db/prisma.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { logger } from '../../../platform/logger.js';
import { remoteBuildStore, type ObjectStore } from '../../../platform/storage/objects.js';

/**
 * Retention of remote build files (docs/decisions.md "Canary releases"): the files of a release no
 * page can need are deleted from the remote-build store; its row stays (releases are immutable,
 * prisma/sql/releases.sql RR1) and is marked pruned, so it is never served, previewed or made current
 * again (prisma/sql/releases_canary.sql CR3). Kept: the newest `keep` releases of each remote, the
 * current release and a running canary, and every release current or a canary in the last 30 days
 * (a page loaded then may still be open and fetch its lazy chunks; a rollback may go back to it).
 */
export const RETENTION_DAYS = 30;
export const keepPerRemote = (env = process.env) => Number(env.REMOTE_RELEASES_KEEP ?? 10);

// A report over five tables (per-remote window, retention rules): stays SQL.
const PRUNABLE = `
  SELECT r.id, r.remote, r.version FROM (
    SELECT id, remote, version, row_number() OVER (PARTITION BY remote ORDER BY published_at DESC, id) AS n FROM remote_releases) r
   WHERE r.n > $1
     AND NOT EXISTS (SELECT 1 FROM remote_current c WHERE c.release_id = r.id)
     AND NOT EXISTS (SELECT 1 FROM remote_canaries k WHERE k.release_id = r.id AND (k.ended_at IS NULL OR k.ended_at > $2::timestamptz - make_interval(days => $3)))
     AND NOT EXISTS (SELECT 1 FROM remote_release_retired t WHERE t.release_id = r.id AND t.retired_at > $2::timestamptz - make_interval(days => $3))
     AND NOT EXISTS (SELECT 1 FROM remote_release_pruned p WHERE p.release_id = r.id)`;

/**
 * Marks each prunable release pruned under its remote's lock (the lock a change of the current
 * release takes: none can become current meanwhile), then deletes its files. Idempotent: a release
 * already marked is not chosen again.
 */
export async function pruneReleaseFiles(
  now: Date,
  keep = keepPerRemote(),
  store: ObjectStore = remoteBuildStore(),
): Promise<{ remote: string; version: string; files: number }[]> {
  const { rows } = await getPool().query<{ id: string; remote: string; version: string }>(
    `${PRUNABLE} ORDER BY r.remote, r.version`,
    [keep, now, RETENTION_DAYS],
  );
  const pruned = [];
  for (const release of rows) {
    const marked = await inTransaction(async (db, tx) => {
      // the remote's lock (advisory): SQL
      await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`remote_current:${release.remote}`]);
      const still = await db.query(`${PRUNABLE} AND r.id = $4`, [keep, now, RETENTION_DAYS, release.id]);
      if (still.rows.length === 0) return false;
      await tx.remoteReleasePruned.create({ data: { releaseId: release.id, files: 0 } });
      await recordAudit(tx, {
        actorId: null,
        action: 'release.prune',
        subject: `remote_release:${release.id}`,
        data: { remote: release.remote, version: release.version, kept_per_remote: keep },
      });
      return true;
    });
    if (!marked) continue;
    const files = await store.removeFolder(`${release.remote}/${release.version}/`);
    await getPrisma().remoteReleasePruned.update({ where: { releaseId: release.id }, data: { files } });
    pruned.push({ remote: release.remote, version: release.version, files });
  }
  if (pruned.length) logger.info({ pruned }, 'remote releases: build files deleted');
  return pruned;
}
