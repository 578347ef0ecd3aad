import type pg from 'pg';
import { recordAudit } from '../../../platform/audit/index.js';
import { getPool } from '../../../platform/db/pool.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { conflict, notFound } from '../../../platform/errors.js';
import { logger } from '../../../platform/logger.js';
import { notify } from '../../../platform/notifications/index.js';
import { sendEmail } from '../../../platform/outbound/index.js';
import { setCurrent } from '../releases/service.js';
import { readHealth, type ReleaseHealth } from './health.js';
import { judge, type Judgement, type Rule } from './verdict.js';

/**
 * Canary releases (docs/decisions.md "Canary releases"; tables in migration
 * 20261126100000_canary_releases, rules in prisma/sql/releases_canary.sql). An admin serves a
 * release to a share of signed-in users, changes the share, promotes it to everyone or rolls it
 * back; the rule of its remote rolls it back by itself when browsers say it is worse. Every change
 * is one transaction under the remote's lock (the one a change of the current release takes),
 * audited, and announced to every API process at its commit (NOTIFY remote_releases).
 */
type Db = Pick<pg.PoolClient, 'query'>;

/** A remote without a rule of its own: 20 sessions at least, 5 points above the current release. */
export const DEFAULT_RULE: Rule = {
  enabled: true,
  min_sessions: 20,
  error_rate_margin: 0.05,
  load_failure_margin: 0.05,
};

const lockRemote = (db: Db, remote: string) =>
  db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`remote_current:${remote}`]);

interface RunningCanary {
  id: string;
  remote: string;
  release_id: string;
  version: string;
  percent: number;
  started_at: Date;
}

async function runningCanary(db: Db, remote: string, lock = false): Promise<RunningCanary | undefined> {
  const { rows } = await db.query<RunningCanary>(
    `SELECT k.id, k.remote, k.release_id, r.version, k.percent, k.started_at FROM remote_canaries k JOIN remote_releases r ON r.id = k.release_id
      WHERE k.remote = $1 AND k.ended_at IS NULL${lock ? ' FOR UPDATE OF k' : ''}`,
    [remote],
  );
  return rows[0];
}

async function currentOf(db: Db, remote: string): Promise<{ release_id: string; version: string } | undefined> {
  const { rows } = await db.query<{ release_id: string; version: string }>(
    'SELECT c.release_id, r.version FROM remote_current c JOIN remote_releases r ON r.id = c.release_id WHERE c.remote = $1',
    [remote],
  );
  return rows[0];
}

export async function ruleOf(db: Db, remote: string): Promise<Rule> {
  const { rows } = await db.query<{
    enabled: boolean;
    min_sessions: number;
    error_rate_margin: string;
    load_failure_margin: string;
  }>(
    'SELECT enabled, min_sessions, error_rate_margin, load_failure_margin FROM remote_rollback_rules WHERE remote = $1',
    [remote],
  );
  const row = rows[0];
  return row
    ? {
        enabled: row.enabled,
        min_sessions: row.min_sessions,
        error_rate_margin: Number(row.error_rate_margin),
        load_failure_margin: Number(row.load_failure_margin),
      }
    : DEFAULT_RULE;
}

export type CanaryAction = 'canary' | 'promote' | 'rollback';

/**
 * Serves `releaseId` to `percent` % of signed-in users: 1-99 starts the canary or changes its share,
 * 100 promotes it (current for everyone), 0 rolls it back. `expectedCurrentId` is the current release
 * the admin saw (409 when it changed meanwhile), as for a promotion.
 */
