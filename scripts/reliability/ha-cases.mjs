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
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { apiDir } from '../lib/api-start.mjs';
import { clusterState, healthyCluster, setBlackhole } from '../lib/ha.mjs';
import { answered2xx, checkMoney, clientFigures, mixedLoad, retryUntilAnswered, setupHaPortal } from './ha-setup.mjs';
import { assert, log, sleep } from './lib.mjs';

const { default: pg } = await import(pathToFileURL(createRequire(path.join(apiDir, 'package.json')).resolve('pg')).href);

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
      promoted = (await clusterState(layout)).find((m) => m.role === 'leader' && m.name !== old.name && m.state === 'running');
    }
    const promotedMs = Date.now() - cutAt;
    log(`split-brain: ${old.name} demoted itself ${demotedMs} ms after the cut; ${promoted.name} primary after ${promotedMs} ms`);
    assert(demotedMs < promotedMs, `the old primary was demoted (${demotedMs} ms) only after the new one was promoted (${promotedMs} ms)`);
    await sleep(6000);
    const requests = await load.stop();
    const refused = await onNode(layout.nodeUrl(old), 'CREATE TABLE split_brain_probe (x int)').then(() => 'accepted', (e) => e.code);
    assert(refused === '25006', `a write on the cut-off old primary: ${refused}`);

    clientFigures(requests, 'split-brain');
    await retryUntilAnswered(p.proxy.base, requests);
    const money = await checkMoney({ p, tag, requests, label: 'split-brain' });
    const all = 'SELECT id::text FROM transactions';
    const onOld = (await onNode(layout.nodeUrl(old), all)).map((r) => r.id);
    const onNew = new Set((await onNode(layout.nodeUrl(layout.nodes.find((n) => n.name === promoted.name)), all)).map((r) => r.id));
    const onlyOld = onOld.filter((id) => !onNew.has(id));
    log(`split-brain: the old primary holds ${onOld.length} transactions, ${onlyOld.length} of them missing on the new primary`);
    assert(onlyOld.length === 0, `committed on the old primary only: ${onlyOld.slice(0, 5).join(', ')}`);

    await setBlackhole(old, layout.etcd.address, false);
    healed = true;
    const members = await healthyCluster(layout, 120_000);
    log(`split-brain: healed; ${old.name} rejoined as ${members.find((m) => m.name === old.name).role}`);
    return { name: 'split brain refused (primary cut from etcd)', ok: true, demotedMs, promotedMs, oldPrimaryTransactions: onOld.length, onlyOnOld: onlyOld.length, ...money, answered2xx: requests.filter(answered2xx).length };
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
      resumedAt = load.requests.filter((r) => r.sentAt > restartedAt && answered2xx(r)).map((r) => r.doneAt).sort((a, b) => a - b)[0];
    }
    await sleep(5000);
    const requests = await load.stop();
    const statuses = clientFigures(requests, 'pgbouncer-restart');
    const retried = await retryUntilAnswered(p.proxy.base, requests);
    const money = await checkMoney({ p, tag, requests, label: 'pgbouncer-restart' });
    log(`pgbouncer-restart: writes again ${resumedAt - restartedAt} ms after the restart; ${retried.length} retried`);
    return { name: 'PgBouncer restarted under load', ok: true, withoutWritesMs: resumedAt - restartedAt, retried: retried.length, ...money, statuses };
  } finally {
    await p.cleanup();
  }
}

const cases = { 'split-brain': splitBrainCase, 'pgbouncer-restart': pgbouncerRestartCase };
if (import.meta.url === `file://${process.argv[1]}`) {
  cases[process.argv[2]]().then((r) => { console.log(JSON.stringify(r, null, 2)); process.exit(0); }, (e) => { console.error(e); process.exit(1); });
}
