import PgBoss from 'pg-boss';
import { afterEach, describe, expect, it } from 'vitest';
import { getDatabaseUrl, getPool } from '../../../platform/db/pool.js';
import { startJobs, type JobRunner } from '../../../platform/jobs/index.js';
import { jobsFor } from '../../../platform/process-role.js';
import { jobs } from '../index.js';
import { PIN, expectBooks, marketplaceTestClient, party, projectInput, type Json } from '../testing.js';

// PORTAL_ROLE (docs/scaling.md "A separate job worker"): a process with the jobs off (`api`) leaves a
// due job alone; the workers run it once, even two at a time; a job whose worker died mid-run (taken,
// never finished) is retried after JOB_EXPIRE_SECONDS, and the money moves once. Real pg-boss on this
// file's database; each runner stands for one process (scripts/reliability/worker-kill.mjs kills real ones).
const { call, money } = marketplaceTestClient();
const QUEUE = 'marketplace-auto-release';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A 200.00 milestone submitted 15 days ago (due for auto-release), on a contract of its own. */
async function dueMilestone() {
  const client = await party('Cleo Client', ['USD', '500.00']);
  const freelancer = await party('Fred Freelancer');
  const project = (await call(client.id, 'POST', '/projects', await projectInput())).body.project as Json;
  const proposal = (await call(freelancer.id, 'POST', `/projects/${project.id}/proposals`, { proposal_text: 'ok' }))
    .body.proposal as Json;
  const contractId = (await call(client.id, 'POST', `/proposals/${proposal.id}/accept`)).body.contract_id as string;
  const m = (
    await money(client.id, `/contracts/${contractId}/milestones`, { title: 'Launch', amount: '200.00', pin: PIN })
  ).body.milestone as Json;
  expect((await call(freelancer.id, 'POST', `/milestones/${m.id}/submit`, {})).status).toBe(200);
  await getPool().query(`UPDATE project_milestones SET submitted_at = now() - interval '15 days' WHERE id = $1`, [
    m.id,
  ]);
  return { client: client.id, freelancer: freelancer.id, milestone: m.id as string };
}

/** Exact balances and the milestone's payments, as strings. */
async function outcome(d: { client: string; freelancer: string; milestone: string }) {
  const { rows } = await getPool().query(
    `SELECT (SELECT status::text FROM project_milestones WHERE id = $3) AS status,
            (SELECT w.balance::numeric(38,2)::text FROM user_wallets w JOIN assets a ON a.id = w.asset_id AND a.symbol = 'USD' WHERE w.user_id = $1) AS client,
            (SELECT coalesce((SELECT w.balance FROM user_wallets w JOIN assets a ON a.id = w.asset_id AND a.symbol = 'USD' WHERE w.user_id = $2), 0)::numeric(38,2)::text) AS freelancer,
            (SELECT count(*)::int FROM transactions WHERE transaction_type = 'milestone_payment' AND receiver_id = $2) AS payments`,
    [d.client, d.freelancer, d.milestone],
  );
  return rows[0] as { status: string; client: string; freelancer: string; payments: number };
}

/** A pg-boss client of the queue alone (no workers, no schedules): sends a job as the hourly schedule would. */
async function queueClient() {
  const boss = new PgBoss({
    connectionString: getDatabaseUrl(),
    schema: 'pgboss',
    max: 1,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.createQueue(QUEUE);
  return boss;
}

async function jobState(boss: PgBoss, id: string) {
  const job = await boss.getJobById(QUEUE, id);
  return { state: job?.state, retryCount: job?.retryCount };
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  for (const end = Date.now() + ms; ; await sleep(200)) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
  }
}

describe('the auto-release job and PORTAL_ROLE', () => {
  const running: (JobRunner | PgBoss)[] = [];
  afterEach(async () => {
    for (const r of running.splice(0)) await r.stop();
  });

  it('a process with the jobs off leaves a due job queued and the milestone unpaid; two workers run it once: 198.00 to the freelancer, once', async () => {
    const due = await dueMilestone();
    const boss = await queueClient();
    running.push(boss);
    running.push(await startJobs(jobsFor('api', jobs)));
    const id = (await boss.send(QUEUE, {}))!;
    await sleep(2500); // > pg-boss's 2 s polling: a process taking jobs would have fetched it
    expect(await jobState(boss, id)).toMatchObject({ state: 'created' });
    expect(await outcome(due)).toEqual({
      status: 'submitted_for_payment',
      client: '300.00',
      freelancer: '0.00',
      payments: 0,
    });

    running.push(await startJobs(jobsFor('worker', jobs)), await startJobs(jobsFor('worker', jobs)));
    expect(
      await until(
        () => jobState(boss, id),
        (s) => s.state === 'completed',
      ),
    ).toEqual({ state: 'completed', retryCount: 0 });
    expect(await outcome(due)).toEqual({ status: 'paid', client: '300.00', freelancer: '198.00', payments: 1 });
    await expectBooks();
  });

  it('a job taken by a worker that died (never finished) is retried after JOB_EXPIRE_SECONDS by another worker; the money moves once', async () => {
    const due = await dueMilestone();
    const boss = await queueClient();
    running.push(boss);
    running.push(await startJobs(jobsFor('worker', jobs), { expireSeconds: 1 })); // sets the queue's expiry
    await running.pop()!.stop();
    const id = (await boss.send(QUEUE, {}))!;
    // the dead worker: takes the job and never answers
    expect((await boss.fetch(QUEUE))?.[0]?.id).toBe(id);
    expect(await jobState(boss, id)).toMatchObject({ state: 'active' });
    expect(await outcome(due)).toMatchObject({ status: 'submitted_for_payment', payments: 0 });

    running.push(await startJobs(jobsFor('worker', jobs), { expireSeconds: 1 }));
    expect(
      await until(
        () => jobState(boss, id),
        (s) => s.state === 'completed',
      ),
    ).toEqual({ state: 'completed', retryCount: 1 });
    expect(await outcome(due)).toEqual({ status: 'paid', client: '300.00', freelancer: '198.00', payments: 1 });
    await expectBooks();
  });
});