export async function setCanaryShare(
  releaseId: string,
  percent: number,
  expectedCurrentId: string | null,
  adminId: string,
): Promise<{ action: CanaryAction; remote: string; version: string; percent: number }> {
  return inTransaction(async (db, tx) => {
    const found = await db.query<{ remote: string; version: string; pruned: boolean }>(
      `SELECT remote, version, EXISTS (SELECT 1 FROM remote_release_pruned p WHERE p.release_id = r.id) AS pruned FROM remote_releases r WHERE id = $1`,
      [releaseId],
    );
    const release = found.rows[0];
    if (!release) throw notFound('Release not found');
    await lockRemote(db, release.remote);
    const current = await currentOf(db, release.remote);
    if ((current?.release_id ?? null) !== expectedCurrentId)
      throw conflict('The current release changed meanwhile. Reload the page and try again.');
    if (current?.release_id === releaseId) throw conflict('This release is already current.');
    if (!current) throw conflict('This remote has no current release to compare a canary with.');
    if (release.pruned) throw conflict('The files of this release were deleted; publish it again.');
    const running = await runningCanary(db, release.remote, true);
    if (running && running.release_id !== releaseId)
      throw conflict(`${running.version} is already a canary of ${release.remote}: promote it or roll it back first.`);
    const subject = `remote_release:${releaseId}`;
    const before = {
      remote: release.remote,
      version: release.version,
      percent: running?.percent ?? 0,
      current_version: current.version,
    };
    if (percent === 0 || percent === 100) {
      if (!running) throw conflict('This release is not a canary.');
      const action = percent === 100 ? 'promote' : 'rollback';
      await endCanary(db, running, action === 'promote' ? 'promoted' : 'rolled_back', adminId);
      if (action === 'promote') await setCurrent(db, release.remote, releaseId, adminId);
      await recordAudit(tx, {
        actorId: adminId,
        action: action === 'promote' ? 'admin.release.canary_promote' : 'admin.release.canary_rollback',
        subject,
        before,
        after: { ...before, percent },
      });
      return { action, remote: release.remote, version: release.version, percent };
    }
    if (running) await db.query('UPDATE remote_canaries SET percent = $2 WHERE id = $1', [running.id, percent]);
    else
      await db.query('INSERT INTO remote_canaries (remote, release_id, percent, started_by) VALUES ($1, $2, $3, $4)', [
        release.remote,
        releaseId,
        percent,
        adminId,
      ]);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'admin.release.canary',
      subject,
      before,
      after: { ...before, percent },
    });
    return { action: 'canary', remote: release.remote, version: release.version, percent };
  });
}

/** The figures a canary is judged on: both releases since it started (at most the last day). */
export interface Comparison {
  since: string;
  canary: ReleaseHealth;
  current: ReleaseHealth;
  judgement: Judgement;
}

async function compare(canary: RunningCanary, currentId: string, rule: Rule): Promise<Comparison> {
  const since = new Date(Math.max(canary.started_at.getTime(), Date.now() - 24 * 3600_000));
  const health = await readHealth([canary.release_id, currentId], since);
  const [k, c] = [health.get(canary.release_id)!, health.get(currentId)!];
  return { since: since.toISOString(), canary: k, current: c, judgement: judge(k, c, rule) };
}

async function endCanary(
  db: Db,
  canary: RunningCanary,
  outcome: 'promoted' | 'rolled_back' | 'auto_rollback',
  by: string | null,
  figures?: Comparison & { current_version: string },
) {
  await db.query(
    `UPDATE remote_canaries SET ended_at = now(), ended_by = $2, outcome = $3, figures = $4::jsonb WHERE id = $1`,
    [canary.id, by, outcome, figures ? JSON.stringify(figures) : null],
  );
}

/**
 * The remote's rule, after a browser's report about one of its releases: when its running canary is
 * worse than the current release beyond noise, the canary goes to 0 % (audited as the system's
 * action with the figures) and every admin gets an e-mail. Judged once without the lock (most
 * reports change nothing), then again under it.
 */
export async function applyRollbackRule(remote: string): Promise<boolean> {
  const pool = getPool();
  const rule = await ruleOf(pool, remote);
  const seen = rule.enabled ? await runningCanary(pool, remote) : undefined;
  const current = seen && (await currentOf(pool, remote));
  if (!seen || !current || (await compare(seen, current.release_id, rule)).judgement.verdict !== 'worse') return false;
  const rolledBack = await inTransaction(async (db, tx) => {
    await lockRemote(db, remote);
    const canary = await runningCanary(db, remote, true);
    const now = await currentOf(db, remote);
    if (!canary || canary.id !== seen.id || !now) return null;
    const figures = await compare(canary, now.release_id, await ruleOf(db, remote));
    if (figures.judgement.verdict !== 'worse') return null;
    await endCanary(db, canary, 'auto_rollback', null, { ...figures, current_version: now.version });
    await recordAudit(tx, {
      actorId: null,
      action: 'release.canary_auto_rollback',
      subject: `remote_release:${canary.release_id}`,
      before: { remote, version: canary.version, percent: canary.percent },
      after: { remote, version: canary.version, percent: 0 },
      data: {
        current_version: now.version,
        reasons: figures.judgement.reasons,
        canary: figures.canary,
        current: figures.current,
        since: figures.since,
      },
    });
    for (const admin of await admins(db)) {
      await notify(db, {
        userId: admin.id,
        kind: 'release_rolled_back',
        link: '/admin/releases',
        data: { title: `${canary.version} of ${remote}` },
      });
    }
    return { canary, current: now, figures };
  });
  if (!rolledBack) return false;
  await tellAdmins(remote, rolledBack.canary.version, rolledBack.current.version, rolledBack.figures).catch(
    (err: unknown) => logger.error({ err, remote }, 'canary rollback: e-mail to admins failed'),
  );
  return true;
}

