import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/helpers.js';
import { getPool } from '../../../platform/db/pool.js';
import { RealtimeListener } from '../../../platform/realtime/index.js';
import { REMOTE_RELEASES } from '../../../platform/http/remote-registry.js';
import { signCookieValue } from '../../../platform/http/session-marker.js';
import { pageRegistry } from '../../../platform/http/shell-html.js';
import { registerRelease } from './service.js';
import { platformCaller, publishTestRelease, releaseInput, type Json } from './testing.js';

// "Remote releases as data": every published build is a release row, each remote has one
// current release, admins promote / roll back / preview, browsers report load failures.
const call = platformCaller();
const versionsServed = async (userId: string | null, headers: Record<string, string> = {}) =>
  Object.fromEntries(
    ((await call(userId, 'GET', '/remotes', undefined, headers)).body.remotes as Json[]).map((r) => [
      r.name,
      r.version,
    ]),
  );
const releasesOf = async (adminId: string, remote: string) =>
  ((await call(adminId, 'GET', '/releases')).body.remotes as Json[]).find((r) => r.name === remote)!;
const auditActions = async (releaseId: string) =>
  (
    await getPool().query<{ action: string; before: Json; after: Json }>(
      `SELECT action, before, after FROM audit_log WHERE subject = $1 ORDER BY id`,
      [`remote_release:${releaseId}`],
    )
  ).rows;

let admin: { id: string };
let user: { id: string };
beforeAll(async () => {
  admin = await createUser({ admin: true });
  user = await createUser();
});

describe('publishing registers a release', () => {
  it('makes it current unless staged; the same build again is the same release; other bytes under a version are refused', async () => {
    const v1 = await publishTestRelease('mfe-pub', '1.0.0');
    expect(await versionsServed(user.id)).toMatchObject({ 'mfe-pub': '1.0.0' });
    const staged = await publishTestRelease('mfe-pub', '1.1.0', { stage: true });
    expect(await versionsServed(user.id), 'a staged release is invisible to users').toMatchObject({
      'mfe-pub': '1.0.0',
    });
    expect((await registerRelease(releaseInput('mfe-pub', '1.0.0'), { stage: false })).id).toBe(v1);
    await expect(
      registerRelease({ ...releaseInput('mfe-pub', '1.0.0'), contentHash: 'other' }, { stage: false }),
    ).rejects.toThrow('already published with other content');
    // --if-changed (npm start) never makes an existing release current again
    await call(admin.id, 'POST', `/releases/${staged}/current`, { expected_current_id: v1 });
    expect((await registerRelease(releaseInput('mfe-pub', '1.0.0'), { stage: false, onlyNew: true })).current).toBe(
      false,
    );
    expect(await versionsServed(user.id)).toMatchObject({ 'mfe-pub': '1.1.0' });
    expect(
      (
        await getPool().query(
          `SELECT count(*)::int AS n FROM audit_log WHERE action = 'release.publish' AND data->>'remote' = 'mfe-pub'`,
        )
      ).rows[0].n,
    ).toBe(2);
  });

  it('RR1: a release is immutable (no UPDATE of its content, no DELETE)', async () => {
    const id = await publishTestRelease('mfe-imm', '1.0.0');
    await expect(
      getPool().query(`UPDATE remote_releases SET entry_url = '/evil.js' WHERE id = $1`, [id]),
    ).rejects.toThrow('immutable');
    await expect(getPool().query(`DELETE FROM remote_releases WHERE id = $1`, [id])).rejects.toThrow('immutable');
    await expect(
      getPool().query(`UPDATE remote_releases SET first_current_at = now() WHERE id = $1`, [id]),
      'stamped once already',
    ).rejects.toThrow('immutable');
  });

  it("RR2: a remote's current release is one of its own", async () => {
    const other = await publishTestRelease('mfe-rr2-a', '1.0.0');
    await publishTestRelease('mfe-rr2-b', '1.0.0');
    await expect(
      getPool().query(`UPDATE remote_current SET release_id = $1 WHERE remote = 'mfe-rr2-b'`, [other]),
    ).rejects.toThrow('remote_current_release_fkey');
  });
});

