import type { z } from '@hono/zod-openapi';
import { getPool } from '../../../platform/db/pool.js';
import { getPrisma } from '../../../platform/db/prisma.js';
import { processFigures } from '../../../platform/metrics/index.js';
import type { SystemFigures } from './routes.js';
import { jobTablesReady, transactionsLastHour } from './service.queries.js';

type Figures = z.infer<typeof SystemFigures>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function booksChecks(): Promise<Figures['books_checks']> {
  const rows = await getPrisma().booksCheck.findMany({ orderBy: { checkedAt: 'desc' }, take: 20 });
  return rows.map((c) => {
    const problems = c.problems as string[];
    return {
      checked_at: c.checkedAt.toISOString(),
      ok: problems.length === 0,
      problem_count: problems.length,
      first_problem: problems[0] ?? null,
      duration_ms: c.durationMs,
    };
  });
}

/** pg-boss's own tables (schema pgboss, made by the first process that starts jobs): one row per queue. */
async function jobQueues(): Promise<Figures['jobs']> {
  const [schema] = await jobTablesReady.run(undefined, getPool());
  if (!schema?.ready) return [];
  // pg-boss makes its schema at run time, not the migrations: the generator's database has no
  // pgboss tables to type this from, so its row type is written here
  const rows = await getPrisma().$queryRaw<
    {
      name: string;
      schedule: string | null;
      waiting: number;
      running: number;
      completed: number;
      failed: number;
      last_completed: Date | null;
      last_failed: Date | null;
    }[]
  >`
    SELECT q.name, s.cron AS schedule,
           count(*) FILTER (WHERE j.state IN ('created', 'retry'))::int AS waiting,
           count(*) FILTER (WHERE j.state = 'active')::int AS running,
           count(*) FILTER (WHERE j.state = 'completed' AND j.completed_on > now() - interval '24 hours')::int AS completed,
           count(*) FILTER (WHERE j.state = 'failed' AND j.completed_on > now() - interval '24 hours')::int AS failed,
           max(j.completed_on) FILTER (WHERE j.state = 'completed') AS last_completed,
           max(j.completed_on) FILTER (WHERE j.state = 'failed') AS last_failed
      FROM pgboss.queue q
      LEFT JOIN pgboss.schedule s ON s.name = q.name
      LEFT JOIN pgboss.job j ON j.name = q.name
     WHERE q.name NOT LIKE '\_\_pgboss%' -- pg-boss's own queues (its cron dispatch)
     GROUP BY q.name, s.cron ORDER BY q.name`;
  return rows.map((r) => ({
    name: r.name,
    schedule: r.schedule,
    waiting: r.waiting,
    running: r.running,
    completed_24h: r.completed,
    failed_24h: r.failed,
    last_completed_at: iso(r.last_completed),
    last_failed_at: iso(r.last_failed),
  }));
}

/** Completed ledger transactions of the last hour by type (a range scan of transactions_completed_created_idx). */
async function lastHour(): Promise<Figures['transactions_1h']> {
  return transactionsLastHour.run(undefined, getPool());
}

export async function systemFigures(): Promise<Figures> {
  const [checks, jobs, transactions, process] = await Promise.all([
    booksChecks(),
    jobQueues(),
    lastHour(),
    processFigures(),
  ]);
  return { books_checks: checks, jobs, transactions_1h: transactions, process };
}
