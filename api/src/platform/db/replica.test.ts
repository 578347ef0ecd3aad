import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { bearer, createTestApp, createUser } from '../../../test/helpers.js';
import { form } from '../../../test/module-client.js';
import { ensureDatabaseExists } from './embedded.js';
import { WROTE_COOKIE, closeReplica } from './replica.js';

// Replica reads (platform/db/replica.ts) with a stand-in replica: another database of the template,
// which has none of this file's posts and is never in recovery (it has replayed nothing). The real
// replica, lagging with replay paused, is the reliability case replica-lag (scripts/reliability).
const app = createTestApp(['social']);
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
