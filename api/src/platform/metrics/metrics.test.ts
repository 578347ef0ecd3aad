import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, bearer, deposit, givePin } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { getPool } from '../db/pool.js';
import { inTransaction } from '../db/transaction.js';
import { runMeasured } from '../jobs/index.js';
import { RealtimeListener } from '../realtime/index.js';
import { LiveSockets, SOCKET_PATH, sendToUsers } from '../realtime/sockets.js';
import { checkBooks, hold } from '../ledger/index.js';
import * as rateLimit from '../rate-limit.js';
import { eventLoopDelayMs, metricsText, registry } from './index.js';

/** The value of one sample of the registry ('name{a="b"}'), 0 when absent. */
async function sample(name: string, labels: Record<string, string> = {}): Promise<number> {
  const family = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  const match = family?.values.find((v) =>
    Object.entries(labels).every(([k, want]) => String((v.labels as Record<string, unknown>)[k]) === want),
  );
  return match ? Number(match.value) : 0;
}

const app = createTestApp(['wallet']);
const transfer = (token: Record<string, string>, key: string, body: Record<string, string>) =>
  app.request('/api/wallet/transfers', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { ...token, 'content-type': 'application/json', 'Idempotency-Key': key },
  });

beforeAll(async () => {
  await getPool().query(`UPDATE transaction_limit_caps SET max_usd = 1000000000`);
});

