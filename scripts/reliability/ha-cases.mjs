#!/usr/bin/env node
// Reliability cases of the HA database (scripts/lib/ha.mjs) besides `failover`, each under the mixed
// load of ha-setup.mjs through nginx:
// - `split-brain`: the primary is cut from etcd only (a blackhole route in its namespace); clients and
//   its standbys still reach it. Patroni demotes it (it cannot renew the leader key) before the key
//   expires and the synchronous standby is promoted; the old primary refuses writes, and every
//   transaction it holds is on the new primary (nothing committed on two sides). The cut is healed and
//   the old primary rejoins as a replica.
// - `pgbouncer-restart`: PgBouncer killed (SIGKILL) and started again under load: no acknowledged
//   request lost, the clients' errors are 503s, retried with their keys, one outcome each.
// - `replica-lag`: replay paused on both replicas (Patroni in maintenance mode meanwhile): the browser that wrote a post reads it (its replica
//   reads wait for its position, else go to the primary), another reader's feed comes from the lagging
//   replica; money that exists only on the primary is sent at once and shows in the sender's history.
//   Also measured: the replicas' replay lag under the mixed load.
import crypto from 'node:crypto';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { apiDir } from '../lib/api-start.mjs';
import { clusterState, healthyCluster, setBlackhole } from '../lib/ha.mjs';
import { answered2xx, checkMoney, clientFigures, mixedLoad, retryUntilAnswered, setupHaPortal } from './ha-setup.mjs';
import { assert, json, log, sleep } from './lib.mjs';
import { PIN } from './setup.mjs';

const { default: pg } = await import(
  pathToFileURL(createRequire(path.join(apiDir, 'package.json')).resolve('pg')).href
);

/** One query on one node directly (not through HAProxy or PgBouncer). */
async function onNode(url, sql, params) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000, query_timeout: 5000 });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end().catch(() => {});
  }
}

export async function splitBrainCase() {
  const tag = 'split';
  const p = await setupHaPortal('split-brain', 3);
  const { layout } = p.ha;
  let healed = true;
  let old;
  try {
    const leader = (await clusterState(layout)).find((m) => m.role === 'leader');
    old = layout.nodes.find((n) => n.name === leader.name);
    const load = mixedLoad({ base: p.proxy.base, sessions: p.sessions, targets: p.targets, tag });
    await sleep(6000);
    const cutAt = Date.now();
    await setBlackhole(old, layout.etcd.address, true);
    healed = false;
    log(`split-brain: ${old.name} (primary) cut from etcd; clients and standbys still reach it`);
    let demotedMs;
    for (const until = Date.now() + 30_000; demotedMs === undefined; await sleep(200)) {
      assert(Date.now() < until, `${old.name} still accepts writes 30 s after losing etcd`);
      const recovery = await onNode(layout.nodeUrl(old), 'SELECT pg_is_in_recovery() AS r').catch(() => [{ r: true }]); // restarting read-only counts
      if (recovery[0].r) demotedMs = Date.now() - cutAt;
    }
    let promoted;
    for (const until = Date.now() + 30_000; !promoted; await sleep(200)) {
      assert(Date.now() < until, 'no new primary 30 s after the cut');
      promoted = (await clusterState(layout)).find(
        (m) => m.role === 'leader' && m.name !== old.name && m.state === 'running',
      );
    }
    const promotedMs = Date.now() - cutAt;
    log(
      `split-brain: ${old.name} demoted itself ${demotedMs} ms after the cut; ${promoted.name} primary after ${promotedMs} ms`,
    );
    assert(
      demotedMs < promotedMs,
      `the old primary was demoted (${demotedMs} ms) only after the new one was promoted (${promotedMs} ms)`,
    );
    await sleep(6000);
    const requests = await load.stop();
    const refused = await onNode(layout.nodeUrl(old), 'CREATE TABLE split_brain_probe (x int)').then(
      () => 'accepted',
      (e) => e.code,
    );
    assert(refused === '25006', `a write on the cut-off old primary: ${refused}`);

    clientFigures(requests, 'split-brain');
    await retryUntilAnswered(p.proxy.base, requests);
    const money = await checkMoney({ p, tag, requests, label: 'split-brain' });
    const all = 'SELECT id::text FROM transactions';
    const onOld = (await onNode(layout.nodeUrl(old), all)).map((r) => r.id);
    const onNew = new Set(
      (await onNode(layout.nodeUrl(layout.nodes.find((n) => n.name === promoted.name)), all)).map((r) => r.id),
    );
    const onlyOld = onOld.filter((id) => !onNew.has(id));
    log(
      `split-brain: the old primary holds ${onOld.length} transactions, ${onlyOld.length} of them missing on the new primary`,
    );
    assert(onlyOld.length === 0, `committed on the old primary only: ${onlyOld.slice(0, 5).join(', ')}`);

    await setBlackhole(old, layout.etcd.address, false);
    healed = true;
    const members = await healthyCluster(layout, 120_000);
    log(`split-brain: healed; ${old.name} rejoined as ${members.find((m) => m.name === old.name).role}`);
    return {
      name: 'split brain refused (primary cut from etcd)',
      ok: true,
      demotedMs,
      promotedMs,
      oldPrimaryTransactions: onOld.length,
      onlyOnOld: onlyOld.length,
      ...money,
      answered2xx: requests.filter(answered2xx).length,
    };
  } finally {
    if (!healed) await setBlackhole(old, layout.etcd.address, false).catch(() => {});
    await p.cleanup();
  }
}

