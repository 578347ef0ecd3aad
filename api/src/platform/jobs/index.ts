import PgBoss from 'pg-boss';
import { getDatabaseUrl } from '../db/pool.js';
import { logger } from '../logger.js';
import { metrics, onScrape } from '../metrics/index.js';

/**
 * Scheduled work in PostgreSQL (DESIGN.md "Contracts the next areas share"): pg-boss keeps the
 * schedules and the jobs in the `pgboss` schema, so with several API processes each run happens on
 * exactly one of them, and a job taken by a process that crashes is retried by another. A module
 * declares its jobs (e.g. the marketplace's auto-release); the server starts them all.
 *
 * A job's `run(now)` takes the clock as an argument and is idempotent: it looks at the rows, not at
 * how often it ran, so tests call it with a moved clock instead of sleeping, and a retry or an
 * overlapping run changes nothing twice.
 */
export interface ScheduledJob {
  /** queue name, e.g. 'marketplace.auto-release' */
  name: string;
  /** cron, in UTC */
  cron: string;
  run: (now: Date) => Promise<unknown>;
}

let boss: PgBoss | undefined;

export async function startJobs(jobs: ScheduledJob[]): Promise<void> {
  if (boss || jobs.length === 0) return;
  const instance = new PgBoss({ connectionString: getDatabaseUrl(), schema: 'pgboss', max: 2 });
  instance.on('error', (err) => logger.error({ err }, 'job queue'));
  await instance.start();
  for (const job of jobs) {
    await instance.createQueue(job.name);
    await instance.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    await instance.work(job.name, () => runMeasured(job));
  }
  boss = instance;
  onScrape(() => readQueueDepths(instance, jobs));
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

async function readQueueDepths(instance: PgBoss, jobs: ScheduledJob[]): Promise<void> {
  if (boss !== instance) return;
  for (const job of jobs) metrics.jobQueueDepth.set({ job: job.name }, await instance.getQueueSize(job.name));
}

export async function stopJobs(): Promise<void> {
  const instance = boss;
  boss = undefined;
  await instance?.stop({ graceful: true, timeout: 5000 });
}
