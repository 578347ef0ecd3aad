// Live pages across two API processes (docs/decisions.md "Live pages"): a socket on process B watches
// bob's wallets (his dashboard), demo's socket on B asks to watch them too; demo sends bob money
// through process A. Bob's socket hears 'wallets:<bob>' (the trigger's NOTIFY, fanned out by B's
// LISTEN connection), demo's was refused and hears nothing. Returns the delivery time.
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { assert, log, repo, signIn, sleep } from './lib.mjs';

const { WebSocket } = createRequire(path.join(repo, 'api', 'package.json'))('ws');

/** A signed-in socket on `base` that keeps every event it gets (with when). */
function socketOn(base, token) {
  const events = [];
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/realtime`);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.on('message', (raw) => {
      const e = JSON.parse(raw.toString());
      events.push({ ...e, at: performance.now() });
      if (e.type === 'ready') resolve({ ws, events, send: (frame) => ws.send(JSON.stringify(frame)) });
    });
    ws.on('error', reject);
  });
}

async function until(what, ok, ms = 3000) {
  for (const started = Date.now(); !ok(); await sleep(10))
    assert(Date.now() - started < ms, `not within ${ms} ms: ${what}`);
}

export async function livePageAcrossProcesses(a, b, pin) {
  const [demo, bob] = await Promise.all(['demo@portal.test', 'bob@portal.test'].map((email) => signIn(a.base, email)));
  const topic = `wallets:${bob.userId}`;
  const bobOnB = await socketOn(b.base, bob.token);
  const demoOnB = await socketOn(b.base, demo.token);
  bobOnB.send({ type: 'watch', topics: [topic] });
  demoOnB.send({ type: 'watch', topics: [topic] });
  await until('bob watches his wallets on B', () =>
    bobOnB.events.some((e) => e.type === 'watching' && e.topic === topic),
  );
  await until("demo is refused bob's wallets on B", () =>
    demoOnB.events.some((e) => e.type === 'error' && e.topic === topic && e.code === 'NOT_FOUND'),
  );

  const sent = performance.now();
  const res = await fetch(`${a.base}/api/wallet/transfers`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${demo.token}`,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({
      amount: '1.00',
      recipientEmail: bob.email,
      assetSymbol: 'USD',
      description: 'live page across processes',
      pin,
    }),
  });
  assert(res.status === 201, `transfer through A: ${res.status} ${await res.text()}`);
  await until("bob's socket on B hears his wallets change", () =>
    bobOnB.events.some((e) => e.type === 'topic' && e.topic === topic),
  );
  const ms = bobOnB.events.find((e) => e.type === 'topic').at - sent;
  await sleep(200);
  assert(!demoOnB.events.some((e) => e.type === 'topic'), "demo's socket heard bob's wallets");
  for (const s of [bobOnB, demoOnB]) s.ws.terminate();
  log(
    `live page: money sent through A reached bob's dashboard socket on B ${ms.toFixed(1)} ms after the request started; demo (refused) heard nothing`,
  );
  return Math.round(ms);
}
