#!/usr/bin/env node
// Live direct messages across two API processes: 1,000 sockets spread over both (the
// three demo users, a third of the sockets each, alternating processes), messages sent between
// demo and bob through both processes. Every socket of the thread's two members must receive every
// message exactly once and in seq order (none lost, none doubled, none reordered); the third user's
// sockets receive none. Also the delivery latency (send request start -> event on a socket).
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { assert, log, repo, signIn, sleep } from './lib.mjs';
import { setupPortal } from './setup.mjs';

const { WebSocket } = createRequire(path.join(repo, 'api', 'package.json'))('ws');
const SOCKETS = Number(process.env.LIVE_SOCKETS ?? 1000);
const MESSAGES = Number(process.env.LIVE_MESSAGES ?? 200);

function openSocket(base, token, onEvent) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/realtime`);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.on('message', (raw) => {
      const e = JSON.parse(raw.toString());
      if (e.type === 'ready') resolve(ws);
      else onEvent(e, performance.now());
    });
    ws.on('error', reject);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function liveSocketsCase() {
  const p = await setupPortal('live-sockets');
  try {
    const b = await p.addApi();
    const nodes = [p.apis[0], b];
    const [demo, bob, admin] = await Promise.all(
      ['demo@portal.test', 'bob@portal.test', 'admin@portal.test'].map((e) => signIn(nodes[0].base, e)),
    );
    const parties = [demo, bob, admin];
    const sentAt = new Map(); // seq -> time the send started
    const received = []; // per socket: the seqs it got, in order
    const latencies = [];
    const sockets = [];
    for (let i = 0; i < SOCKETS; i++) {
      const who = parties[i % 3];
      const log_ = { user: who.userId, seqs: [] };
      received.push(log_);
      const ws = await openSocket(nodes[i % 2].base, who.token, (e, at) => {
        if (e.type !== 'message') return;
        log_.seqs.push(e.seq);
        const t0 = sentAt.get(e.seq);
        if (t0 !== undefined) latencies.push(at - t0);
      });
      sockets.push(ws);
    }
    log(
      `live-sockets: ${sockets.length} sockets open (${Math.ceil(SOCKETS / 2)} on A, ${Math.floor(SOCKETS / 2)} on B)`,
    );

    // the first message opens the pair's thread; then alternating senders through alternating processes
    let threadId;
    for (let i = 0; i < MESSAGES; i++) {
      const [from, to] = i % 2 ? [bob, demo] : [demo, bob];
      const base = nodes[(i >> 1) % 2].base;
      const path_ = threadId ? `/api/messages/threads/${threadId}/messages` : `/api/messages/with/${to.userId}`;
      sentAt.set(i + 1, performance.now()); // a fresh thread: message i is seq i+1 (checked below); set before: events can beat the answer
      const res = await fetch(`${base}${path_}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: `message ${i + 1}`, client_message_id: crypto.randomUUID() }),
      });
      const body = await res.json();
      assert(res.status === 201, `send ${i + 1}: ${res.status} ${JSON.stringify(body)}`);
      assert(body.message.seq === i + 1, `send ${i + 1} got seq ${body.message.seq}`);
      threadId ??= body.thread_id;
    }
    // wait until every member socket has everything (or 10 s)
    const members = received.filter((r) => r.user !== admin.userId);
    for (let waited = 0; waited < 10_000 && members.some((r) => r.seqs.length < MESSAGES); waited += 50)
      await sleep(50);

    const expected = Array.from({ length: MESSAGES }, (_, i) => i + 1).join(',');
    const wrong = members.filter((r) => r.seqs.join(',') !== expected);
    assert(
      wrong.length === 0,
      `${wrong.length} of ${members.length} member sockets did not get 1..${MESSAGES} once in order (first: ${wrong[0]?.seqs.slice(0, 20).join(',')}...)`,
    );
    const leaked = received.filter((r) => r.user === admin.userId && r.seqs.length > 0);
    assert(leaked.length === 0, `${leaked.length} sockets of a non-member received messages`);
    for (const ws of sockets) ws.terminate();
    latencies.sort((x, y) => x - y);
    const figures = {
      sockets: SOCKETS,
      messages: MESSAGES,
      deliveries: latencies.length,
      p50_ms: +percentile(latencies, 50).toFixed(1),
      p99_ms: +percentile(latencies, 99).toFixed(1),
      max_ms: +latencies.at(-1).toFixed(1),
    };
    log(
      `live-sockets: every member socket got ${MESSAGES} messages once, in order; latency ${JSON.stringify(figures)}`,
    );
    return { name: 'live messages, 1,000 sockets over two API processes', ok: true, ...figures };
  } finally {
    await p.cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await liveSocketsCase());