const shown = (rate: number | null) => (rate === null ? 'n/a' : `${(Math.round(rate * 1000) / 10).toString()} %`);

const admins = async (db: Db) =>
  (
    await db.query<{ id: string; email: string }>(
      'SELECT u.id, u.email FROM users u JOIN profiles p ON p.id = u.id WHERE p.is_admin AND u.disabled_at IS NULL',
    )
  ).rows;

async function tellAdmins(remote: string, version: string, currentVersion: string, f: Comparison) {
  const rows = await admins(getPool());
  const text = [
    `The canary ${version} of ${remote} was rolled back automatically: every user gets ${currentVersion} again on their next navigation.`,
    ...f.judgement.reasons,
    `Canary: ${f.canary.sessions} sessions, error rate ${shown(f.canary.error_rate)}, ${f.canary.load_failures} load failures.`,
    `Current: ${f.current.sessions} sessions, error rate ${shown(f.current.error_rate)}, ${f.current.load_failures} load failures.`,
    'Admin -> Releases shows the figures.',
  ].join('\n');
  for (const admin of rows)
    await sendEmail({
      to: admin.email,
      userId: admin.id,
      subject: `Canary of ${remote} rolled back automatically`,
      text,
    });
}

/** Every remote that has published a release. */
export const remoteNames = async () =>
  (await getPool().query<{ remote: string }>('SELECT DISTINCT remote FROM remote_releases ORDER BY remote')).rows.map(
    (r) => r.remote,
  );

export async function setRule(remote: string, rule: Rule, adminId: string): Promise<Rule> {
  return inTransaction(async (db, tx) => {
    const before = await ruleOf(db, remote);
    await db.query(
      `INSERT INTO remote_rollback_rules (remote, enabled, min_sessions, error_rate_margin, load_failure_margin, changed_by) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (remote) DO UPDATE SET enabled = $2, min_sessions = $3, error_rate_margin = $4, load_failure_margin = $5, changed_by = $6, changed_at = now()`,
      [remote, rule.enabled, rule.min_sessions, rule.error_rate_margin, rule.load_failure_margin, adminId],
    );
    await recordAudit(tx, {
      actorId: adminId,
      action: 'admin.release.rule',
      subject: `remote:${remote}`,
      before: { ...before },
      after: { ...rule },
    });
    return rule;
  });
}

/** What the Releases page shows per remote: its rule, its running canary with the comparison, its last ended canary. */
export interface CanaryOverview {
  remote: string;
  rule: Rule;
  running: null | {
    release_id: string;
    version: string;
    percent: number;
    started_at: string;
    current_version: string;
    comparison: Comparison;
  };
  last: null | {
    release_id: string;
    version: string;
    outcome: string;
    ended_at: string;
    by_system: boolean;
    current_version: string | null;
    figures: Comparison | null;
  };
}

export async function canaryOverview(remotes: string[]): Promise<CanaryOverview[]> {
  const pool = getPool();
  return Promise.all(
    remotes.map(async (remote) => {
      const rule = await ruleOf(pool, remote);
      const canary = await runningCanary(pool, remote);
      const current = await currentOf(pool, remote);
      const { rows } = await pool.query<{
        release_id: string;
        version: string;
        outcome: string;
        ended_at: Date;
        ended_by: string | null;
        figures: (Comparison & { current_version?: string }) | null;
      }>(
        `SELECT k.release_id, r.version, k.outcome, k.ended_at, k.ended_by, k.figures FROM remote_canaries k JOIN remote_releases r ON r.id = k.release_id
        WHERE k.remote = $1 AND k.ended_at IS NOT NULL ORDER BY k.ended_at DESC, k.id DESC LIMIT 1`,
        [remote],
      );
      const last = rows[0];
      return {
        remote,
        rule,
        running:
          canary && current
            ? {
                release_id: canary.release_id,
                version: canary.version,
                percent: canary.percent,
                started_at: canary.started_at.toISOString(),
                current_version: current.version,
                comparison: await compare(canary, current.release_id, rule),
              }
            : null,
        last: last
          ? {
              release_id: last.release_id,
              version: last.version,
              outcome: last.outcome,
              ended_at: last.ended_at.toISOString(),
              by_system: last.outcome === 'auto_rollback',
              current_version: last.figures?.current_version ?? null,
              figures: last.figures,
            }
          : null,
      };
    }),
  );
}
