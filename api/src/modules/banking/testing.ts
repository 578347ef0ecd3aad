import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { startPlaidSandbox } from '@portal/plaid-sandbox';
import { expect } from 'vitest';
import { getPool } from '../../platform/db/pool.js';
import { checkBooks } from '../../platform/ledger/index.js';
import { plaid, stopPlaid } from '../../platform/plaid/index.js';
import {
  assetIdOf,
  bearer,
  createTestApp,
  createUser,
  deposit,
  givePin,
  walletBalance,
} from '../../../test/helpers.js';
import type { Json } from '../../../test/module-client.js';
import { syncTransferEvents } from './events/sync.js';

/**
 * What the banking tests share: a Plaid sandbox of the file's own (a real HTTP server reached through
 * the official client), the API on a real port (the sandbox posts its webhooks there, through a
 * recorder that keeps them so a test can deliver one again), calls as a user, linked banks, the books,
 * and a count of the API's requests to each Plaid endpoint.
 */
export type { Json };
export const PIN = '1357';
export const FIRST_PLATYPUS = 'ins_109508';
export const GINGHAM_LOGIN_FAILS = 'ins_109509';
export const TATTERSALL_LOW_BALANCE = 'ins_109510';

export async function bankingHarness() {
  const plaidRequests: string[] = []; // 'POST /transfer/create 200': what the API asked of Plaid
  const sandbox = await startPlaidSandbox({ port: 0, log: (line) => plaidRequests.push(line) });
  process.env.PLAID_SANDBOX_URL = sandbox.url;
  const app = createTestApp(['banking', 'wallet']);
  const api = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as unknown as http.Server;
  await new Promise<void>((r) => (api.listening ? r() : api.once('listening', () => r())));
  const base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  const hooks = await webhookRecorder(base);
  process.env.PUBLIC_ORIGIN = hooks.url; // the webhook URL given to Plaid: through the recorder

  async function call(
    userId: string | null,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await fetch(`${base}/api/banking${path}`, {
      method,
      headers: {
        ...(userId ? await bearer(userId) : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, text: await res.clone().text(), body: (await res.json().catch(() => ({}))) as Json };
  }

  /** The user links a sandbox bank as the Link script does: a link token, the institution chosen, the portal's exchange. */
  async function link(userId: string, institutionId = FIRST_PLATYPUS) {
    const token = await call(userId, 'POST', '/link-token', {});
    const done = await fetch(`${new URL(token.body.script_url).origin}/link/sandbox/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ link_token: token.body.link_token, institution_id: institutionId }),
    });
    const { public_token, metadata } = (await done.json()) as Json;
    const res = await call(userId, 'POST', '/exchange', {
      public_token,
      institution_id: metadata.institution.institution_id,
      institution_name: metadata.institution.name,
      accounts: metadata.accounts.map((a: Json) => ({
        id: a.id,
        name: a.name,
        mask: a.mask,
        type: a.type,
        subtype: a.subtype,
      })),
    });
    if (res.status !== 201) throw new Error(`exchange: ${res.status} ${res.text}`);
    return res.body.accounts as Json[];
  }

  const move = (
    userId: string,
    kind: 'deposits' | 'withdrawals',
    input: Json,
    idem: string = crypto.randomUUID(),
    pin = PIN,
  ) => call(userId, 'POST', `/${kind}`, { ...input, pin }, { 'Idempotency-Key': idem });

  /** Plaid moves the transfer (posted, settled, failed, returned); the webhook then syncs the events here. */
  async function simulate(
    plaidTransferId: string,
    eventType: string,
    failure?: { ach_return_code: string; description: string },
  ) {
    const before = hooks.received.length;
    await (
      await plaid()
    ).sandboxTransferSimulate({
      transfer_id: plaidTransferId,
      event_type: eventType,
      ...(failure ? { failure_reason: failure } : {}),
    });
    await waitFor(async () => hooks.received.length > before && hooks.answered.length >= hooks.received.length);
  }

  async function close() {
    await new Promise((r) => api.close(r));
    await hooks.close();
    await stopPlaid();
    await sandbox.close();
  }
  /** How many requests the API has made to a Plaid endpoint ('/transfer/authorization/create'). */
  const plaidCalls = (endpoint: string) => plaidRequests.filter((line) => line.startsWith(`POST ${endpoint} `)).length;
  return { call, link, move, simulate, plaidCalls, hooks, sync: syncTransferEvents, close };
}

/** Between the sandbox and the API: forwards each webhook as it came and keeps it, to be delivered again. */
async function webhookRecorder(apiBase: string) {
  const received: { path: string; headers: Record<string, string>; body: string }[] = [];
  const answered: number[] = [];
  const deliver = async (h: (typeof received)[number]) =>
    (await fetch(`${apiBase}${h.path}`, { method: 'POST', headers: h.headers, body: h.body })).status;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      const hook = {
        path: req.url ?? '/',
        headers: {
          'content-type': 'application/json',
          'plaid-verification': String(req.headers['plaid-verification'] ?? ''),
        },
        body,
      };
      received.push(hook);
      const status = await deliver(hook).catch(() => 502);
      answered.push(status);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, answered, deliver, close: () => new Promise((r) => server.close(r)) };
}

export async function waitFor(ok: () => Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A user with the PIN and, if given, US dollars. */
export async function person(usd?: string) {
  const u = await createUser();
  await givePin(u.id, PIN);
  if (usd) await deposit(u.id, 'USD', usd);
  return u;
}

export const usdId = () => assetIdOf('USD');
export const balance = (userId: string) => walletBalance(userId, 'USD');
export const transferRow = async (id: string) =>
  (
    await getPool().query(
      `SELECT status, plaid_transfer_id, failure_reason, booked_transaction_id, undo_transaction_id, hold_transaction_id, amount::numeric(38,2)::text AS amount, fee::numeric(38,2)::text AS fee, shortfall::numeric(38,2)::text AS shortfall
     FROM bank_transfers WHERE id = $1`,
      [id],
    )
  ).rows[0];
export const systemBalance = async (code: string) =>
  (
    await getPool().query(
      `SELECT b.balance::numeric(38,2)::text AS b FROM system_account_balances b JOIN assets a ON a.id = b.asset_id WHERE b.code = $1 AND a.symbol = 'USD'`,
      [code],
    )
  ).rows[0].b as string;
export const expectBooks = async () => expect((await checkBooks()).problems).toEqual([]);
