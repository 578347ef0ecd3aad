#!/usr/bin/env node
// Two API processes on one database behind one address (nginx, round robin: scripts/lib/nginx.mjs):
// a session signed in on one is used and refreshed on the other; per-IP sign-in limits count the
// people behind the proxy, not the proxy; transfers through both at once keep the books balanced, and
// every transfer answered 201 is in the ledger exactly once. An admin rolls mfe-wallet back through the
// proxy in the middle of that load: both processes serve the earlier release within a second
// (NOTIFY remote_releases), on the API and in the page's boot registry, with no file shared between them.
// Money sent through one process reaches the receiver's dashboard socket on the other (live pages).
import path from 'node:path';
import { startNginx } from '../lib/nginx.mjs';
import { DEMO_PASSWORD, assert, freePort, json, log, postFrom, signIn, sleep, transferLoad } from './lib.mjs';
import { livePageAcrossProcesses } from './live-pages.mjs';
import { PIN, setupPortal } from './setup.mjs';

/** Two releases of mfe-wallet, the second current, as the publishing tool registers them. */
async function twoWalletReleases(pool) {
  const ids = [];
  for (const version of ['1.0.0-rel-a', '1.0.0-rel-b']) {
    const base = `/remotes/mfe-wallet/${version}`;
    const { rows } = await pool.query(
      `INSERT INTO remote_releases (remote, version, content_hash, manifest_url, entry_url, routes, audience, preload, build_bytes, published_by)
       VALUES ('mfe-wallet', $1, $1, $2, $3, ARRAY['/dashboard'], 'user', ARRAY[$3], 1000, 'reliability') RETURNING id`,
      [version, `${base}/mf-manifest.json`, `${base}/remoteEntry.js`],
    );
    ids.push(rows[0].id);
    await pool.query(
      `INSERT INTO remote_current (remote, release_id) VALUES ('mfe-wallet', $1) ON CONFLICT (remote) DO UPDATE SET release_id = EXCLUDED.release_id`,
      [rows[0].id],
    );
  }
  return ids;
}

const servedWallet = async (base) =>
  (await json(await fetch(`${base}/api/platform/remotes`))).remotes?.find((r) => r.name === 'mfe-wallet')?.version;

/** An admin's rollback through the proxy (`admin` signed in there); ms until each process serves the earlier release. */
async function rollBackDuringLoad(proxyBase, apis, [earlier, later], admin) {
  for (const api of apis)
    assert(
      (await servedWallet(api.base)) === '1.0.0-rel-b',
      `${api.base} does not serve the current release before the rollback`,
    );
  const started = Date.now();
  const res = await fetch(`${proxyBase}/api/platform/releases/${earlier}/current`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ expected_current_id: later }),
  });
  assert(res.status === 200, `rollback through the proxy: ${res.status} ${JSON.stringify(await json(res))}`);
  const seen = [];
  for (const api of apis) {
    for (;;) {
      if ((await servedWallet(api.base)) === '1.0.0-rel-a') break;
      assert(Date.now() - started < 1000, `${api.base} still serves the later release 1 s after the rollback`);
      await sleep(10);
    }
    seen.push(Date.now() - started);
    const page = await fetch(`${api.base}/dashboard`, { headers: { cookie: 'portal_session=1' } });
    // the page's boot registry too (when the shell is built: the reliability run does not build it)
    if (page.status === 200)
      assert(
        (await page.text()).includes('/remotes/mfe-wallet/1.0.0-rel-a/remoteEntry.js'),
        `${api.base}: the page still names the later release`,
      );
  }
  log(
    `rollback of mfe-wallet during the load: both processes serve the earlier release after ${seen.join(' and ')} ms`,
  );
  return seen;
}

/** 30 failed sign-ins per address in 15 minutes (docs/decisions.md "Auth"): one address used up, the other unaffected. */
async function perClientLimits(base) {
  const token = `${base}/api/auth/token?grant_type=password`;
  let last;
  for (let i = 0; i < 31; i++)
    last = await postFrom('127.0.0.2', token, { email: `nobody-${i}@example.test`, password: 'wrong-password-1' });
  assert(last.status === 429, `31st failed sign-in from 127.0.0.2: ${last.status}`);
  const blocked = await postFrom('127.0.0.2', token, { email: 'bob@portal.test', password: DEMO_PASSWORD });
  assert(blocked.status === 429, `127.0.0.2 is limited, yet signed in: ${blocked.status}`);
  const other = await postFrom('127.0.0.1', token, { email: 'bob@portal.test', password: DEMO_PASSWORD });
  assert(
    other.status === 200,
    `127.0.0.1 was limited by 127.0.0.2's failures (the proxy's one address counted): ${other.status}`,
  );
  log('per-IP limits through nginx: 127.0.0.2 limited after 30 failures, 127.0.0.1 signs in');
}

