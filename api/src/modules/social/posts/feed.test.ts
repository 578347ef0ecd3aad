import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/helpers.js';
import { getPool } from '../../../platform/db/pool.js';
import { socialTestClient, type Json } from '../testing.js';

// docs/product.md "Feed and profiles": posts newest first, Load More Posts: keyset pages of 10 (created_at, id).
const { call, textPost, allPages } = socialTestClient();

/** Newest first by (created_at, id), as the keyset orders them (ISO times and lowercase uuids sort as text). */
const isNewestFirst = (posts: Json[]) =>
  posts.every((p, i) => i === 0 || `${posts[i - 1]!.created_at}_${posts[i - 1]!.id}` > `${p.created_at}_${p.id}`);

describe('the feed', () => {
  let writer: { id: string }, reader: { id: string };
  beforeAll(async () => {
    [writer, reader] = [await createUser(), await createUser()];
    for (let i = 1; i <= 23; i++) await textPost(writer.id, `numbered ${i}`);
  });

  it('newest first in pages of 10, next_cursor until the last page, no post twice or missed', async () => {
    const pages = await allPages(reader.id, '/posts');
    expect(pages.map((p) => p.length)).toEqual([10, 10, 3]);
    const posts = pages.flat();
    expect(posts.map((p) => p.text_content)).toEqual(Array.from({ length: 23 }, (_, i) => `numbered ${23 - i}`));
    expect(new Set(posts.map((p) => p.id)).size).toBe(23);
  });

  it("a person's posts: the same pages, only theirs", async () => {
    const other = await createUser();
    await textPost(other.id, 'someone else');
    const pages = await allPages(reader.id, `/users/${writer.id}/posts`);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 3]);
    expect(pages.flat().every((p) => p.author.id === writer.id)).toBe(true);
    expect((await call(reader.id, 'GET', '/users/00000000-0000-4000-8000-000000000000/posts')).body.error).toBe(
      'User not found.',
    );
  });

  it('posts of the same millisecond (or microseconds apart) are neither repeated nor skipped across pages', async () => {
    const busy = await createUser();
    await getPool().query(
      "INSERT INTO social_posts (user_id, content_type, text_content, created_at) SELECT $1, 'text', 'tie ' || g, '2020-01-01T00:00:00.123Z'::timestamptz + g * interval '1 microsecond' FROM generate_series(1, 25) g",
      [busy.id],
    );
    const posts = (await allPages(reader.id, `/users/${busy.id}/posts`)).flat();
    expect(posts).toHaveLength(25);
    expect(new Set(posts.map((p) => p.id)).size).toBe(25);
    expect(isNewestFirst(posts)).toBe(true);
  });

  it('a cursor not made by the list is 400; signed in only', async () => {
    for (const cursor of [
      'nope',
      '2026-13-45T99:99:99.000Z_00000000-0000-4000-8000-000000000000',
      '2026-01-01T00:00:00.000Z_------------------------------------',
    ]) {
      const res = await call(reader.id, 'GET', `/posts?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body.details.fields.cursor).toBe('Not a cursor from this list.');
    }
    expect((await call(reader.id, 'GET', '/posts?page=2')).status).toBe(400);
    expect((await call(null, 'GET', '/posts')).status).toBe(401);
  });
});
