import type pg from 'pg';
import { recordAudit } from '../../../platform/audit/index.js';
import { getPrisma, Prisma, type PrismaTx } from '../../../platform/db/prisma.js';
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

/** A remote without a rule of its own: 20 sessions at least, 5 points above the current release. */
export const DEFAULT_RULE: Rule = {
  enabled: true,
  min_sessions: 20,
  error_rate_margin: 0.05,
  load_failure_margin: 0.05,
};

// A lock (advisory, per remote): stays SQL.
const lockRemote = (db: pg.ClientBase, remote: string) =>
  db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`remote_current:${remote}`]);

// A row lock: the running canary, which a change of the current release ends (its trigger); stays SQL.
const lockRunningCanary = (db: pg.ClientBase, remote: string) =>
  db.query('SELECT 1 FROM remote_canaries WHERE remote = $1 AND ended_at IS NULL FOR UPDATE', [remote]);

const withVersion = { release: { select: { version: true } } } as const;
type RunningCanary = Prisma.RemoteCanaryGetPayload<{ include: typeof withVersion }>;

const runningCanary = (prisma: PrismaTx, remote: string): Promise<RunningCanary | null> =>
  prisma.remoteCanary.findFirst({ where: { remote, endedAt: null }, include: withVersion });

const currentOf = (prisma: PrismaTx, remote: string) =>
  prisma.remoteCurrent.findUnique({ where: { remote }, include: withVersion });

