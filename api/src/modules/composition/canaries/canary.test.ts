import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/helpers.js';
import { getPool } from '../../../platform/db/pool.js';
import { canaryBucket, remotesFor } from '../../../platform/http/canary-split.js';
import { REMOTE_RELEASES } from '../../../platform/http/remote-registry.js';
import { RealtimeListener } from '../../../platform/realtime/index.js';
import { platformCaller, publishTestRelease, type Json } from '../releases/testing.js';
import { VITALS_REPORTS_PER_MINUTE } from '../vitals/handlers.js';
import { p75, vitalBucket } from './health.js';
import { judge, type Rule } from './verdict.js';

// Canary releases (docs/decisions.md "Canary releases"): a share of signed-in users per remote,
// sticky per user; health reports from browsers; the remote's rule rolls a worse canary back.
const call = platformCaller();
const servedVersion = async (userId: string, remote: string) =>
  ((await call(userId, 'GET', '/remotes')).body.remotes as Json[]).find((r) => r.name === remote)?.version as
    string | undefined;
const auditOf = async (releaseId: string) =>
  (
    await getPool().query<{ action: string; actor_id: string | null; before: Json; after: Json; data: Json }>(
      `SELECT action, actor_id, before, after, data FROM audit_log WHERE subject = $1 AND action <> 'release.publish' ORDER BY id`,
      [`remote_release:${releaseId}`],
    )
  ).rows;
const report = (over: Json = {}) => ({
  session_start: true,
  error_session: false,
  errors: 0,
  boundary_errors: 0,
  vitals: [{ name: 'LCP', value: 1200 }],
  ...over,
});

let admin: { id: string };
beforeAll(async () => {
  admin = await createUser({ admin: true });
});

/** A canary of a new remote at `percent` %, over a current 1.0.0. */
async function canaryOf(remote: string, percent: number) {
  const current = await publishTestRelease(remote, '1.0.0');
  const canary = await publishTestRelease(remote, '2.0.0', { stage: true });
  const res = await call(admin.id, 'PUT', `/releases/${canary}/canary`, { percent, expected_current_id: current });
  expect(res).toMatchObject({ status: 200, body: { action: 'canary', version: '2.0.0', percent } });
  return { current, canary };
}

/** Signed-in users until one is on each side of the canary. */
async function usersOnBothSides(canary: string, percent: number, opts: { admin?: boolean } = {}) {
  const sides: { canary?: { id: string }; current?: { id: string } } = {};
  while (!sides.canary || !sides.current) {
    const u = await createUser(opts);
    sides[canaryBucket(canary, u.id) < percent ? 'canary' : 'current'] ??= u;
  }
  return sides as { canary: { id: string }; current: { id: string } };
}

