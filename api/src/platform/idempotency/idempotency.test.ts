import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getPool } from '../db/pool.js';
import { AppError } from '../errors.js';
import { createUser } from '../../../test/helpers.js';
import { canonicalJson, requestFingerprint, runIdempotent } from './index.js';

// The general path for money-moving handlers that are not wallet_send (claim, work, store in one
// database transaction). The work here writes an audit_log row, so "ran twice" is visible.
const countRuns = async (tag: string) =>
  Number((await getPool().query(`SELECT count(*)::int AS n FROM audit_log WHERE action = $1`, [tag])).rows[0].n);
const work = (tag: string) => async (client: import('pg').PoolClient) => {
  await client.query(`INSERT INTO audit_log (action) VALUES ($1)`, [tag]);
  await new Promise((r) => setTimeout(r, 20));
  return { status: 201, body: { ok: true, tag } };
};

describe('runIdempotent (Idempotency-Key, docs/architecture.md "The money model")', () => {
  it('fingerprints ignore key order and omitted secret fields', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: [3, { f: 4, e: 5 }] } })).toBe(
      '{"a":{"c":[3,{"e":5,"f":4}],"d":2},"b":1}',
    );
    expect(requestFingerprint('POST', '/x', { a: 1, pin: '1234' }, ['pin'])).toBe(
      requestFingerprint('POST', '/x', { a: 1, pin: '9999' }, ['pin']),
    );
    expect(requestFingerprint('POST', '/x', { a: 1 })).not.toBe(requestFingerprint('POST', '/x', { a: 2 }));
  });

  it('concurrent duplicates run the work once and all get the same answer; another body gets 422', async () => {
    const u = await createUser();
    const tag = `idem-${crypto.randomBytes(4).toString('hex')}`;
    const ctx = { key: crypto.randomUUID(), requestHash: 'h1' };
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => runIdempotent(u.id, ctx, work(tag))));
    const ok = results
      .filter((r) => r.status === 'fulfilled')
      .map((r) => (r as PromiseFulfilledResult<{ status: number; body: unknown; replayed: boolean }>).value);
    expect(ok).toHaveLength(10); // duplicates wait on the key, then replay
    expect(ok.filter((r) => !r.replayed)).toHaveLength(1);
    for (const r of ok) expect(r).toMatchObject({ status: 201, body: { ok: true, tag } });
    expect(await countRuns(tag)).toBe(1);
    await expect(runIdempotent(u.id, { ...ctx, requestHash: 'h2' }, work(tag))).rejects.toMatchObject({
      status: 422,
      code: 'IDEMPOTENCY_MISMATCH',
    });
  });

  it('a refusal (4xx) is stored and replayed; its work was rolled back', async () => {
    const u = await createUser();
    const tag = `idem-${crypto.randomBytes(4).toString('hex')}`;
    const ctx = { key: crypto.randomUUID(), requestHash: 'h' };
    const refuse = async (client: import('pg').PoolClient) => {
      await client.query(`INSERT INTO audit_log (action) VALUES ($1)`, [tag]);
      throw new AppError(409, 'CONFLICT', 'Not now');
    };
    await expect(runIdempotent(u.id, ctx, refuse)).rejects.toMatchObject({ status: 409 });
    expect(await runIdempotent(u.id, ctx, work(tag))).toEqual({
      status: 409,
      body: { error: 'Not now', code: 'CONFLICT' },
      replayed: true,
    });
    expect(await countRuns(tag)).toBe(0);
  });
});
