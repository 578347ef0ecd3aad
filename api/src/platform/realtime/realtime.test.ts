import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser } from '../../../test/helpers.js';
import { revocations } from '../auth/revocation.js';
import { getDatabaseUrl, getPool } from '../db/pool.js';
import { defineChannel, getListener, publish, RealtimeListener } from './index.js';

// Two API processes share JWT_SECRET in production; so do the two instances here.
process.env.JWT_SECRET ??= crypto.randomBytes(32).toString('hex');
const PASSWORD = 'Correct-horse-42';

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 2000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await ok()) return;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('realtime: typed publish/subscribe over NOTIFY (one LISTEN connection)', () => {
  const channel = defineChannel<{ n: number }>('test_ping');
  const listener = new RealtimeListener();
  const got: number[] = [];
  beforeAll(async () => {
    listener.subscribe(channel, (p) => got.push(p.n));
    await listener.start();
  });
  afterAll(() => listener.stop());

  it('delivers a NOTIFY sent inside a transaction on commit, never one that was rolled back', async () => {
    const db = await getPool().connect();
    try {
      await db.query('BEGIN');
      await publish(db, channel, { n: 1 });
      await db.query('ROLLBACK');
      await db.query('BEGIN');
      await publish(db, channel, { n: 2 });
      await new Promise((r) => setTimeout(r, 100));
      expect(got).toEqual([]); // not before the commit
      await db.query('COMMIT');
    } finally {
      db.release();
    }
    await until('commit delivered', () => got.length > 0);
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual([2]);
  });

  it('refuses a channel name that is not an identifier', () => {
    expect(() => defineChannel('drop table; --')).toThrow(/Bad channel name/);
  });
});

describe('session revocation across two API instances on one database (docs/decisions.md "Auth")', () => {
  // Instance A: this file's modules. Instance B: a second copy of every module (own pool, own
  // LISTEN connection, own ended-session set, own verified-token cache), as a second process has.
  const appA = createTestApp(['auth', 'wallet', 'profile']);
  let appB: ReturnType<typeof createTestApp>;
  let revB: typeof revocations;
  let listenerB: RealtimeListener;
  let closeB: () => Promise<void>;

  beforeAll(async () => {
    await revocations.start();
    vi.resetModules();
    const poolB = await import('../db/pool.js');
    poolB.setDatabaseUrl(getDatabaseUrl());
    appB = (await import('../../app.js')).createTestApp(['auth', 'wallet', 'profile']);
    const realtimeB = await import('./index.js');
    revB = (await import('../auth/revocation.js')).revocations;
    listenerB = realtimeB.getListener();
    expect(listenerB).not.toBe(getListener());
    await revB.start();
    closeB = async () => {
      await revB.stop();
      await poolB.closePool();
    };
  });
  afterAll(async () => {
    await closeB();
    await revocations.stop();
  });

  async function signIn(email: string) {
    const res = await appA.request('/api/auth/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    return { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
  }
  const dashboardOn = (app: typeof appA, headers: Record<string, string>) =>
    app.request('/api/wallet/dashboard', { headers });
  const ended = async (res: Response) =>
    res.status === 401 &&
    ((await res.json()) as { error: string }).error === 'Session has ended. Please sign in again.';

  it("logout everywhere through A: B refuses the other session's token within 2 s, from its in-memory set", async () => {
    const user = await createUser({ password: PASSWORD });
    const a = await signIn(user.email);
    const b = await signIn(user.email);
    expect((await dashboardOn(appB, b)).status).toBe(200); // B verified it and cached the signature
    expect(revB.mode).toBe('memory');
    expect((await appA.request('/api/auth/logout?scope=global', { method: 'POST', headers: a })).status).toBe(204);
    await until('B refuses the ended session', async () => ended(await dashboardOn(appB, b)));
    await until("B refuses the caller's own session too", async () => ended(await dashboardOn(appB, a)));
    expect(revB.mode).toBe('memory'); // the notification did it, not a database check
  });

  it('one session signed out in the security section through B: A refuses it, the other session keeps working', async () => {
    const user = await createUser({ password: PASSWORD });
    const mine = await signIn(user.email);
    const other = await signIn(user.email);
    expect((await dashboardOn(appA, other)).status).toBe(200);
    const { sessions } = (await (await appB.request('/api/profile/sessions', { headers: mine })).json()) as {
      sessions: { id: string; current: boolean }[];
    };
    const target = sessions.find((s) => !s.current)!;
    expect((await appB.request(`/api/profile/sessions/${target.id}`, { method: 'DELETE', headers: mine })).status).toBe(
      204,
    );
    await until('A refuses the signed-out session', async () => ended(await dashboardOn(appA, other)));
    expect((await dashboardOn(appA, mine)).status).toBe(200);
  });

  it('LISTEN connection killed: B checks the database meanwhile (revocation still holds), then reconnects and re-syncs', async () => {
    const user = await createUser({ password: PASSWORD });
    const a = await signIn(user.email);
    const b = await signIn(user.email);
    expect((await dashboardOn(appB, b)).status).toBe(200);
    const connects = listenerB.connects;
    const pid = await listenerB.backendPid();
    expect(pid).toBeGreaterThan(0);
    const { rows } = await getPool().query<{ ok: boolean }>('SELECT pg_terminate_backend($1) AS ok', [pid]);
    expect(rows[0]!.ok).toBe(true);
    await until('B notices the loss', () => revB.mode === 'database');

    // Revoked while B hears nothing: B's next request asks the database and is refused at once.
    expect((await appA.request('/api/auth/logout?scope=global', { method: 'POST', headers: a })).status).toBe(204);
    expect(await ended(await dashboardOn(appB, b))).toBe(true);
    const other = await signIn(user.email);
    expect((await dashboardOn(appB, other)).status).toBe(200); // a live session still passes

    // Reconnects after the first delay (1 s), re-reads the ended sessions, back on the memory path.
    await until('B reconnects and re-syncs', () => listenerB.connects > connects && revB.mode === 'memory', 5000);
    expect(await ended(await dashboardOn(appB, b))).toBe(true); // learnt from the database at re-sync
    expect((await dashboardOn(appB, other)).status).toBe(200);
    // And notifications flow again.
    expect((await appA.request('/api/auth/logout?scope=local', { method: 'POST', headers: other })).status).toBe(204);
    await until('B hears the next revocation', async () => ended(await dashboardOn(appB, other)));
  });

  it('a restarted instance knows sessions ended before it started (loaded from the database)', async () => {
    const user = await createUser({ password: PASSWORD });
    const a = await signIn(user.email);
    const b = await signIn(user.email);
    await revB.stop(); // "process B is down"
    expect((await appA.request('/api/auth/logout?scope=global', { method: 'POST', headers: a })).status).toBe(204);
    await revB.start(); // "process B starts again"
    expect(revB.mode).toBe('memory');
    expect(await ended(await dashboardOn(appB, b))).toBe(true);
  });
});
