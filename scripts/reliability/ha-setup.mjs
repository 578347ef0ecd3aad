// The common start of the HA cases (failover, split-brain, pgbouncer-restart): the HA database of
// scripts/lib/ha.mjs on its own subnet, two API processes (jobs off) taking requests through PgBouncer
// and sessions straight to the primary, nginx in front, the demo users funded with a PIN, a live
// campaign demo@ invests in and a contract whose milestones demo@ funds; a mixed load of transfers,
// investments and milestone fundings through nginx with every answer recorded; retries with the same
// Idempotency-Key; and the check that every 2xx is in the ledger exactly once.
import crypto from 'node:crypto';
import path from 'node:path';
import { startHaDatabase } from '../lib/ha.mjs';
import { startNginx } from '../lib/nginx.mjs';
import { assert, freePort, json, log, sleep } from './lib.mjs';
import { PIN, setupPortal } from './setup.mjs';

/**
 * setupPortal's `database` for the HA database of layout `id`: requests through PgBouncer (its url),
 * DATABASE_SESSION_URL (the primary through HAProxy) and DATABASE_REPLICA_URL (the replicas through
 * HAProxy) put into `env`, the API processes' environment.
 */
export function haDatabase(name, id, env) {
  const database = async (dir) => {
    const ha = await startHaDatabase({ id, dir: path.join(dir, 'ha'), log: (m) => log(`${name}: ${m}`) });
    env.DATABASE_SESSION_URL = ha.primaryUrl;
    env.DATABASE_REPLICA_URL = ha.replicaUrl;
    database.ha = ha;
    return { url: ha.pooledUrl, stop: ha.stop, start: async () => {} };
  };
  return database;
}

/** The HA database (layout `id`), two API processes and nginx; cleanup() stops everything and removes the namespaces. */
export async function setupHaPortal(name, id) {
  const env = { PORTAL_ROLE: 'api', TRUST_PROXY: '127.0.0.1' };
  const database = haDatabase(name, id, env);
  const p = await setupPortal(name, { env, database });
  const { ha } = database;
  let proxy;
  try {
    await p.addApi();
    proxy = await startNginx({
      dir: path.join(p.home.dir, 'nginx'),
      listen: `127.0.0.1:${await freePort()}`,
      upstreams: p.apis.map((a) => a.base),
    });
    const targets = await moneyTargets(proxy.base, p);
    return {
      ...p,
      ha,
      proxy,
      targets,
      cleanup: async () => {
        await proxy.stop();
        await p.cleanup();
      },
    };
  } catch (e) {
    await proxy?.stop();
    await p.cleanup();
    throw e;
  }
}