describe('metrics (docs/operations.md): each family moves when its event happens', () => {
  it('an HTTP request is counted and timed under its route template, never its ids', async () => {
    const before = await sample('portal_http_requests_total', { method: 'GET', route: '/api/health', status: '200' });
    expect((await app.request('/api/health')).status).toBe(200);
    expect(await sample('portal_http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBe(
      before + 1,
    );
    const text = await metricsText();
    expect(text).toMatch(/portal_http_request_duration_seconds_bucket\{[^}]*route="\/api\/health"/);
    const id = crypto.randomUUID();
    await app.request(`/api/wallet/requests/${id}/decline`, { method: 'POST' });
    const after = await metricsText();
    expect(after).toContain('route="/api/wallet/requests/:id/decline",status="401"');
    expect(after).not.toContain(id);
  });

  it('a transfer counts one committed p2p_transfer; its retry counts a replay; the key with another body a conflict', async () => {
    const [a, b] = [await createUser(), await createUser()];
    await deposit(a.id, 'USD', '50.00');
    await givePin(a.id, '1234');
    const token = await bearer(a.id);
    const [sent, replays, conflicts] = await Promise.all([
      sample('portal_ledger_transactions_total', { type: 'p2p_transfer' }),
      sample('portal_idempotency_total', { outcome: 'replay' }),
      sample('portal_idempotency_total', { outcome: 'conflict' }),
    ]);
    const key = crypto.randomUUID();
    const body = { recipientId: b.id, assetSymbol: 'USD', amount: '5.00', pin: '1234' };
    expect((await transfer(token, key, body)).status).toBe(201);
    expect(await sample('portal_ledger_transactions_total', { type: 'p2p_transfer' })).toBe(sent + 1);
    expect((await transfer(token, key, body)).status).toBe(201);
    expect(await sample('portal_idempotency_total', { outcome: 'replay' })).toBe(replays + 1);
    expect((await transfer(token, key, { ...body, amount: '6.00' })).status).toBe(422);
    expect(await sample('portal_idempotency_total', { outcome: 'conflict' })).toBe(conflicts + 1);
    expect(await sample('portal_ledger_transactions_total', { type: 'p2p_transfer' })).toBe(sent + 1);
  });

  it('an escrow hold is counted when its transaction commits, and not at all when it rolls back', async () => {
    const payer = await createUser();
    await deposit(payer.id, 'USD', '20.00');
    const holds = () => sample('portal_escrow_movements_total', { movement: 'hold', reference: 'milestone' });
    const before = await holds();
    const holdFor = (db: Parameters<typeof hold>[0]) =>
      hold(db, {
        reference: { type: 'milestone', id: crypto.randomUUID() },
        payerId: payer.id,
        assetSymbol: 'USD',
        amount: '2.00',
      });
    await expect(
      inTransaction(async (db) => {
        await holdFor(db);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await holds()).toBe(before);
    await inTransaction(holdFor);
    expect(await holds()).toBe(before + 1);
  });

  it("a refused rate limit counts a refusal under the limit's name, not the caller's address", async () => {
    const before = await sample('portal_rate_limit_refusals_total', { limit: 'test-limit:ip' });
    const key = `test-limit:ip:${crypto.randomUUID()}`;
    await rateLimit.enforce(key, 1, 60, () => 'slow down');
    await expect(rateLimit.enforce(key, 1, 60, () => 'slow down')).rejects.toMatchObject({ status: 429 });
    expect(await sample('portal_rate_limit_refusals_total', { limit: 'test-limit:ip' })).toBe(before + 1);
    expect(await metricsText()).not.toContain(key);
  });

  it('a failing job counts a failure (and is rethrown for pg-boss to retry); a good run counts a completion', async () => {
    const failing = {
      name: 'test.failing',
      cron: '* * * * *',
      run: async () => {
        throw new Error('bank unreachable');
      },
    };
    await expect(runMeasured(failing)).rejects.toThrow('bank unreachable');
    expect(await sample('portal_job_runs_total', { job: 'test.failing', outcome: 'failed' })).toBe(1);
    await runMeasured({ ...failing, name: 'test.good', run: async () => 'ok' });
    expect(await sample('portal_job_runs_total', { job: 'test.good', outcome: 'completed' })).toBe(1);
  });

  it('a books check over the whole ledger sets the result gauge and its time', async () => {
    const report = await checkBooks();
    expect(await sample('portal_books_check_ok')).toBe(report.ok ? 1 : 0);
    expect(await sample('portal_books_check_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it('the event-loop delay is the lag beyond the sampling interval (an idle process reads 10.1 ms of lag)', () => {
    expect(eventLoopDelayMs(0.0101)).toBeCloseTo(0.1, 6);
    expect(eventLoopDelayMs(0.0325)).toBeCloseTo(22.5, 6);
    expect(eventLoopDelayMs(0.004)).toBe(0);
  });

  it("the shared pool's connections and the event loop are read at scrape time", async () => {
    const text = await metricsText();
    expect(text).toMatch(/portal_db_pool_connections\{[^}]*state="idle"[^}]*\} \d+/);
    expect(text).toContain('portal_nodejs_eventloop_lag_p99_seconds');
  });
});

describe("live sockets: open sockets are counted at scrape time, and each delivered event's lag from its NOTIFY", () => {
  it('a signed-in socket counts one; an event sent to its user is delivered and observed', async () => {
    const listener = new RealtimeListener();
    const server = serve({
      fetch: buildApp({ modules: [], serveStatic: false }).fetch,
      port: 0,
      hostname: '127.0.0.1',
    }) as unknown as Server;
    await new Promise((resolve) => server.once('listening', resolve));
    const live = new LiveSockets([], listener).attach(server);
    await listener.start();
    const user = await createUser();
    const ws = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}${SOCKET_PATH}`);
    const frames: { type: string }[] = [];
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString()) as { type: string }));
    const frame = async (type: string) => {
      for (let i = 0; i < 100 && !frames.some((f) => f.type === type); i++) await new Promise((r) => setTimeout(r, 30));
      return frames.find((f) => f.type === type);
    };
    try {
      await new Promise((resolve) => ws.once('open', resolve));
      const open = await sample('portal_open_sockets');
      ws.send(JSON.stringify({ type: 'auth', token: (await bearer(user.id)).authorization.slice(7) }));
      expect(await frame('ready')).toBeDefined();
      await metricsText();
      expect(await sample('portal_open_sockets')).toBe(open + 1);
      const delivered = async () =>
        (await metricsText()).match(/^portal_realtime_delivery_lag_seconds_count\{[^}]*\} (\d+)/m)?.[1] ?? '0';
      const before = await delivered();
      await sendToUsers(getPool(), [user.id], { type: 'metrics-test' });
      expect(await frame('metrics-test')).toBeDefined();
      expect(Number(await delivered())).toBe(Number(before) + 1);
    } finally {
      ws.close();
      await live.close();
      await listener.stop();
      server.close();
    }
  });
});

describe('GET /metrics: only on this machine, never through a proxy, never on the public port in production', () => {
  let url = '';
  let close = () => {};
  beforeAll(async () => {
    const server = serve({
      fetch: buildApp({ modules: [], serveStatic: false }).fetch,
      port: 0,
      hostname: '127.0.0.1',
    });
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
    close = () => server.close();
  });
  afterAll(() => close());

  it('answers a client on loopback in development with the Prometheus text format', async () => {
    const r = await fetch(url);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/plain');
    expect(await r.text()).toContain('# TYPE portal_http_requests_total counter');
  });

  it('refuses a request forwarded by a proxy (the proxy connects from loopback too)', async () => {
    expect((await fetch(url, { headers: { 'X-Forwarded-For': '203.0.113.9' } })).status).toBe(404);
  });

  it('is not a route of the app in production', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('PUBLIC_ORIGIN', 'https://localhost'); // production answers only for its configured host (421 otherwise)
    try {
      expect((await buildApp({ modules: [], serveStatic: false }).request('/metrics')).status).toBe(404);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
