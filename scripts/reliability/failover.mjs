#!/usr/bin/env node
// Reliability case `failover`: the primary of the HA database (scripts/lib/ha.mjs) is killed (SIGKILL
// of its Patroni and PostgreSQL) while clients send transfers, investments and milestone fundings
// through nginx. Patroni promotes the synchronous standby once the leader key expires; HAProxy follows
// Patroni's REST, PgBouncer reconnects through it. Checked: every request answered 2xx is in the
// ledger exactly once on the new primary, books balanced, nothing negative, no 500 (only 503 with
// Retry-After or a cut connection), every client that got an error retried with the same
// Idempotency-Key and got one outcome; the time without writes is measured (target under 15 s); the
// killed node rejoins as a replica. pgBackRest: a full backup from a standby before, archiving checked
// on the new primary and an incremental backup after.
import { clusterState, healthyCluster } from '../lib/ha.mjs';
import {
  answered2xx,
  checkMoney,
  clientFigures,
  mixedLoad,
  percentile,
  retryUntilAnswered,
  setupHaPortal,
} from './ha-setup.mjs';
import { backRest, backupInfo } from '../lib/pgbackrest.mjs';
import { assert, log, sleep } from './lib.mjs';

const timed = async (fn) => {
  const started = Date.now();
  await fn();
  return Date.now() - started;
};

const TAG = 'failover';

export async function failoverCase() {
  const p = await setupHaPortal('failover', 2);
  try {
    const before = await clusterState(p.ha.layout);
    const leader = before.find((m) => m.role === 'leader');
    const sync = before.find((m) => m.role === 'sync_standby');
    const old = p.ha.layout.nodes.find((n) => n.name === leader.name);
    const fullMs = await timed(() => p.ha.backup('full'));
    log(`failover: full pgBackRest backup from a standby in ${fullMs} ms`);
    const load = mixedLoad({ base: p.proxy.base, sessions: p.sessions, targets: p.targets, tag: TAG });
    await sleep(Number(process.env.FAILOVER_WARMUP_MS ?? 8000));
    const killedAt = Date.now();
    const pids = await p.ha.killNode(old);
    log(`failover: killed ${old.name} (primary; ${pids.length} processes, SIGKILL); sync standby was ${sync.name}`);
    let resumedAt;
    for (const until = Date.now() + 60_000; !resumedAt; await sleep(100)) {
      if (Date.now() > until) {
        const seen = load.requests
          .filter((r) => r.sentAt > killedAt)
          .map((r) => `${r.kind} ${r.status || r.error} ${r.answer?.code ?? ''}`);
        throw new Error(
          `no write succeeded within 60 s of the kill: cluster ${JSON.stringify(await clusterState(p.ha.layout))}; answers ${JSON.stringify(seen.slice(-12))}`,
        );
      }
      resumedAt = load.requests
        .filter((r) => r.sentAt > killedAt && answered2xx(r))
        .map((r) => r.doneAt)
        .sort((a, b) => a - b)[0];
    }
    await sleep(Number(process.env.FAILOVER_AFTER_MS ?? 8000));
    const requests = await load.stop();
    const withoutWritesMs = resumedAt - killedAt;
    const after = await clusterState(p.ha.layout);
    const newLeader = after.find((m) => m.role === 'leader');
    log(
      `failover: ${newLeader?.name} is the primary; first write after the kill answered ${withoutWritesMs} ms after it`,
    );
    assert(
      newLeader && newLeader.name === sync.name,
      `the new primary is ${newLeader?.name}, not the sync standby ${sync.name}`,
    );

    const dead = p.apis.filter((a) => a.child.exitCode !== null);
    assert(
      dead.length === 0,
      `API processes exited during the failover: ${dead.map((a) => `${a.child.exitCode}: ${a.stderr().slice(-1500)}`).join(' | ')}`,
    );
    const statuses = clientFigures(requests, 'failover');
    const retried = await retryUntilAnswered(p.proxy.base, requests);
    log(
      `failover: ${retried.length} requests retried with their Idempotency-Key, each with one outcome now (${[...new Set(retried.map((r) => r.status))].join(', ')})`,
    );
    const money = await checkMoney({ p, tag: TAG, requests, label: 'failover' });

    const steady = requests.filter((r) => r.sentAt < killedAt && answered2xx(r));
    const steadySeconds = (killedAt - Math.min(...steady.map((r) => r.sentAt))) / 1000;
    const rate = (rs) => ({
      perSecond: Math.round(rs.length / steadySeconds),
      p99Ms: percentile(
        rs.map((r) => r.doneAt - r.sentAt),
        99,
      ),
    });
    const figures = { before: rate(steady), transfersBefore: rate(steady.filter((r) => r.kind === 'transfer')) };

    p.ha.startNode(old);
    const rejoined = await healthyCluster(p.ha.layout, 120_000);
    log(
      `failover: ${old.name} rejoined as ${rejoined.find((m) => m.name === old.name).role}; ${JSON.stringify(figures)}`,
    );
    // archiving goes on from the new primary (its new timeline), and a standby gives the next backup
    await backRest(p.ha.backRestConfig, 'check');
    const incrementalMs = await timed(() => p.ha.backup('incr'));
    const backups = (await backupInfo(p.ha.backRestConfig)).backup.map((b) => b.type);
    log(
      `failover: pgBackRest check passed on the new primary; incremental backup in ${incrementalMs} ms; backups ${backups.join(', ')}`,
    );
    assert(backups.join() === 'full,incr', `backups after the failover: ${backups.join()}`);
    assert(withoutWritesMs < 15_000, `writes stopped for ${withoutWritesMs} ms (target under 15 s)`);
    return {
      name: 'primary killed under load (Patroni failover)',
      ok: true,
      withoutWritesMs,
      fullBackupMs: fullMs,
      incrementalBackupMs: incrementalMs,
      newPrimary: newLeader.name,
      retried: retried.length,
      ...money,
      ...figures,
      statuses,
    };
  } finally {
    await p.cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  failoverCase().then(
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