describe('the canary share', () => {
  it('a 10 % canary gives about 10 % of 1,000 users the new release, each user the same one on every request, in another process, and after the share grows', async () => {
    const { canary } = await canaryOf('mfe-ten', 10);
    const users = Array.from({ length: 1000 }, () => crypto.randomUUID());
    const side = async () =>
      Promise.all(users.map(async (u) => (await remotesFor(u)).find((r) => r.name === 'mfe-ten')!.version === '2.0.0'));
    const first = await side();
    const onCanary = first.filter(Boolean).length;
    // binomial(1000, 0.1): 100 +- 9.5; four standard deviations either side
    expect(onCanary).toBeGreaterThan(62);
    expect(onCanary).toBeLessThan(138);
    expect(await side(), 'the same answer on the next request').toEqual(first);

    // another process: nothing but the ids decides (no state of this process)
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('./src/platform/http/canary-split.ts').then((m) => { const ids = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
       process.stdout.write(JSON.stringify(ids.map((u) => m.onCanarySide('${canary}', u, 10)))); })`,
      ],
      { cwd: path.resolve(__dirname, '../../../..'), input: JSON.stringify(users), encoding: 'utf8' },
    );
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout)).toEqual(first);

    // over HTTP for signed-in users: the same release on every request
    const { canary: onIt, current: offIt } = await usersOnBothSides(canary, 10);
    for (let i = 0; i < 3; i++) {
      expect(await servedVersion(onIt.id, 'mfe-ten')).toBe('2.0.0');
      expect(await servedVersion(offIt.id, 'mfe-ten')).toBe('1.0.0');
    }
    const remotes = (await call(offIt.id, 'GET', '/remotes')).body.remotes as Json[];
    expect(remotes.find((r) => r.name === 'mfe-ten')?.split, 'the page asks with its token while a canary runs').toBe(
      true,
    );

    // a larger share keeps everyone who was on the canary there
    const { current } = {
      current: (await getPool().query(`SELECT release_id FROM remote_current WHERE remote = 'mfe-ten'`)).rows[0]
        .release_id as string,
    };
    expect(
      (await call(admin.id, 'PUT', `/releases/${canary}/canary`, { percent: 30, expected_current_id: current })).status,
    ).toBe(200);
    const wider = await side();
    expect(first.every((was, i) => !was || wider[i])).toBe(true);
    expect(wider.filter(Boolean).length).toBeGreaterThan(onCanary);
  });

  it("an admin forces either side with the preview: the canary's release, or the current one", async () => {
    const { current, canary } = await canaryOf('mfe-force', 50);
    const sides = await usersOnBothSides(canary, 50, { admin: true });
    const admins = { canary: sides.canary.id, current: sides.current.id };
    const previewing = async (adminId: string, releaseId: string) => {
      const res = await call(adminId, 'POST', `/releases/${releaseId}/preview`);
      const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
      return ((await call(adminId, 'GET', '/remotes', undefined, { cookie })).body.remotes as Json[]).find(
        (r) => r.name === 'mfe-force',
      )!.version;
    };
    expect(await servedVersion(admins.current, 'mfe-force')).toBe('1.0.0');
    expect(await previewing(admins.current, canary)).toBe('2.0.0');
    expect(await servedVersion(admins.canary, 'mfe-force')).toBe('2.0.0');
    expect(await previewing(admins.canary, current)).toBe('1.0.0');
  });

  it('every API process hears a canary start within a second of its commit (NOTIFY remote_releases)', async () => {
    const current = await publishTestRelease('mfe-hear', '1.0.0');
    const canary = await publishTestRelease('mfe-hear', '2.0.0', { stage: true });
    const listeners = [new RealtimeListener(), new RealtimeListener()];
    const heard = listeners.map(
      (l) =>
        new Promise<number>((resolve) =>
          l.subscribe(REMOTE_RELEASES, (remote) => {
            if (remote === 'mfe-hear') resolve(Date.now());
          }),
        ),
    );
    try {
      await Promise.all(listeners.map((l) => l.start()));
      const committed = Date.now();
      expect(
        (await call(admin.id, 'PUT', `/releases/${canary}/canary`, { percent: 50, expected_current_id: current }))
          .status,
      ).toBe(200);
      for (const at of await Promise.all(heard)) expect(at - committed).toBeLessThan(1000);
    } finally {
      await Promise.all(listeners.map((l) => l.stop()));
    }
  });

  it('promotion to 100 % and a rollback to 0 % are audited with the share before and after; refusals change nothing', async () => {
    const { current, canary } = await canaryOf('mfe-promo', 20);
    const user = await createUser();
    expect(
      await call(admin.id, 'PUT', `/releases/${current}/canary`, { percent: 20, expected_current_id: current }),
    ).toMatchObject({ status: 409, body: { error: 'This release is already current.' } });
    const third = await publishTestRelease('mfe-promo', '3.0.0', { stage: true });
    expect(
      await call(admin.id, 'PUT', `/releases/${third}/canary`, { percent: 5, expected_current_id: current }),
    ).toMatchObject({
      status: 409,
      body: { error: '2.0.0 is already a canary of mfe-promo: promote it or roll it back first.' },
    });
    expect(
      await call(admin.id, 'PUT', `/releases/${third}/canary`, { percent: 0, expected_current_id: current }),
    ).toMatchObject({ status: 409 });
    expect(
      (await call(user.id, 'PUT', `/releases/${canary}/canary`, { percent: 100, expected_current_id: current })).status,
    ).toBe(403);
    expect(
      (await call(admin.id, 'PUT', `/releases/${canary}/canary`, { percent: 101, expected_current_id: current }))
        .status,
    ).toBe(400);
    expect(
      await call(admin.id, 'PUT', `/releases/${canary}/canary`, { percent: 100, expected_current_id: third }),
    ).toMatchObject({
      status: 409,
      body: { error: 'The current release changed meanwhile. Reload the page and try again.' },
    });

    expect(
      await call(admin.id, 'PUT', `/releases/${canary}/canary`, { percent: 100, expected_current_id: current }),
    ).toMatchObject({ status: 200, body: { action: 'promote', version: '2.0.0' } });
    expect(await servedVersion(user.id, 'mfe-promo')).toBe('2.0.0');
    expect((await auditOf(canary)).map((a) => [a.action, a.actor_id, a.before.percent, a.after.percent])).toEqual([
      ['admin.release.canary', admin.id, 0, 20],
      ['admin.release.canary_promote', admin.id, 20, 100],
    ]);
    expect(
      (await getPool().query(`SELECT outcome, ended_by FROM remote_canaries WHERE release_id = $1`, [canary])).rows,
    ).toEqual([{ outcome: 'promoted', ended_by: admin.id }]);

    expect(
      (await call(admin.id, 'PUT', `/releases/${third}/canary`, { percent: 50, expected_current_id: canary })).status,
    ).toBe(200);
    expect(
      await call(admin.id, 'PUT', `/releases/${third}/canary`, { percent: 0, expected_current_id: canary }),
    ).toMatchObject({ status: 200, body: { action: 'rollback' } });
    expect((await auditOf(third)).map((a) => [a.action, a.before.percent, a.after.percent])).toEqual([
      ['admin.release.canary', 0, 50],
      ['admin.release.canary_rollback', 50, 0],
    ]);
    expect(await servedVersion(user.id, 'mfe-promo')).toBe('2.0.0');
    const overview = ((await call(admin.id, 'GET', '/releases/canaries')).body.remotes as Json[]).find(
      (r) => r.remote === 'mfe-promo',
    )!;
    expect(overview).toMatchObject({
      running: null,
      last: { version: '3.0.0', outcome: 'rolled_back', by_system: false },
    });
  });
});

describe('health reports from browsers', () => {
  it('a report about a release that does not exist, or that is not served to this user, is refused; nothing is counted', async () => {
    const { current, canary } = await canaryOf('mfe-refuse', 50);
    const staged = await publishTestRelease('mfe-refuse', '9.0.0', { stage: true });
    const { canary: onIt, current: offIt } = await usersOnBothSides(canary, 50);
    const send = (userId: string | null, version: string) =>
      call(userId, 'POST', '/vitals', { remote: 'mfe-refuse', version, ...report() });
    expect((await send(offIt.id, '2.0.0')).status, 'the canary, by a user on the current release').toBe(404);
    expect((await send(onIt.id, '1.0.0')).status, 'the current release, by a user on the canary').toBe(404);
    expect((await send(offIt.id, '9.0.0')).status, 'a staged release').toBe(404);
    expect((await send(offIt.id, '7.7.7')).status, 'no such release').toBe(404);
    expect((await send(null, '1.0.0')).status).toBe(401);
    expect(
      (
        await getPool().query(
          `SELECT count(*)::int AS n FROM remote_health_minutes WHERE release_id = ANY($1::uuid[])`,
          [[current, canary, staged]],
        )
      ).rows[0].n,
    ).toBe(0);
    expect((await send(offIt.id, '1.0.0')).status).toBe(204);
    expect((await send(onIt.id, '2.0.0')).status).toBe(204);
    expect(
      (
        await getPool().query(
          `SELECT release_id, sessions FROM remote_health_minutes WHERE release_id = ANY($1::uuid[]) ORDER BY release_id = $2`,
          [[current, canary], current],
        )
      ).rows,
    ).toEqual([
      { release_id: canary, sessions: 1 },
      { release_id: current, sessions: 1 },
    ]);
  });

  it('reports are bounded (counts, measurements, no other field such as a URL or an e-mail) and rate-limited per user', async () => {
    await publishTestRelease('mfe-bound', '1.0.0');
    const user = await createUser();
    const send = (over: Json) =>
      call(user.id, 'POST', '/vitals', { remote: 'mfe-bound', version: '1.0.0', ...report(over) });
    expect((await send({ errors: 51 })).status).toBe(400);
    expect((await send({ vitals: Array.from({ length: 7 }, () => ({ name: 'LCP', value: 1 })) })).status).toBe(400);
    expect((await send({ vitals: [{ name: 'FID', value: 1 }] })).status).toBe(400);
    expect((await send({ vitals: [{ name: 'LCP', value: 600001 }] })).status).toBe(400);
    expect((await send({ url: '/wallet/123' })).status).toBe(400);
    expect((await send({ email: 'a@b.c' })).status).toBe(400);
    // the refused ones above counted against the limit too: count what is left of the minute
    let accepted = 0;
    let status = 204;
    while (status === 204) {
      status = (await send({})).status;
      if (status === 204) accepted += 1;
    }
    expect(status).toBe(429);
    expect(accepted).toBeLessThanOrEqual(VITALS_REPORTS_PER_MINUTE);
    const other = await createUser();
    expect(
      (await call(other.id, 'POST', '/vitals', { remote: 'mfe-bound', version: '1.0.0', ...report() })).status,
      'another user has a limit of their own',
    ).toBe(204);
  });

  it('p75 from the per-minute histogram is within 5 % of the true value', () => {
    const values = Array.from({ length: 400 }, (_, i) => 500 + i * 10); // 500..4490: p75 = 3490
    const histogram = new Map<number, number>();
    for (const v of values) histogram.set(vitalBucket('LCP', v), (histogram.get(vitalBucket('LCP', v)) ?? 0) + 1);
    const estimate = p75(
      'LCP',
      [...histogram].map(([bucket, samples]) => ({ bucket, samples })),
    )!;
    expect(Math.abs(estimate - 3490) / 3490).toBeLessThan(0.05);
    expect(p75('CLS', [{ bucket: vitalBucket('CLS', 0.1), samples: 3 }])).toBeCloseTo(0.1, 1);
  });
});

describe('the verdict with few samples', () => {
  const rule: Rule = { enabled: true, min_sessions: 3, error_rate_margin: 0.05, load_failure_margin: 0.05 };
  const side = (sessions: number, errorSessions: number, loadFailures = 0) => ({
    sessions,
    error_sessions: errorSessions,
    load_failures: loadFailures,
  });
  it('waits for the minimum of sessions, calls noise noise, and calls a release failing every session worse after a few', () => {
    expect(judge(side(2, 2), side(50, 0), rule).verdict).toBe('too_few_sessions');
    expect(judge(side(3, 1), side(3, 0), rule).verdict, 'one unlucky session of three').toBe('no_worse');
    expect(judge(side(40, 4), side(400, 20), rule).verdict, '10 % vs 5 % on 40 sessions is within noise').toBe(
      'no_worse',
    );
    expect(judge(side(4, 4), side(4, 0), rule).verdict).toBe('worse');
    expect(judge(side(400, 60), side(4000, 200), rule).verdict, '15 % vs 5 % on many sessions').toBe('worse');
    expect(judge(side(3, 0, 5), side(20, 0, 0), rule).reasons[0]).toMatch(/^Load failures at least/);
  });
});

describe('the automatic rollback rule', () => {
  it("takes a canary failing in browsers to 0 % by itself, audited as the system's action with the figures, e-mails the admins; its users get the current release", async () => {
    const { current, canary } = await canaryOf('mfe-auto', 50);
    const setRule = await call(admin.id, 'PUT', '/release-rules/mfe-auto', {
      enabled: true,
      min_sessions: 4,
      error_rate_margin: 0.05,
      load_failure_margin: 0.05,
    });
    expect(setRule.status).toBe(200);
    expect(
      (
        await call(admin.id, 'PUT', '/release-rules/mfe-nothing', {
          enabled: true,
          min_sessions: 4,
          error_rate_margin: 0.05,
          load_failure_margin: 0.05,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(admin.id, 'PUT', '/release-rules/mfe-auto', {
          enabled: true,
          min_sessions: 0,
          error_rate_margin: 2,
          load_failure_margin: 0,
        })
      ).status,
    ).toBe(400);
    const { canary: onIt, current: offIt } = await usersOnBothSides(canary, 50);
    for (let i = 0; i < 4; i++)
      expect(
        (await call(offIt.id, 'POST', '/vitals', { remote: 'mfe-auto', version: '1.0.0', ...report() })).status,
      ).toBe(204);
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await call(onIt.id, 'POST', '/vitals', {
            remote: 'mfe-auto',
            version: '2.0.0',
            ...report({ error_session: true, boundary_errors: 1 }),
          })
        ).status,
      ).toBe(204);
    }
    expect(await servedVersion(onIt.id, 'mfe-auto'), 'three sessions are below the rule minimum').toBe('2.0.0');
    expect(
      (
        await call(onIt.id, 'POST', '/vitals', {
          remote: 'mfe-auto',
          version: '2.0.0',
          ...report({ error_session: true, boundary_errors: 1 }),
        })
      ).status,
    ).toBe(204);

    expect(await servedVersion(onIt.id, 'mfe-auto')).toBe('1.0.0');
    const audit = (await auditOf(canary)).at(-1)!;
    expect(audit).toMatchObject({
      action: 'release.canary_auto_rollback',
      actor_id: null,
      before: { percent: 50 },
      after: { percent: 0 },
      data: {
        current_version: '1.0.0',
        canary: { sessions: 4, error_sessions: 4, boundary_errors: 4, error_rate: 1 },
        current: { sessions: 4, error_sessions: 0, error_rate: 0 },
      },
    });
    expect(audit.data.reasons[0]).toMatch(
      /^Error rate at least \d+(\.\d)? % above the current release's \(margin 5 %\)$/,
    );
    const mails = await getPool().query<{ recipient: string; subject: string; body: string }>(
      `SELECT o.recipient, o.subject, o.body FROM outbox_messages o JOIN users u ON u.email = o.recipient WHERE u.id = $1 AND o.subject = 'Canary of mfe-auto rolled back automatically'`,
      [admin.id],
    );
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]!.body).toContain('Canary: 4 sessions, error rate 100 %, 0 load failures.');
    const told = await getPool().query<{ kind: string; link: string; title: string }>(
      `SELECT kind, link, data->>'title' AS title FROM notifications WHERE user_id = $1 AND kind = 'release_rolled_back'`,
      [admin.id],
    );
    expect(told.rows, 'the admin is told in the notification centre too').toEqual([
      { kind: 'release_rolled_back', link: '/admin/releases', title: '2.0.0 of mfe-auto' },
    ]);
    const overview = ((await call(admin.id, 'GET', '/releases/canaries')).body.remotes as Json[]).find(
      (r) => r.remote === 'mfe-auto',
    )!;
    expect(overview).toMatchObject({
      running: null,
      rule: { min_sessions: 4 },
      last: {
        version: '2.0.0',
        outcome: 'auto_rollback',
        by_system: true,
        figures: { judgement: { verdict: 'worse' } },
      },
    });
    expect(
      (await call(onIt.id, 'POST', '/vitals', { remote: 'mfe-auto', version: '2.0.0', ...report() })).status,
      'the rolled back canary is served to no one',
    ).toBe(404);
    expect(current).toBeTruthy();
  });
});