export async function pgbouncerRestartCase() {
  const tag = 'bouncer';
  const p = await setupHaPortal('pgbouncer-restart', 4);
  try {
    const load = mixedLoad({ base: p.proxy.base, sessions: p.sessions, targets: p.targets, tag });
    await sleep(6000);
    const restartedAt = Date.now();
    await p.ha.restartPgBouncer();
    log('pgbouncer-restart: PgBouncer killed (SIGKILL) and started again');
    let resumedAt;
    for (const until = Date.now() + 30_000; !resumedAt; await sleep(100)) {
      assert(Date.now() < until, 'no write succeeded within 30 s of the restart');
      resumedAt = load.requests
        .filter((r) => r.sentAt > restartedAt && answered2xx(r))
        .map((r) => r.doneAt)
        .sort((a, b) => a - b)[0];
    }
    await sleep(5000);
    const requests = await load.stop();
    const statuses = clientFigures(requests, 'pgbouncer-restart');
    const retried = await retryUntilAnswered(p.proxy.base, requests);
    const money = await checkMoney({ p, tag, requests, label: 'pgbouncer-restart' });
    log(`pgbouncer-restart: writes again ${resumedAt - restartedAt} ms after the restart; ${retried.length} retried`);
    return {
      name: 'PgBouncer restarted under load',
      ok: true,
      withoutWritesMs: resumedAt - restartedAt,
      retried: retried.length,
      ...money,
      statuses,
    };
  } finally {
    await p.cleanup();
  }
}

/** A request through nginx as `who`, with a browser's cookie (the replica-read position) when given. */
async function as(base, who, method, url, { body, cookie, form } = {}) {
  const headers = {
    authorization: `Bearer ${who.token}`,
    ...(cookie ? { cookie } : {}),
    ...(body ? { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() } : {}),
  };
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  return { status: res.status, body: await json(res), cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] };
}

/** The largest replay lag the primary reports for its standbys (pg_stat_replication), in ms, sampled while `during` runs. */
async function sampleLag(url, during) {
  let max = { sync: 0, async: 0 };
  let running = true;
  const sampler = (async () => {
    while (running) {
      for (const r of await onNode(
        url,
        `SELECT sync_state, coalesce(extract(epoch FROM replay_lag) * 1000, 0)::float AS ms FROM pg_stat_replication`,
      ).catch(() => [])) {
        const kind = r.sync_state === 'sync' ? 'sync' : 'async';
        max = { ...max, [kind]: Math.max(max[kind], Math.round(r.ms)) };
      }
      await sleep(200);
    }
  })();
  await during();
  running = false;
  await sampler;
  return max;
}

