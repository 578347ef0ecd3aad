import PgBoss from 'pg-boss';
import { getPool } from '../db/pool.js';
import { sessionDatabaseUrl } from '../db/session.js';
import { logger } from '../logger.js';
import { metrics, onScrape } from '../metrics/index.js';

/**
 * Scheduled work in PostgreSQL (docs/architecture.md): pg-boss keeps the
 * schedules and the jobs in the `pgboss` schema, so with several processes running jobs each run
 * happens on exactly one of them, and a job taken by a process that dies is retried by another. A
 * module declares its jobs (e.g. the marketplace's auto-release); the processes whose PORTAL_ROLE
 * runs jobs (platform/process-role.ts: `all`, `worker`) start them all.
 *
 * A job's `run(now)` takes the clock as an argument and is idempotent: it looks at the rows, not at
 * how often it ran, so tests call it with a moved clock instead of sleeping, and a retry or an
 * overlapping run changes nothing twice.
 */
export interface ScheduledJob {
  /** queue name, e.g. 'marketplace-auto-release' */
  name: string;
  /** cron, in UTC */
  cron: string;
  run: (now: Date) => Promise<unknown>;
}

export interface JobSettings {
  /**
   * A job still active this long after it started is taken to have lost its process (killed, cut
   * off from the database) and is retried; pg-boss checks for such jobs at least this often (and at
   * most every 2 minutes). JOB_EXPIRE_SECONDS, default 900 (pg-boss's own).
   */
  expireSeconds: number;
}

export const jobSettings = (env = process.env): JobSettings => ({
  expireSeconds: Number(env.JOB_EXPIRE_SECONDS ?? 900),
});

/**
 * Each job's queue: `stately` (at most one run waiting and one running, whatever the number of
 * processes), retried twice after a failure or a lost process, then left to the next scheduled run.
 */
const queueOptions = (name: string, settings: JobSettings): PgBoss.Queue => ({
  name,
  policy: 'stately',
  retryLimit: 2,
  expireInSeconds: settings.expireSeconds,
});

export interface JobRunner {
  /** Lets a running job finish (5 s at most), then stops taking jobs. */
  stop(): Promise<void>;
}

/**
 * Starts taking `jobs` in this process (pg-boss: schedules, workers, supervision of lost jobs). No
 * jobs (PORTAL_ROLE=api, or MODULES without any): pg-boss is not started at all.
 */
export async function startJobs(jobs: ScheduledJob[], settings = jobSettings()): Promise<JobRunner> {
  if (jobs.length === 0) return { stop: async () => {} };
  const boss = new PgBoss({
    // The process's one pool (db/pool.ts); behind a transaction pooler its own small pool on the
    // session URL, since pg-boss holds advisory locks across statements (db/session.ts).
    ...(process.env.DATABASE_SESSION_URL
      ? { connectionString: sessionDatabaseUrl(), max: 2 }
      : { db: { executeSql: (text: string, values?: unknown[]) => getPool().query(text, values) } }),
    schema: 'pgboss',
    maintenanceIntervalSeconds: Math.min(120, settings.expireSeconds),
  });
  boss.on('error', (err) => logger.error({ err }, 'job queue'));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name, queueOptions(job.name, settings));
    await boss.updateQueue(job.name, queueOptions(job.name, settings)); // a queue made by an earlier version takes today's settings
    await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    await boss.work(job.name, () => runMeasured(job));
  }
  let running = true;
  onScrape(async () => {
    if (running)
      for (const job of jobs) metrics.jobQueueDepth.set({ job: job.name }, await boss.getQueueSize(job.name));
  });
  return {
    stop: () => {
      running = false;
      return boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}

/** One run of a job, counted and timed (platform/metrics); a failure is rethrown so pg-boss retries it. */
export async function runMeasured(job: ScheduledJob, now = new Date()): Promise<unknown> {
  const end = metrics.jobDuration.startTimer({ job: job.name });
  try {
    const result = await job.run(now);
    metrics.jobRuns.inc({ job: job.name, outcome: 'completed' });
    logger.info({ job: job.name, result }, 'job ran');
    return result;
  } catch (err) {
    metrics.jobRuns.inc({ job: job.name, outcome: 'failed' });
    throw err;
  } finally {
    end();
  }
}