describe('the Releases page: promote, roll back, history, audit', () => {
  it('lists current, staged and previous releases newest first; promote then roll back, each audited with both versions', async () => {
    const v1 = await publishTestRelease('mfe-flow', '1.0.0');
    const v2 = await publishTestRelease('mfe-flow', '2.0.0', { stage: true });
    let flow = await releasesOf(admin.id, 'mfe-flow');
    expect(flow.current_id).toBe(v1);
    expect(flow.releases.map((r: Json) => [r.version, r.state])).toEqual([
      ['2.0.0', 'staged'],
      ['1.0.0', 'current'],
    ]);

    const promoted = await call(admin.id, 'POST', `/releases/${v2}/current`, { expected_current_id: v1 });
    expect(promoted).toMatchObject({ status: 200, body: { action: 'promote', remote: 'mfe-flow', version: '2.0.0' } });
    expect(await versionsServed(user.id)).toMatchObject({ 'mfe-flow': '2.0.0' });
    const rolledBack = await call(admin.id, 'POST', `/releases/${v1}/current`, { expected_current_id: v2 });
    expect(rolledBack).toMatchObject({ status: 200, body: { action: 'rollback', version: '1.0.0' } });
    expect(await versionsServed(user.id)).toMatchObject({ 'mfe-flow': '1.0.0' });

    flow = await releasesOf(admin.id, 'mfe-flow');
    expect(flow.releases.map((r: Json) => [r.version, r.state])).toEqual([
      ['2.0.0', 'previous'],
      ['1.0.0', 'current'],
    ]);
    expect(await auditActions(v2)).toEqual([
      { action: 'release.publish', before: null, after: null },
      {
        action: 'admin.release.promote',
        before: { remote: 'mfe-flow', version: '1.0.0' },
        after: { remote: 'mfe-flow', version: '2.0.0' },
      },
    ]);
    expect((await auditActions(v1)).at(-1)).toEqual({
      action: 'admin.release.rollback',
      before: { remote: 'mfe-flow', version: '2.0.0' },
      after: { remote: 'mfe-flow', version: '1.0.0' },
    });
  });

  it('two admins clicking at once get one outcome: the second is refused (409) and nothing else changes', async () => {
    const v1 = await publishTestRelease('mfe-race', '1.0.0');
    const a = await publishTestRelease('mfe-race', '1.1.0', { stage: true });
    const b = await publishTestRelease('mfe-race', '1.2.0', { stage: true });
    const other = await createUser({ admin: true });
    const answers = await Promise.all([
      call(admin.id, 'POST', `/releases/${a}/current`, { expected_current_id: v1 }),
      call(other.id, 'POST', `/releases/${b}/current`, { expected_current_id: v1 }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.status === 409)!;
    expect(loser.body.error).toBe('The current release changed meanwhile. Reload the page and try again.');
    const winner = answers.find((r) => r.status === 200)!.body.version;
    expect(await versionsServed(user.id)).toMatchObject({ 'mfe-race': winner });
    expect(
      (
        await getPool().query(
          `SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'admin.release.%' AND after->>'remote' = 'mfe-race'`,
        )
      ).rows[0].n,
    ).toBe(1);
  });

  it('already current: 409; unknown release: 404; a malformed id: 400; a non-admin: 403 and nothing changes', async () => {
    const v1 = await publishTestRelease('mfe-rules', '1.0.0');
    const v2 = await publishTestRelease('mfe-rules', '2.0.0', { stage: true });
    expect(await call(admin.id, 'POST', `/releases/${v1}/current`, { expected_current_id: v1 })).toMatchObject({
      status: 409,
      body: { error: 'This release is already current.' },
    });
    expect(
      (
        await call(admin.id, 'POST', `/releases/00000000-0000-4000-8000-000000000000/current`, {
          expected_current_id: v1,
        })
      ).status,
    ).toBe(404);
    expect((await call(admin.id, 'POST', `/releases/nope/current`, { expected_current_id: v1 })).status).toBe(400);
    expect((await call(user.id, 'POST', `/releases/${v2}/current`, { expected_current_id: v1 })).status).toBe(403);
    expect((await call(user.id, 'GET', '/releases')).status).toBe(403);
    expect(await versionsServed(user.id)).toMatchObject({ 'mfe-rules': '1.0.0' });
  });
});

describe('preview: a staged release for one admin only', () => {
  it("the admin's cookie shows the staged release on the API and on the page; users, other admins and forged cookies get the current one", async () => {
    const v1 = await publishTestRelease('mfe-prev', '1.0.0');
    const staged = await publishTestRelease('mfe-prev', '1.5.0', { stage: true });
    const res = await call(admin.id, 'POST', `/releases/${staged}/preview`);
    expect(res.status).toBe(204);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^portal_preview=[^;]+; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax/);
    const cookie = setCookie.split(';')[0]!;
    expect(await versionsServed(admin.id, { cookie })).toMatchObject({ 'mfe-prev': '1.5.0' });
    expect((await call(admin.id, 'GET', '/releases', undefined, { cookie })).body.preview_id).toBe(staged);
    expect(await versionsServed(user.id, { cookie }), "a user who got hold of the admin's cookie").toMatchObject({
      'mfe-prev': '1.0.0',
    });
    expect(await versionsServed(null, { cookie })).toMatchObject({ 'mfe-prev': '1.0.0' });
    const otherAdmin = await createUser({ admin: true });
    expect(await versionsServed(otherAdmin.id, { cookie }), 'made for another admin').toMatchObject({
      'mfe-prev': '1.0.0',
    });
    const forged = cookie.replace(/\.[^.]+$/, '.forged');
    expect(await versionsServed(admin.id, { cookie: forged })).toMatchObject({ 'mfe-prev': '1.0.0' });
    // the page: only with the admin hint of the same admin
    const hint = `portal_admin=${signCookieValue('portal_admin', [admin.id], Math.floor(Date.now() / 1000) + 600)}`;
    const page = async (c: string) => Object.fromEntries((await pageRegistry(c)).map((r) => [r.name, r.version]));
    expect(await page(`${hint}; ${cookie}`)).toMatchObject({ 'mfe-prev': '1.5.0' });
    expect(await page(cookie)).toMatchObject({ 'mfe-prev': '1.0.0' });
    // End preview clears the cookie
    const end = await call(admin.id, 'DELETE', '/releases/preview', undefined, { cookie });
    expect(end.status).toBe(204);
    expect(end.headers.get('set-cookie')).toMatch(/^portal_preview=; Max-Age=0/);
    expect(v1).toBeTruthy();
  });
});

describe('load failures reported by browsers', () => {
  it('are counted per release on the Releases page; unknown releases 404; the 11th report in a minute from one address 429', async () => {
    const id = await publishTestRelease('mfe-fail', '1.0.0');
    const report = (headers: Record<string, string> = {}, version = '1.0.0') =>
      call(
        null,
        'POST',
        '/load-failures',
        { remote: 'mfe-fail', version, lifecycle: 'beforeLoadEntry', message: 'Failed to fetch <script>' },
        headers,
      );
    const previous = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = '1';
    try {
      for (let i = 0; i < 10; i++) expect((await report({ 'x-forwarded-for': '198.51.100.7' })).status).toBe(204);
      expect((await report({ 'x-forwarded-for': '198.51.100.7' })).status).toBe(429);
      expect((await report({ 'x-forwarded-for': '198.51.100.8' }, '9.9.9')).status).toBe(404);
      expect((await call(null, 'POST', '/load-failures', { remote: 'mfe-fail', version: '1.0.0' })).status).toBe(400);
    } finally {
      if (previous === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = previous;
    }
    const release = (await releasesOf(admin.id, 'mfe-fail')).releases.find((r: Json) => r.id === id);
    expect(release.load_failures).toEqual({ total: 10, last_hour: 10 });
    const stored = await getPool().query(`SELECT message FROM remote_load_failures WHERE release_id = $1 LIMIT 1`, [
      id,
    ]);
    expect(stored.rows[0].message, 'kept as text').toBe('Failed to fetch <script>');
  });
});

describe('every API process sees a change at once (NOTIFY remote_releases)', () => {
  it('two listeners on their own connections hear a rollback within a second of its commit', async () => {
    const v1 = await publishTestRelease('mfe-notify', '1.0.0');
    const v2 = await publishTestRelease('mfe-notify', '2.0.0');
    const listeners = [new RealtimeListener(), new RealtimeListener()];
    const heard = listeners.map(
      (l) =>
        new Promise<number>((resolve) =>
          l.subscribe(REMOTE_RELEASES, (remote) => {
            if (remote === 'mfe-notify') resolve(Date.now());
          }),
        ),
    );
    try {
      await Promise.all(listeners.map((l) => l.start()));
      const committed = Date.now();
      expect((await call(admin.id, 'POST', `/releases/${v1}/current`, { expected_current_id: v2 })).status).toBe(200);
      for (const at of await Promise.all(heard)) expect(at - committed).toBeLessThan(1000);
    } finally {
      await Promise.all(listeners.map((l) => l.stop()));
    }
  });
});