export async function ruleOf(prisma: PrismaTx, remote: string): Promise<Rule> {
  const row = await prisma.remoteRollbackRule.findUnique({ where: { remote } });
  return row
    ? {
        enabled: row.enabled,
        min_sessions: row.minSessions,
        error_rate_margin: row.errorRateMargin.toNumber(),
        load_failure_margin: row.loadFailureMargin.toNumber(),
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
    const release = await tx.remoteRelease.findUnique({
      where: { id: releaseId },
      select: { remote: true, version: true, pruned: { select: { releaseId: true } } },
    });
    if (!release) throw notFound('Release not found');
    await lockRemote(db, release.remote);
    const current = await currentOf(tx, release.remote);
    if ((current?.releaseId ?? null) !== expectedCurrentId)
      throw conflict('The current release changed meanwhile. Reload the page and try again.');
    if (current?.releaseId === releaseId) throw conflict('This release is already current.');
    if (!current) throw conflict('This remote has no current release to compare a canary with.');
    if (release.pruned) throw conflict('The files of this release were deleted; publish it again.');
    await lockRunningCanary(db, release.remote);
    const running = await runningCanary(tx, release.remote);
    if (running && running.releaseId !== releaseId)
      throw conflict(
        `${running.release.version} is already a canary of ${release.remote}: promote it or roll it back first.`,
      );
    const subject = `remote_release:${releaseId}`;
    const before = {
      remote: release.remote,
      version: release.version,
      percent: running?.percent ?? 0,
      current_version: current.release.version,
    };
    if (percent === 0 || percent === 100) {
      if (!running) throw conflict('This release is not a canary.');
      const action = percent === 100 ? 'promote' : 'rollback';
      await endCanary(tx, running, action === 'promote' ? 'promoted' : 'rolled_back', adminId);
      if (action === 'promote') await setCurrent(tx, release.remote, releaseId, adminId);
      await recordAudit(tx, {
        actorId: adminId,
        action: action === 'promote' ? 'admin.release.canary_promote' : 'admin.release.canary_rollback',
        subject,
        before,
        after: { ...before, percent },
      });
      return { action, remote: release.remote, version: release.version, percent };
    }
    if (running) await tx.remoteCanary.update({ where: { id: running.id }, data: { percent } });
    else
      await tx.remoteCanary.create({
        data: { remote: release.remote, releaseId, percent, startedBy: adminId },
      });
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
  const since = new Date(Math.max(canary.startedAt.getTime(), Date.now() - 24 * 3600_000));
  const health = await readHealth([canary.releaseId, currentId], since);
  const [k, c] = [health.get(canary.releaseId)!, health.get(currentId)!];
  return { since: since.toISOString(), canary: k, current: c, judgement: judge(k, c, rule) };
}

async function endCanary(
  tx: PrismaTx,
  canary: RunningCanary,
  outcome: 'promoted' | 'rolled_back' | 'auto_rollback',
  by: string | null,
  figures?: Comparison & { current_version: string },
) {
  await tx.remoteCanary.update({
    where: { id: canary.id },
    data: {
      endedAt: new Date(),
      endedBy: by,
      outcome,
      figures: figures ? (JSON.parse(JSON.stringify(figures)) as Prisma.InputJsonObject) : Prisma.DbNull,
    },
  });
}

/**
 * The remote's rule, after a browser's report about one of its releases: when its running canary is
 * worse than the current release beyond noise, the canary goes to 0 % (audited as the system's
 * action with the figures) and every admin gets an e-mail. Judged once without the lock (most
 * reports change nothing), then again under it.
 */
export async function applyRollbackRule(remote: string): Promise<boolean> {
  const prisma = getPrisma();
  const rule = await ruleOf(prisma, remote);
  const seen = rule.enabled ? await runningCanary(prisma, remote) : null;
  const current = seen && (await currentOf(prisma, remote));
  if (!seen || !current || (await compare(seen, current.releaseId, rule)).judgement.verdict !== 'worse') return false;
  const rolledBack = await inTransaction(async (db, tx) => {
    await lockRemote(db, remote);
    await lockRunningCanary(db, remote);
    const canary = await runningCanary(tx, remote);
    const now = await currentOf(tx, remote);
    if (!canary || canary.id !== seen.id || !now) return null;
    const figures = await compare(canary, now.releaseId, await ruleOf(tx, remote));
    if (figures.judgement.verdict !== 'worse') return null;
    await endCanary(tx, canary, 'auto_rollback', null, { ...figures, current_version: now.release.version });
    const version = canary.release.version;
    await recordAudit(tx, {
      actorId: null,
      action: 'release.canary_auto_rollback',
      subject: `remote_release:${canary.releaseId}`,
      before: { remote, version, percent: canary.percent },
      after: { remote, version, percent: 0 },
      data: {
        current_version: now.release.version,
        reasons: figures.judgement.reasons,
        canary: figures.canary,
        current: figures.current,
        since: figures.since,
      },
    });
    for (const admin of await admins(tx)) {
      await notify(tx, {
        userId: admin.id,
        kind: 'release_rolled_back',
        link: '/admin/releases',
        data: { title: `${version} of ${remote}` },
      });
    }
    return { canary, current: now, figures };
  });
  if (!rolledBack) return false;
  await tellAdmins(
    remote,
    rolledBack.canary.release.version,
    rolledBack.current.release.version,
    rolledBack.figures,
  ).catch((err: unknown) => logger.error({ err, remote }, 'canary rollback: e-mail to admins failed'));
  return true;
}

const shown = (rate: number | null) => (rate === null ? 'n/a' : `${(Math.round(rate * 1000) / 10).toString()} %`);

const admins = (prisma: PrismaTx) =>
  prisma.user.findMany({
    where: { disabledAt: null, profile: { isAdmin: true } },
    select: { id: true, email: true },
  });

async function tellAdmins(remote: string, version: string, currentVersion: string, f: Comparison) {
  const rows = await admins(getPrisma());
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
  // GROUP BY in SQL (findMany's distinct would read every release and drop the repeats in the client)
  (await getPrisma().remoteRelease.groupBy({ by: ['remote'], orderBy: { remote: 'asc' } })).map((r) => r.remote);

export async function setRule(remote: string, rule: Rule, adminId: string): Promise<Rule> {
  return inTransaction(async (_db, tx) => {
    const before = await ruleOf(tx, remote);
    const values = {
      enabled: rule.enabled,
      minSessions: rule.min_sessions,
      errorRateMargin: rule.error_rate_margin,
      loadFailureMargin: rule.load_failure_margin,
      changedBy: adminId,
    };
    await tx.remoteRollbackRule.upsert({
      where: { remote },
      create: { remote, ...values },
      update: { ...values, changedAt: new Date() },
    });
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
  const prisma = getPrisma();
  return Promise.all(
    remotes.map(async (remote) => {
      const rule = await ruleOf(prisma, remote);
      const canary = await runningCanary(prisma, remote);
      const current = await currentOf(prisma, remote);
      const last = await prisma.remoteCanary.findFirst({
        where: { remote, endedAt: { not: null } },
        orderBy: [{ endedAt: 'desc' }, { id: 'desc' }],
        include: withVersion,
      });
      // the figures column holds what endCanary wrote
      const figures = last?.figures as (Comparison & { current_version?: string }) | null | undefined;
      return {
        remote,
        rule,
        running:
          canary && current
            ? {
                release_id: canary.releaseId,
                version: canary.release.version,
                percent: canary.percent,
                started_at: canary.startedAt.toISOString(),
                current_version: current.release.version,
                comparison: await compare(canary, current.releaseId, rule),
              }
            : null,
        last: last
          ? {
              release_id: last.releaseId,
              version: last.release.version,
              outcome: last.outcome!,
              ended_at: last.endedAt!.toISOString(),
              by_system: last.outcome === 'auto_rollback',
              current_version: figures?.current_version ?? null,
              figures: figures ?? null,
            }
          : null,
      };
    }),
  );
}