async function call(base, who, method, url, body, headers = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await json(res);
  assert(res.status < 300, `${method} ${url}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** bob@'s live campaign (approved by admin@) and demo@'s contract with bob@: what the load invests in and funds. */
async function moneyTargets(base, p) {
  const [demo, bob, admin] = p.sessions;
  const usd = (await p.ledger.pool.query(`SELECT id FROM assets WHERE symbol = 'USD'`)).rows[0].id;
  const end = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const { campaign } = await call(base, bob, 'POST', '/api/campaigns', {
    company_name: 'Failover Bakery Ltd',
    tagline: 'Bread that survives',
    description: 'A campaign the failover load invests in.',
    target_amount: '1000000.00',
    min_investment: '1.00',
    max_investment: '1000.00',
    equity_offered_percentage: '10',
    valuation: '10000000.00',
    campaign_end_date: end,
    asset_currency_id: usd,
    website_url: 'https://failover.example',
  });
  await call(base, bob, 'POST', `/api/campaigns/${campaign.id}/submit`);
  await call(base, admin, 'POST', `/api/campaigns/review/${campaign.id}/approve`);
  const { project } = await call(base, demo, 'POST', '/api/marketplace/projects', {
    title: 'Failover project',
    description: 'Milestones funded while the primary dies.',
    skills: 'Node',
    budget_amount: '100000.00',
    budget_type: 'fixed',
    budget_currency: usd,
    deadline: null,
  });
  const { proposal } = await call(base, bob, 'POST', `/api/marketplace/projects/${project.id}/proposals`, {
    proposal_text: 'ok',
  });
  const { contract_id: contractId } = await call(
    base,
    demo,
    'POST',
    `/api/marketplace/proposals/${proposal.id}/accept`,
  );
  return { campaignId: campaign.id, contractId };
}

/** The request of load step `i`: a transfer in the ring, demo@ investing, or demo@ funding a milestone. */
function request(i, sessions, targets, tag) {
  const [demo] = sessions;
  const description = `${tag}-${i}`;
  switch (i % 3) {
    case 0: {
      const from = sessions[i % sessions.length];
      const to = sessions[(i + 1) % sessions.length];
      return {
        kind: 'transfer',
        who: from,
        url: '/api/wallet/transfers',
        description,
        body: { amount: '1.00', recipientEmail: to.email, assetSymbol: 'USD', description, pin: PIN },
      };
    }
    case 1:
      return {
        kind: 'investment',
        who: demo,
        url: `/api/campaigns/${targets.campaignId}/investments`,
        body: { amount: '1.00', pin: PIN },
      };
    default:
      return {
        kind: 'milestone',
        who: demo,
        url: `/api/marketplace/contracts/${targets.contractId}/milestones`,
        body: { title: description, amount: '1.00', pin: PIN },
      };
  }
}

/** Sends one recorded request (again, with its key, when retried); fills status, body, error, times. */
async function send(base, rec, timeoutMs = 15_000) {
  rec.sentAt = Date.now();
  rec.error = undefined;
  try {
    const res = await fetch(`${base}${rec.url}`, {
      method: 'POST',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        authorization: `Bearer ${rec.who.token}`,
        'content-type': 'application/json',
        'idempotency-key': rec.key,
      },
      body: JSON.stringify(rec.body),
    });
    rec.status = res.status;
    rec.retryAfter = res.headers.get('retry-after');
    rec.answer = await json(res);
  } catch (e) {
    rec.status = 0;
    rec.error = e.cause?.code ?? e.name ?? String(e);
  }
  rec.doneAt = Date.now();
  return rec;
}

/** `clients` loops sending the mixed requests through `base` until stop(); every first answer is kept in `requests`. */
export function mixedLoad({ base, sessions, targets, tag, clients = 6 }) {
  const requests = [];
  let running = true;
  let n = 0;
  const loops = Array.from({ length: clients }, async () => {
    while (running) {
      const rec = { i: n++, key: crypto.randomUUID(), status: 0 };
      Object.assign(rec, request(rec.i, sessions, targets, tag));
      requests.push(rec);
      await send(base, rec);
      rec.first = { status: rec.status, error: rec.error, code: rec.answer?.code, retryAfter: rec.retryAfter };
      if (rec.status === 0 || rec.status >= 500) await sleep(100);
    }
  });
  return {
    requests,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return requests;
    },
  };
}

const ok = (r) => r.status >= 200 && r.status < 300;

/** Retries every request whose answer was an error (none, or 5xx) with its key and body until it has an outcome. */
export async function retryUntilAnswered(base, requests, ms = 60_000) {
  const open = () => requests.filter((r) => r.status === 0 || r.status >= 500);
  const retried = new Set(open());
  for (const until = Date.now() + ms; open().length > 0; await sleep(500)) {
    assert(Date.now() < until, `${open().length} requests still without an outcome after retrying for ${ms / 1000} s`);
    for (const r of open()) await send(base, r);
  }
  return [...retried];
}

/**
 * The money after the load and the retries, read on the primary: books balanced, nothing negative,
 * every request answered 2xx (first time or on a retry) in the ledger exactly once, and nothing in the
 * ledger that no client was told about.
 */
export async function checkMoney({ p, tag, requests, label }) {
  const q = async (sql, params) => (await p.ledger.pool.query(sql, params)).rows;
  const books = await p.ledger.check();
  assert(books.ok, `${label}: books ${books.problems.slice(0, 5).join('; ')}`);
  const [{ negative }] = await q(
    'SELECT (SELECT count(*) FROM user_wallets WHERE balance < 0) + (SELECT count(*) FROM escrow_holds WHERE held < 0) AS negative',
  );
  assert(Number(negative) === 0, `${label}: ${negative} negative wallets or holds`);
  const done = requests.filter(ok);
  const of = (kind) => done.filter((r) => r.kind === kind);
  const counts = await p.ledger.countByDescription(`${tag}-`);
  const transfersMissing = of('transfer').filter((r) => counts.get(r.description) !== 1);
  const transfersTotal = [...counts.values()].reduce((a, b) => a + b, 0);
  const investmentIds = of('investment').map((r) => r.answer?.investment?.id ?? r.answer?.id);
  const milestoneIds = of('milestone').map((r) => r.answer?.milestone?.id);
  const heldOnce = async (type, ids) =>
    (
      await q(
        `SELECT count(*)::int AS n FROM escrow_holds WHERE reference_type = $1 AND reference_id = ANY($2::uuid[]) AND held_total = 1`,
        [type, ids],
      )
    )[0].n;
  const [{ investments }] = await q('SELECT count(*)::int AS investments FROM investments WHERE campaign_id = $1', [
    p.targets.campaignId,
  ]);
  const [{ milestones }] = await q(
    'SELECT count(*)::int AS milestones FROM project_milestones WHERE contract_id = $1',
    [p.targets.contractId],
  );
  const figures = {
    transfers: of('transfer').length,
    investments: of('investment').length,
    milestones: of('milestone').length,
    transfersInLedger: transfersTotal,
    investmentsInLedger: investments,
    milestonesInLedger: milestones,
  };
  log(`${label}: books balanced (${books.transactions} transactions); 2xx ${JSON.stringify(figures)}`);
  assert(
    transfersMissing.length === 0,
    `${label}: ${transfersMissing.length} transfers answered 2xx not in the ledger exactly once`,
  );
  assert(
    transfersTotal === of('transfer').length,
    `${label}: ${transfersTotal} tagged transfers in the ledger, ${of('transfer').length} answered 2xx`,
  );
  assert(
    (await heldOnce('investment', investmentIds)) === investmentIds.length,
    `${label}: an investment answered 2xx has no escrow hold of 1.00`,
  );
  assert(
    investments === investmentIds.length && new Set(investmentIds).size === investments,
    `${label}: ${investments} investments in the ledger, ${investmentIds.length} answered 2xx`,
  );
  assert(
    (await heldOnce('milestone', milestoneIds)) === milestoneIds.length,
    `${label}: a milestone answered 2xx has no escrow hold of 1.00`,
  );
  assert(
    milestones === milestoneIds.length && new Set(milestoneIds).size === milestones,
    `${label}: ${milestones} milestones in the ledger, ${milestoneIds.length} answered 2xx`,
  );
  return figures;
}

/** What the clients saw: no 500 ever; errors only as 503 with Retry-After (or a cut connection); the 2xx rate and p99. */
export function clientFigures(requests, label) {
  const firsts = requests.map((r) => r.first ?? r);
  const byStatus = {};
  for (const f of firsts) {
    const name = f.status === 0 ? `no answer (${f.error})` : `${f.status}${f.code ? ' ' + f.code : ''}`;
    byStatus[name] = (byStatus[name] ?? 0) + 1;
  }
  log(`${label}: first answers ${JSON.stringify(byStatus)}`);
  assert(
    !firsts.some((f) => f.status >= 500 && f.status !== 503),
    `${label}: a 5xx other than 503: ${JSON.stringify(byStatus)}`,
  );
  assert(
    firsts.filter((f) => f.status === 503).every((f) => f.retryAfter),
    `${label}: a 503 without Retry-After`,
  );
  return byStatus;
}

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

export { ok as answered2xx };
