import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { bearer, createTestApp, createUser, deposit, send } from '../../../test/helpers.js';
import { form } from '../../../test/module-client.js';
import { ensureDatabaseExists } from './embedded.js';
import { getPool } from './pool.js';
import { recordAudit } from '../audit/index.js';
import { inTransaction } from './transaction.js';
import { WROTE_COOKIE, closeReplica } from './replica.js';

// Replica reads (platform/db/replica.ts) with a stand-in replica: another database of the template,
// which has none of this file's posts and is never in recovery (it has replayed nothing). The real
// replica, lagging with replay paused, is the reliability case replica-lag (scripts/reliability).
const app = createTestApp(['social', 'wallet', 'admin']);
const replicaUrl = `${inject('pgServerUrl')}/r_${crypto.randomBytes(6).toString('hex')}`;

let ann: { id: string };
let bob: { id: string };
beforeAll(async () => {
  await ensureDatabaseExists(
    `${inject('pgServerUrl')}/postgres`,
    new URL(replicaUrl).pathname.slice(1),
    inject('templateDatabase'),
  );
  ann = await createUser({ fullName: 'Ann Writer' });
  bob = await createUser({ fullName: 'Bob Reader' });
});
afterEach(async () => {
  delete process.env.DATABASE_REPLICA_URL;
  await closeReplica();
});
afterAll(closeReplica);

const writePost = async (userId: string, text: string) =>
  app.request('/api/social/posts', {
    method: 'POST',
    headers: await bearer(userId),
    body: form({ content_type: 'text', text_content: text }),
  });
const feedTexts = async (userId: string, cookie?: string) => {
  const res = await app.request('/api/social/posts', {
    headers: { ...(await bearer(userId)), ...(cookie ? { cookie } : {}) },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { posts: { text_content: string }[] }).posts.map((p) => p.text_content);
};
const wroteCookie = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

describe('replica reads', () => {
  it('without DATABASE_REPLICA_URL the feed reads the primary and a write sets no position cookie', async () => {
    const res = await writePost(ann.id, 'on the primary');
    expect(res.status).toBe(201);
    expect(res.headers.get('set-cookie') ?? '').not.toContain(WROTE_COOKIE);
    expect(await feedTexts(bob.id)).toContain('on the primary');
  });

  it("with a replica, a reader who wrote nothing reads the replica (it lacks the primary's new post)", async () => {
    process.env.DATABASE_REPLICA_URL = replicaUrl;
    expect((await writePost(ann.id, 'not replayed yet')).status).toBe(201);
    expect(await feedTexts(bob.id)).toEqual([]);
  });

  it('the writer reads its own post: the write answers its WAL position, a replica that has not replayed it is skipped', async () => {
    process.env.DATABASE_REPLICA_URL = replicaUrl;
    const res = await writePost(ann.id, 'my own post');
    expect(res.status).toBe(201);
    const cookie = wroteCookie(res);
    expect(decodeURIComponent(cookie)).toMatch(new RegExp(`^${WROTE_COOKIE}=[0-9A-F]+/[0-9A-F]+$`));
    expect(await feedTexts(ann.id, cookie)).toContain('my own post');
    expect(await feedTexts(ann.id)).not.toContain('my own post'); // the same read without the position: the replica
  });

  it('reads and refused writes set no position cookie', async () => {
    process.env.DATABASE_REPLICA_URL = replicaUrl;
    const refused = await app.request('/api/social/posts', {
      method: 'POST',
      headers: await bearer(ann.id),
      body: form({ content_type: 'text', text_content: ' ' }),
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('set-cookie') ?? '').not.toContain(WROTE_COOKIE);
    const read = await app.request('/api/social/posts', { headers: await bearer(ann.id) });
    expect(read.headers.get('set-cookie') ?? '').not.toContain(WROTE_COOKIE);
  });
});

// The other replica-safe reads: each reads the stand-in replica (which has none of this file's users)
// for a browser that wrote nothing, and the primary for a browser whose write the replica has not replayed.
describe('replica reads: public profiles, older history pages, the admin dashboard', () => {
  const get = async (path: string, headers: Record<string, string>, cookie?: string) => {
    const res = await app.request(path, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const freshWrite = async (userId: string) => {
    const res = await writePost(userId, 'a fresh write');
    expect(res.status).toBe(201);
    return wroteCookie(res);
  };

  it("a public profile and a person's posts: the replica for a reader who wrote nothing, the primary after the reader's own write", async () => {
    process.env.DATABASE_REPLICA_URL = replicaUrl;
    const auth = await bearer(ann.id);
    expect((await get(`/api/social/users/${ann.id}`, auth)).status).toBe(404); // the replica has not got Ann
    expect((await get(`/api/social/users/${ann.id}/posts`, auth)).status).toBe(404);
    const cookie = await freshWrite(ann.id);
    const profile = await get(`/api/social/users/${ann.id}`, auth, cookie);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ profile: { id: ann.id, full_name: 'Ann Writer' }, relationship: 'self' });
    const posts = await get(`/api/social/users/${ann.id}/posts`, auth, cookie);
    expect((posts.body.posts as { text_content: string }[]).map((p) => p.text_content)).toContain('a fresh write');
  });

  it('wallet history: the newest page always reads the primary, older pages the replica unless the browser wrote since', async () => {
    const carl = await createUser();
    await deposit(carl.id, 'USD', '100.00');
    for (let i = 0; i < 11; i += 1) await send(carl.id, bob.id, 'USD', '1.00');
    process.env.DATABASE_REPLICA_URL = replicaUrl;
    const auth = await bearer(carl.id);
    expect((await get('/api/wallet/transactions?page=1', auth)).body).toMatchObject({ total: 12, has_next: true });
    const older = await get('/api/wallet/transactions?page=2', auth);
    expect(older.body).toMatchObject({ total: 0, page: 2, transactions: [] }); // the replica has none of Carl's
    const own = await get('/api/wallet/transactions?page=2', auth, await freshWrite(carl.id));
    expect(own.body).toMatchObject({ total: 12, page: 2, has_next: false });
    expect((own.body.transactions as { amount: string }[]).map((t) => t.amount)).toEqual(['1.00', '100.00']); // the oldest send, the deposit
  });

  it("the admin dashboard's figures: the replica's for an admin who wrote nothing, the primary's after the admin's write", async () => {
    const admin = await createUser({ admin: true });
    process.env.DATABASE_REPLICA_URL = replicaUrl;
    const auth = await bearer(admin.id, true);
    const { rows } = await getPool().query<{ n: number }>(
      'SELECT count(*)::int AS n FROM profiles WHERE deleted_at IS NULL',
    );
    const onPrimary = rows[0]!.n;
    const lagging = await get('/api/admin/dashboard', auth);
    expect(lagging.status).toBe(200);
    expect(lagging.body.total_users).toBeLessThan(onPrimary); // this file's users are not on the replica
    await inTransaction((_db, tx) =>
      recordAudit(tx, { actorId: admin.id, action: 'account.delete', subject: `user:${ann.id}` }),
    );
    const own = await get('/api/admin/dashboard', auth, await freshWrite(admin.id));
    expect(own.body.total_users).toBe(onPrimary);
    expect(own.body.recent_activity).toContainEqual(
      expect.objectContaining({ kind: 'audit', text: 'Deleted their account: Ann Writer' }),
    ); // the audit log's SQL read through the read client, names of subjects included
  });
});
