import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser } from '../../../../test/helpers.js';
import { getPool } from '../../../platform/db/pool.js';
import { localObjectStore } from '../../../platform/storage/objects.js';
import { publishTestRelease } from '../releases/testing.js';
import { pruneReleaseFiles } from './service.js';

// Retention of build files (docs/decisions.md "Canary releases"): keep N per remote, the current
// release, a canary, and whatever was current or a canary in the last 30 days.
const app = createTestApp(['platform']);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-retention-'));
const store = localObjectStore(work);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const DAY = 24 * 3600_000;

let admin: { id: string };
beforeAll(async () => {
  admin = await createUser({ admin: true });
});
const post = async (p: string, body?: unknown) =>
  (
    await app.request(`/api/platform${p}`, {
      method: body === undefined ? 'POST' : 'PUT',
      headers: { ...(await bearer(admin.id)), 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    })
  ).status;

/** A release with its two files in the store. */
async function release(remote: string, version: string, opts: { stage?: boolean } = {}) {
  for (const file of ['remoteEntry.js', 'app.js'])
    await store.put(`${remote}/${version}/${file}`, Buffer.from(`${remote} ${version} ${file}`), 'text/javascript');
  return publishTestRelease(remote, version, opts);
}
const stored = async (remote: string, version: string) => (await store.get(`${remote}/${version}/app.js`)) !== null;
const retiredDaysAgo = (id: string, days: number) =>
  getPool().query(
    'UPDATE remote_release_retired SET retired_at = now() - make_interval(days => $2) WHERE release_id = $1',
    [id, days],
  );

describe('the retention job', () => {
  it('deletes the files only of releases no page or rollback can need; a page open on a release current 20 days ago still gets its chunks', async () => {
    const ids: Record<string, string> = {};
    for (const v of ['1.0.0', '2.0.0', '3.0.0', '4.0.0', '5.0.0']) ids[v] = await release('mfe-keep', v); // each one current in turn
    await retiredDaysAgo(ids['1.0.0']!, 40);
    await retiredDaysAgo(ids['2.0.0']!, 20); // the release an open page loaded 20 days ago
    await retiredDaysAgo(ids['3.0.0']!, 35);
    ids.staged = await release('mfe-keep', '0.9.0-staged', { stage: true });

    const pruned = await pruneReleaseFiles(new Date(), 2, store);
    expect(pruned.filter((p) => p.remote === 'mfe-keep').map((p) => [p.version, p.files])).toEqual([
      ['1.0.0', 2],
      ['3.0.0', 2],
    ]);
    expect(await stored('mfe-keep', '1.0.0')).toBe(false);
    expect(await stored('mfe-keep', '3.0.0')).toBe(false);
    expect(await stored('mfe-keep', '2.0.0'), 'current 20 days ago: a page may still be open on it').toBe(true);
    expect(await stored('mfe-keep', '4.0.0'), 'current until today').toBe(true);
    expect(await stored('mfe-keep', '5.0.0'), 'current').toBe(true);
    expect(await stored('mfe-keep', '0.9.0-staged'), 'one of the newest two').toBe(true);

    // the pruned ones are never served again; the others still can be
    const res = await app.request(`/api/platform/releases/${ids['1.0.0']}/current`, {
      method: 'POST',
      headers: { ...(await bearer(admin.id)), 'content-type': 'application/json' },
      body: JSON.stringify({ expected_current_id: ids['5.0.0'] }),
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe(
      'The files of this release were deleted; publish it again.',
    );
    expect(await post(`/releases/${ids['3.0.0']}/preview`)).toBe(404);
    expect(await post(`/releases/${ids['3.0.0']}/canary`, { percent: 10, expected_current_id: ids['5.0.0'] })).toBe(
      409,
    );
    await expect(
      getPool().query(`UPDATE remote_current SET release_id = $1 WHERE remote = 'mfe-keep'`, [ids['1.0.0']]),
      'the database refuses too',
    ).rejects.toThrow('were deleted');
    expect(
      await post(`/releases/${ids['2.0.0']}/canary`, { percent: 10, expected_current_id: ids['5.0.0'] }),
      'a rollback target within 30 days',
    ).toBe(200);

    const audit = await getPool().query(
      `SELECT actor_id, data->>'version' AS version FROM audit_log WHERE action = 'release.prune' AND data->>'remote' = 'mfe-keep' ORDER BY 2`,
    );
    expect(audit.rows).toEqual([
      { actor_id: null, version: '1.0.0' },
      { actor_id: null, version: '3.0.0' },
    ]);
    expect(await pruneReleaseFiles(new Date(), 2, store), 'a second run deletes nothing more').toEqual([]);
  });

  it('never the current release or a canary, running or ended in the last 30 days', async () => {
    const current = await release('mfe-canary-keep', '1.0.0');
    const ended = await release('mfe-canary-keep', '2.0.0', { stage: true });
    expect(await post(`/releases/${ended}/canary`, { percent: 10, expected_current_id: current })).toBe(200);
    expect(await post(`/releases/${ended}/canary`, { percent: 0, expected_current_id: current })).toBe(200);
    const old = await release('mfe-canary-keep', '3.0.0', { stage: true });
    expect(await post(`/releases/${old}/canary`, { percent: 10, expected_current_id: current })).toBe(200);
    expect(await post(`/releases/${old}/canary`, { percent: 0, expected_current_id: current })).toBe(200);
    await getPool().query(
      `UPDATE remote_canaries SET ended_at = now() - interval '40 days', started_at = now() - interval '41 days' WHERE release_id = $1`,
      [old],
    );
    const running = await release('mfe-canary-keep', '4.0.0', { stage: true });
    expect(await post(`/releases/${running}/canary`, { percent: 10, expected_current_id: current })).toBe(200);

    const pruned = await pruneReleaseFiles(new Date(), 0, store);
    expect(pruned.filter((p) => p.remote === 'mfe-canary-keep').map((p) => p.version)).toEqual(['3.0.0']);
    for (const v of ['1.0.0', '2.0.0', '4.0.0']) expect(await stored('mfe-canary-keep', v), v).toBe(true);
    // 31 days on, the canary ended today is no longer needed; the current and the running canary still are
    const later = await pruneReleaseFiles(new Date(Date.now() + 31 * DAY), 0, store);
    expect(later.filter((p) => p.remote === 'mfe-canary-keep').map((p) => p.version)).toEqual(['2.0.0']);
    for (const v of ['1.0.0', '4.0.0']) expect(await stored('mfe-canary-keep', v), v).toBe(true);
  });
});