export async function replicaLagCase() {
  const tag = 'lag';
  const p = await setupHaPortal('replica-lag', 6);
  const { layout } = p.ha;
  let replicas = [];
  const replay = (action) =>
    Promise.all(replicas.map((n) => onNode(layout.nodeUrl(n), `SELECT pg_wal_replay_${action}()`)));
  const maintenance = async (pause) => {
    const res = await fetch(`http://${layout.nodes[0].address}:8008/config`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pause }),
    });
    assert(res.ok, `Patroni maintenance mode ${pause}: ${res.status}`);
  };
  try {
    const [demo, bob] = p.sessions;
    const base = p.proxy.base;
    const members = await clusterState(layout);
    const primary = layout.nodes.find((n) => n.name === members.find((m) => m.role === 'leader').name);
    replicas = layout.nodes.filter((n) => n !== primary);
    const lagUnderLoad = await sampleLag(layout.nodeUrl(primary), async () => {
      const load = mixedLoad({ base, sessions: p.sessions, targets: p.targets, tag });
      await sleep(6000);
      const requests = await load.stop();
      await retryUntilAnswered(base, requests);
      await checkMoney({ p, tag, requests, label: 'replica-lag' });
    });
    log(`replica-lag: largest replay lag under the mixed load: ${JSON.stringify(lagUnderLoad)} ms`);

    // Patroni resumes a paused replay on its next loop (PostgreSQL 14+) unless it is in maintenance mode
    await maintenance(true);
    await sleep(3000);
    await replay('pause');
    const pausedAt = Date.now();
    log(`replica-lag: replay paused on ${replicas.map((n) => n.name).join(' and ')}`);
    const text = `written while the replicas lag ${crypto.randomUUID()}`;
    const wrote = await as(base, demo, 'POST', '/api/social/posts', {
      form: (() => {
        const f = new FormData();
        f.append('content_type', 'text');
        f.append('text_content', text);
        return f;
      })(),
    });
    assert(
      wrote.status === 201 && wrote.cookie.startsWith('portal_wrote_lsn='),
      `post: ${wrote.status} ${wrote.cookie}`,
    );
    const feedHas = async (who, cookie) => {
      const res = await as(base, who, 'GET', '/api/social/posts', { cookie });
      assert(res.status === 200, `feed: ${res.status}`);
      return res.body.posts.some((x) => x.text_content === text);
    };
    // the writer's browser reads its post (HAProxy round-robins the replicas; every read checks the position)
    for (let i = 0; i < 4; i++)
      assert(await feedHas(demo, wrote.cookie), `the writer's feed (read ${i + 1}) misses the post it just wrote`);
    if (await feedHas(bob)) {
      const states = await Promise.all(
        replicas.map((n) =>
          onNode(
            layout.nodeUrl(n),
            `SELECT pg_is_wal_replay_paused() AS paused, (SELECT count(*) FROM social_posts WHERE text_content = $1) AS n, pg_is_in_recovery() AS r`,
            [text],
          ),
        ),
      );
      throw new Error(
        `another reader's feed shows the post: it did not read the lagging replica (${JSON.stringify(states)})`,
      );
    }
    log(
      "replica-lag: the writer's feed shows the new post (replica behind its position: primary), another reader's feed (replica) does not yet",
    );

    // money reads the primary: bob's EUR arrive while the replicas lag, and he sends them on at once
    const eur = `SELECT coalesce((SELECT w.balance FROM user_wallets w JOIN assets a ON a.id = w.asset_id AND a.symbol = 'EUR' WHERE w.user_id = $1), 0)::numeric(38,2)::text AS b`;
    const [{ b: before }] = (await p.ledger.pool.query(eur, [bob.userId])).rows;
    await p.ledger.deposit(bob.userId, 'EUR', '10.00');
    const onReplica = await onNode(layout.nodeUrl(replicas[0]), eur, [bob.userId]);
    assert(
      onReplica[0].b === before,
      `the paused replica already has bob's new EUR: ${onReplica[0].b}, before ${before}`,
    );
    // more than the replica says he has: only the primary's balance allows it
    const [{ amount }] = (
      await p.ledger.pool.query('SELECT ($1::numeric + 5)::numeric(38,2)::text AS amount', [before])
    ).rows;
    const sent = await as(base, bob, 'POST', '/api/wallet/transfers', {
      body: { amount, recipientEmail: demo.email, assetSymbol: 'EUR', description: `${tag}-eur`, pin: PIN },
    });
    assert(
      sent.status === 201,
      `bob's EUR transfer while the replicas lag: ${sent.status} ${JSON.stringify(sent.body)}`,
    );
    const dashboard = await as(base, bob, 'GET', '/api/wallet/dashboard', { cookie: sent.cookie });
    const history = await as(base, bob, 'GET', '/api/wallet/transactions', { cookie: sent.cookie });
    assert(
      history.body.transactions?.[0]?.id === sent.body.transaction.id,
      `bob's history does not start with his new transfer: ${history.status} ${JSON.stringify(history.body).slice(0, 300)}`,
    );
    assert(
      JSON.stringify(dashboard.body).includes('EUR'),
      `bob's dashboard misses his EUR: ${JSON.stringify(dashboard.body).slice(0, 300)}`,
    );
    log('replica-lag: bob sent EUR that exist only on the primary (201), and sees the transfer in his history');

    await replay('resume');
    await maintenance(false);
    const lagMs = Date.now() - pausedAt;
    for (const until = Date.now() + 30_000; !(await feedHas(bob)); await sleep(200))
      assert(Date.now() < until, 'the replica did not catch up within 30 s of resuming');
    const caughtUpMs = Date.now() - pausedAt - lagMs;
    log(`replica-lag: replay resumed after ${lagMs} ms paused; another reader sees the post ${caughtUpMs} ms later`);
    const books = await p.ledger.check();
    assert(books.ok, `books: ${books.problems.slice(0, 5).join('; ')}`);
    return {
      name: 'replica lag (replay paused): own writes from the primary, money never from the replica',
      ok: true,
      pausedMs: lagMs,
      caughtUpMs,
      replayLagUnderLoadMs: lagUnderLoad,
    };
  } finally {
    await replay('resume').catch(() => {});
    await maintenance(false).catch(() => {});
    await p.cleanup();
  }
}

const cases = {
  'split-brain': splitBrainCase,
  'pgbouncer-restart': pgbouncerRestartCase,
  'replica-lag': replicaLagCase,
};
if (import.meta.url === `file://${process.argv[1]}`) {
  cases[process.argv[2]]().then(
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