export async function twoProcessCase() {
  const p = await setupPortal('two-process', { env: { TRUST_PROXY: '1' } });
  let proxy;
  try {
    const [a] = p.apis;
    const b = await p.addApi(); // shares PORTAL_HOME (JWT and PIN secrets) and the database
    log(`API A pid ${a.pid} ${a.base}, API B pid ${b.pid} ${b.base}`);

    // Sign in on A, use on B (access token), refresh on B (cookie), use the new token on A.
    const s = await signIn(a.base, 'bob@portal.test');
    const onB = await fetch(`${b.base}/api/wallet/dashboard`, { headers: { authorization: `Bearer ${s.token}` } });
    assert(onB.status === 200, `token from A refused by B: ${onB.status}`);
    const refreshed = await fetch(`${b.base}/api/auth/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { cookie: s.cookie },
    });
    const rb = await json(refreshed);
    assert(refreshed.status === 200, `refresh cookie from A refused by B: ${refreshed.status} ${JSON.stringify(rb)}`);
    const backOnA = await fetch(`${a.base}/api/wallet/dashboard`, {
      headers: { authorization: `Bearer ${rb.access_token}` },
    });
    assert(backOnA.status === 200, `token refreshed on B refused by A: ${backOnA.status}`);
    // the new cookie used on A, then the first (rotated) cookie replayed on A: reuse detected across
    // processes (shared database). Replaying before the successor is used would be a lost-answer
    // retry within the grace (api/src/modules/auth/sessions.ts), which is allowed.
    const newCookie = (refreshed.headers.get('set-cookie') ?? '').split(';')[0];
    const usedOnA = await fetch(`${a.base}/api/auth/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { cookie: newCookie },
    });
    assert(usedOnA.status === 200, `refresh cookie from B refused by A: ${usedOnA.status}`);
    const replay = await fetch(`${a.base}/api/auth/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { cookie: s.cookie },
    });
    assert(replay.status === 401, `replayed refresh token accepted by the other process: ${replay.status}`);
    log('session: signed in on A, used and refreshed on B, used on A; replay of the rotated cookie on A refused (401)');

    proxy = await startNginx({
      dir: path.join(p.home.dir, 'nginx'),
      listen: `127.0.0.1:${await freePort()}`,
      upstreams: [a.base, b.base],
    });
    log(`nginx pid ${proxy.pid} on ${proxy.base}`);
    await perClientLimits(proxy.base);
    // sign-in through the proxy lands on one process, the next calls on the other
    const viaProxy = await signIn(proxy.base, 'demo@portal.test');
    for (let i = 0; i < 4; i++) {
      const r = await fetch(`${proxy.base}/api/wallet/dashboard`, {
        headers: { authorization: `Bearer ${viaProxy.token}` },
      });
      assert(r.status === 200, `dashboard through the proxy (call ${i}): ${r.status}`);
    }

    if (!p.hasTransfers)
      return { name: 'two API processes behind one address', ok: true, transfers: 'skipped: no transfer route yet' };
    const livePageMs = await livePageAcrossProcesses(a, b, PIN);
    const fresh = [];
    for (const email of ['demo@portal.test', 'bob@portal.test', 'admin@portal.test'])
      fresh.push(await signIn(proxy.base, email));
    const releases = await twoWalletReleases(p.ledger.pool);
    const before = await p.ledger.check();
    const load = transferLoad({ bases: [proxy.base], sessions: fresh, pin: PIN, tag: 'two', clients: 12 });
    const loadMs = Number(process.env.TWO_PROCESS_MS ?? 5000);
    await sleep(loadMs / 2);
    const rollbackMs = await rollBackDuringLoad(proxy.base, [a, b], releases, fresh[2]);
    await sleep(loadMs / 2);
    const requests = await load.stop();
    const answered201 = requests.filter((r) => r.status === 201);
    const books = await p.ledger.check();
    const counts = await p.ledger.countByDescription('two-');
    const missing = answered201.filter((r) => counts.get(r.description) !== 1);
    const statuses = [...new Set(requests.map((r) => `${r.status}${r.body?.code ? ' ' + r.body.code : ''}`))];
    log(
      `transfers through both processes: ${requests.length} sent, ${answered201.length} answered 201 (statuses ${statuses.join(', ')}); books ${books.ok ? 'balanced' : 'BROKEN'}; ${books.transactions - before.transactions} new transactions`,
    );
    assert(books.ok, `books: ${books.problems.slice(0, 5).join('; ')}`);
    assert(answered201.length > 0, 'no transfer succeeded');
    assert(
      requests.every((r) => r.status > 0 && r.status < 500),
      `errors through the proxy: ${statuses.join(', ')}`,
    );
    assert(missing.length === 0, `answered 201 but not in the ledger exactly once: ${missing.length}`);
    assert(
      books.transactions - before.transactions === answered201.length,
      'ledger holds transfers nobody was told about',
    );
    return {
      name: 'two API processes behind one address',
      ok: true,
      transfers: requests.length,
      answered201: answered201.length,
      perSecond: Math.round(answered201.length / (loadMs / 1000)),
      rollbackSeenAfterMs: rollbackMs,
      livePageMs,
    };
  } finally {
    await proxy?.stop();
    await p.cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  twoProcessCase().then(
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
