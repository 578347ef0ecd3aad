import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, deposit, givePin } from '../../../test/helpers.js';
import { apiDir, apiStartArgs } from '../../../../scripts/lib/api-start.mjs';
import { getDatabaseUrl, getPool } from '../db/pool.js';

// The API process below and this test sign and read the same tokens and PINs.
process.env.JWT_SECRET = crypto.randomBytes(32).toString('hex');
process.env.PIN_SECRET = crypto.randomBytes(32).toString('hex');

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: { stringValue?: string } }[];
}
const attribute = (s: OtlpSpan, key: string) => s.attributes?.find((a) => a.key === key)?.value.stringValue;

/** An OTLP/HTTP (JSON) trace receiver in this process: what an OpenTelemetry collector would get. */
function otlpReceiver(): { server: Server; spans: OtlpSpan[] } {
  const spans: OtlpSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const r of body.resourceSpans) for (const s of r.scopeSpans) spans.push(...s.spans);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { server, spans };
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
const freePort = async () => {
  const s = createServer();
  const port = await listen(s);
  s.close();
  return port;
};

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("traces (docs/operations.md): a request's trace with its database spans, found by a 500's errorId", () => {
  const receiver = otlpReceiver();
  let api: ChildProcess;
  let base = '';
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-trace-'));

  beforeAll(async () => {
    const otlpPort = await listen(receiver.server);
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST'))),
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: getDatabaseUrl(),
      PORTAL_HOME: home,
      MODULES: 'wallet',
      LOG_LEVEL: 'silent',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${otlpPort}`,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    };
    api = spawn(process.execPath, apiStartArgs, { cwd: apiDir, env, stdio: ['ignore', 'ignore', 'inherit'] });
    base = `http://127.0.0.1:${port}`;
    await waitFor('the API', async () =>
      (await fetch(`${base}/api/health`).catch(() => undefined))?.ok ? true : undefined,
    );
  }, 90_000);

  afterAll(async () => {
    api?.kill('SIGKILL');
    receiver.server.close();
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('POST /api/wallet/transfers failing inside the database: the errorId of its 500 finds the trace, with the ledger call as a child span', async () => {
    const [a, b] = [await createUser(), await createUser()];
    await deposit(a.id, 'USD', '10.00');
    await givePin(a.id, '1234');
    // the database refuses to write any transaction: the send fails after its checks passed
    await getPool()
      .query(`CREATE FUNCTION forced_failure() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'forced failure'; END $$;
                           CREATE TRIGGER forced_failure BEFORE INSERT ON transactions FOR EACH ROW EXECUTE FUNCTION forced_failure()`);
    const r = await fetch(`${base}/api/wallet/transfers`, {
      method: 'POST',
      headers: { ...(await bearer(a.id)), 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ recipientId: b.id, assetSymbol: 'USD', amount: '1.00', pin: '1234' }),
    });
    expect(r.status).toBe(500);
    const { details } = (await r.json()) as { details: { errorId: string } };

    const request = await waitFor('the request span', () =>
      receiver.spans.find((s) => attribute(s, 'portal.error_id') === details.errorId),
    );
    expect(request.name).toBe('POST /api/wallet/transfers');
    const database = await waitFor('its database spans', () => {
      const found = receiver.spans.filter(
        (s) =>
          s.traceId === request.traceId &&
          /wallet_send/.test(attribute(s, 'db.statement') ?? attribute(s, 'db.query.text') ?? ''),
      );
      return found.length ? found : undefined;
    });
    expect(database.every((s) => s.traceId === request.traceId)).toBe(true);
    expect(JSON.stringify(database)).not.toContain('1234'); // statement text only, never its parameters
  });
});
