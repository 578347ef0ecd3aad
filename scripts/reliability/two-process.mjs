#!/usr/bin/env node
// Two API processes on one database behind one address (nginx, round robin: scripts/lib/nginx.mjs):
// a session signed in on one is used and refreshed on the other; per-IP sign-in limits count the
// people behind the proxy, not the proxy; transfers through both at once keep the books balanced, and
// every transfer answered 201 is in the ledger exactly once.
import path from 'node:path';
import { startNginx } from '../lib/nginx.mjs';
import { DEMO_PASSWORD, assert, freePort, json, log, postFrom, signIn, sleep, transferLoad } from './lib.mjs';
import { PIN, setupPortal } from './setup.mjs';

/** 30 failed sign-ins per address in 15 minutes (docs/decisions.md "Auth"): one address used up, the other unaffected. */
async function perClientLimits(base) {
  const token = `${base}/api/auth/token?grant_type=password`;
  let last;
  for (let i = 0; i < 31; i++) last = await postFrom('127.0.0.2', token, { email: `nobody-${i}@example.test`, password: 'wrong-password-1' });
  assert(last.status === 429, `31st failed sign-in from 127.0.0.2: ${last.status}`);
  const blocked = await postFrom('127.0.0.2', token, { email: 'bob@portal.test', password: DEMO_PASSWORD });
  assert(blocked.status === 429, `127.0.0.2 is limited, yet signed in: ${blocked.status}`);
  const other = await postFrom('127.0.0.1', token, { email: 'bob@portal.test', password: DEMO_PASSWORD });
  assert(other.status === 200, `127.0.0.1 was limited by 127.0.0.2's failures (the proxy's one address counted): ${other.status}`);
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
    const refreshed = await fetch(`${b.base}/api/auth/token?grant_type=refresh_token`, { method: 'POST', headers: { cookie: s.cookie } });
    const rb = await json(refreshed);
    assert(refreshed.status === 200, `refresh cookie from A refused by B: ${refreshed.status} ${JSON.stringify(rb)}`);
    const backOnA = await fetch(`${a.base}/api/wallet/dashboard`, { headers: { authorization: `Bearer ${rb.access_token}` } });
    assert(backOnA.status === 200, `token refreshed on B refused by A: ${backOnA.status}`);
    // the new cookie used on A, then the first (rotated) cookie replayed on A: reuse detected across
    // processes (shared database). Replaying before the successor is used would be a lost-answer
    // retry within the grace (api/src/modules/auth/service.ts), which is allowed.
    const newCookie = (refreshed.headers.get('set-cookie') ?? '').split(';')[0];
    const usedOnA = await fetch(`${a.base}/api/auth/token?grant_type=refresh_token`, { method: 'POST', headers: { cookie: newCookie } });
    assert(usedOnA.status === 200, `refresh cookie from B refused by A: ${usedOnA.status}`);
    const replay = await fetch(`${a.base}/api/auth/token?grant_type=refresh_token`, { method: 'POST', headers: { cookie: s.cookie } });
    assert(replay.status === 401, `replayed refresh token accepted by the other process: ${replay.status}`);
    log('session: signed in on A, used and refreshed on B, used on A; replay of the rotated cookie on A refused (401)');

    proxy = await startNginx({ dir: path.join(p.home.dir, 'nginx'), listen: `127.0.0.1:${await freePort()}`, upstreams: [a.base, b.base] });
    log(`nginx pid ${proxy.pid} on ${proxy.base}`);
    await perClientLimits(proxy.base);
    // sign-in through the proxy lands on one process, the next calls on the other
    const viaProxy = await signIn(proxy.base, 'demo@portal.test');
    for (let i = 0; i < 4; i++) {
      const r = await fetch(`${proxy.base}/api/wallet/dashboard`, { headers: { authorization: `Bearer ${viaProxy.token}` } });
      assert(r.status === 200, `dashboard through the proxy (call ${i}): ${r.status}`);
    }

    if (!p.hasTransfers) return { name: 'two API processes behind one address', ok: true, transfers: 'skipped: no transfer route yet' };
    const fresh = [];
    for (const email of ['demo@portal.test', 'bob@portal.test', 'admin@portal.test']) fresh.push(await signIn(proxy.base, email));
    const before = await p.ledger.check();
    const load = transferLoad({ bases: [proxy.base], sessions: fresh, pin: PIN, tag: 'two', clients: 12 });
    await sleep(Number(process.env.TWO_PROCESS_MS ?? 5000));
    const requests = await load.stop();
    const answered201 = requests.filter((r) => r.status === 201);
    const books = await p.ledger.check();
    const counts = await p.ledger.countByDescription('two-');
    const missing = answered201.filter((r) => counts.get(r.description) !== 1);
    const statuses = [...new Set(requests.map((r) => `${r.status}${r.body?.code ? ' ' + r.body.code : ''}`))];
    log(`transfers through both processes: ${requests.length} sent, ${answered201.length} answered 201 (statuses ${statuses.join(', ')}); books ${books.ok ? 'balanced' : 'BROKEN'}; ${books.transactions - before.transactions} new transactions`);
    assert(books.ok, `books: ${books.problems.slice(0, 5).join('; ')}`);
    assert(answered201.length > 0, 'no transfer succeeded');
    assert(requests.every((r) => r.status > 0 && r.status < 500), `errors through the proxy: ${statuses.join(', ')}`);
    assert(missing.length === 0, `answered 201 but not in the ledger exactly once: ${missing.length}`);
    assert(books.transactions - before.transactions === answered201.length, 'ledger holds transfers nobody was told about');
    return { name: 'two API processes behind one address', ok: true, transfers: requests.length, answered201: answered201.length, perSecond: Math.round(answered201.length / (Number(process.env.TWO_PROCESS_MS ?? 5000) / 1000)) };
  } finally {
    await proxy?.stop();
    await p.cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  twoProcessCase().then((r) => { console.log(JSON.stringify(r, null, 2)); process.exit(0); }, (e) => { console.error(e); process.exit(1); });
}
