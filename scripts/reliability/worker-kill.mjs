#!/usr/bin/env node
// The job worker (PORTAL_ROLE=worker, docs/scaling.md) in real processes: an API process with the jobs
// off (PORTAL_ROLE=api) leaves a due auto-release job queued; a worker takes it, pays the first of three
// due milestones and is killed (kill -9) while it waits for the second one's escrow row (held by this
// script); its open transaction dies with it. Two new workers: pg-boss fails the lost job after
// JOB_EXPIRE_SECONDS and one of them runs the retry; every milestone is paid once, minus the 1% fee.
import { createRequire } from 'node:module';
import path from 'node:path';
import crypto from 'node:crypto';
import { apiDir } from '../lib/api-start.mjs';
import { assert, freePort, json, log, sleep, startWorker } from './lib.mjs';
import { haDatabase } from './ha-setup.mjs';
import { PIN, setupPortal } from './setup.mjs';

const PgBoss = createRequire(path.join(apiDir, 'package.json'))('pg-boss');
const QUEUE = 'marketplace-auto-release';
const AMOUNTS = ['100.00', '200.00', '300.00'];
const EXPIRE_SECONDS = 4;

/** demo@ posts a project, bob@ proposes, demo@ accepts and funds AMOUNTS as milestones, bob@ submits them: the milestone ids. */
async function submittedMilestones(base, pool, [client, freelancer]) {
  const call = async (who, method, url, body, headers = {}) => {
    const res = await fetch(`${base}/api/marketplace${url}`, {
      method,
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const answer = await json(res);
    assert(res.status < 300, `${method} ${url}: ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const usd = (await pool.query(`SELECT id FROM assets WHERE symbol = 'USD'`)).rows[0].id;
  const { project } = await call(client, 'POST', '/projects', {
    title: 'Worker kill test',
    description: 'Three milestones paid by the auto-release job.',
    skills: 'Node',
    budget_amount: '600.00',
    budget_type: 'fixed',
    budget_currency: usd,
    deadline: null,
  });
  const { proposal } = await call(freelancer, 'POST', `/projects/${project.id}/proposals`, { proposal_text: 'ok' });
  const { contract_id: contractId } = await call(client, 'POST', `/proposals/${proposal.id}/accept`);
  const ids = [];
  for (const [i, amount] of AMOUNTS.entries()) {
    const { milestone } = await call(
      client,
      'POST',
      `/contracts/${contractId}/milestones`,
      { title: `Part ${i + 1}`, amount, pin: PIN },
      { 'idempotency-key': crypto.randomUUID() },
    );
    await call(freelancer, 'POST', `/milestones/${milestone.id}/submit`, {});
    ids.push(milestone.id);
  }
  return ids;
}

/** `haId`: on the HA database of that layout (scripts/lib/ha.mjs; case worker-kill-ha), requests through PgBouncer. */
export async function workerKillCase({ haId } = {}) {
  const sandboxPort = await freePort(); // the API process runs the Plaid sandbox; the workers use it
  const env = { PORTAL_ROLE: 'api', PLAID_SANDBOX_PORT: String(sandboxPort) };
  const p = await setupPortal(haId ? 'worker-kill-ha' : 'worker-kill', {
    env,
    ...(haId ? { database: haDatabase('worker-kill-ha', haId, env) } : {}),
  });
  const session = env.DATABASE_SESSION_URL ? { DATABASE_SESSION_URL: env.DATABASE_SESSION_URL } : {};
  const workerEnv = {
    JOB_EXPIRE_SECONDS: String(EXPIRE_SECONDS),
    PLAID_SANDBOX_URL: `http://127.0.0.1:${sandboxPort}`,
    ...session,
  };
  const workers = [];
  const boss = new PgBoss({
    connectionString: env.DATABASE_SESSION_URL ?? p.db.url,
    schema: 'pgboss',
    max: 1,
    supervise: false,
    schedule: false,
  });
  const lock = await p.ledger.pool.connect();
  try {
    const [api] = p.apis;
    const [demo, bob] = p.sessions;
    const ids = await submittedMilestones(api.base, p.ledger.pool, [demo, bob]);
    // due: submitted 17, 16 and 15 days ago (the job pays the oldest first)
    await p.ledger.pool.query(
      `UPDATE project_milestones m SET submitted_at = now() - (interval '1 day' * (17 - array_position($1::uuid[], m.id) + 1)) WHERE m.id = ANY($1)`,
      [ids],
    );
    const q = async (sql, params) => (await p.ledger.pool.query(sql, params)).rows;
    const statuses = async () =>
      (await q('SELECT status::text AS s FROM project_milestones WHERE id = ANY($1) ORDER BY submitted_at', [ids])).map(
        (r) => r.s,
      );
    const bobUsd = async () =>
      (
        await q(
          `SELECT w.balance::text AS b FROM user_wallets w JOIN assets a ON a.id = w.asset_id AND a.symbol = 'USD' WHERE w.user_id = $1`,
          [bob.userId],
        )
      )[0].b;
    const jobOf = async (id) => (await q('SELECT state::text, retry_count FROM pgboss.job WHERE id = $1', [id]))[0];
    const bob0 = await bobUsd();

    await boss.start();
    // the queue as a worker of an earlier start left it (api/src/platform/jobs): a job takes its expiry when sent
    await boss.createQueue(QUEUE, { name: QUEUE, policy: 'stately', retryLimit: 2, expireInSeconds: EXPIRE_SECONDS });
    const jobId = await boss.send(QUEUE, {});
    await sleep(3000); // > pg-boss's 2 s polling
    assert(
      (await jobOf(jobId)).state === 'created',
      `the API with the jobs off touched the job: ${JSON.stringify(await jobOf(jobId))}`,
    );
    assert(
      (await statuses()).every((s) => s === 'submitted_for_payment'),
      'the API with the jobs off paid a milestone',
    );
    log('worker-kill: the API process (PORTAL_ROLE=api) left the due job queued for 3 s, nothing paid');

    await lock.query('BEGIN');
    await lock.query(`SELECT 1 FROM escrow_holds WHERE reference_type = 'milestone' AND reference_id = $1 FOR UPDATE`, [
      ids[1],
    ]);
    const first = await startWorker({ home: p.home.dir, databaseUrl: p.db.url, env: workerEnv });
    workers.push(first);
    for (const until = Date.now() + 60_000; ; await sleep(100)) {
      const waiting = (
        await q(`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND locktype IN ('transactionid', 'tuple')`)
      )[0].n;
      if ((await statuses())[0] === 'paid' && waiting > 0) break;
      assert(Date.now() < until, `the worker did not reach the second milestone: ${JSON.stringify(await statuses())}`);
    }
    await first.kill9();
    log(
      `worker-kill: worker ${first.pid} paid the first milestone and was killed (kill -9) waiting for the second; job ${JSON.stringify(await jobOf(jobId))}`,
    );
    await lock.query('ROLLBACK');
    await sleep(1000); // the killed worker's transaction can only roll back: its process is gone
    assert(
      JSON.stringify(await statuses()) === JSON.stringify(['paid', 'submitted_for_payment', 'submitted_for_payment']),
      `after the kill: ${JSON.stringify(await statuses())}`,
    );

    const started = Date.now();
    workers.push(
      await startWorker({ home: p.home.dir, databaseUrl: p.db.url, env: workerEnv }),
      await startWorker({ home: p.home.dir, databaseUrl: p.db.url, env: workerEnv }),
    );
    for (const until = Date.now() + 90_000; (await jobOf(jobId)).state !== 'completed'; await sleep(200))
      assert(Date.now() < until, `the lost job was not retried: ${JSON.stringify(await jobOf(jobId))}`);
    const job = await jobOf(jobId);
    const [{ delta }] = await q('SELECT ($1::numeric - $2::numeric)::numeric(38,2)::text AS delta', [
      await bobUsd(),
      bob0,
    ]);
    const [{ payments }] = await q(
      `SELECT count(*)::int AS payments FROM transactions WHERE transaction_type = 'milestone_payment' AND receiver_id = $1`,
      [bob.userId],
    );
    const [{ held }] = await q(
      `SELECT coalesce(sum(held), 0)::text AS held FROM escrow_holds WHERE reference_type = 'milestone' AND reference_id = ANY($1)`,
      [ids],
    );
    const books = await p.ledger.check();
    log(
      `worker-kill: retried after ${Date.now() - started} ms by a new worker (retry_count ${job.retry_count}); milestones ${(await statuses()).join(', ')}; bob +${delta} in ${payments} payments; books ${books.ok ? 'balanced' : 'BROKEN'}`,
    );
    assert(job.retry_count === 1, `the job ran ${job.retry_count + 1} times, not twice (the killed run and one retry)`);
    assert(
      (await statuses()).every((s) => s === 'paid'),
      `not all paid: ${JSON.stringify(await statuses())}`,
    );
    assert(
      delta === '594.00' && payments === 3,
      `the freelancer got ${delta} in ${payments} payments, not 594.00 (99% of 600.00) in 3`,
    );
    assert(Number(held) === 0, `escrow still holds ${held}`);
    assert(books.ok, `books: ${books.problems.slice(0, 5).join('; ')}`);
    return {
      name: `job worker killed mid-job${haId ? ' (HA database, PgBouncer)' : ''}`,
      ok: true,
      retriedAfterMs: Date.now() - started,
      paid: delta,
      payments,
    };
  } finally {
    lock.release();
    await boss.stop({ graceful: false }).catch(() => {});
    for (const w of workers) await w.stop();
    await p.cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  workerKillCase().then(
    (r) => {
      console.log(JSON.stringify(r, null, 2));
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
