import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, tableCounts } from '../../../../test/helpers.js';
import { getPool } from '../../../platform/db/pool.js';
import { setPrivacy, socialTestClient, type Json } from '../testing.js';

// docs/product.md "Feed and profiles" (/post/{postId}: top-level comments oldest first) and Post comment (non-empty after
// trimming). comments_count is kept by the database (prisma/sql/social.sql SO1).
const { call, textPost } = socialTestClient();

describe('post comment', () => {
  let ann: { id: string }, ben: { id: string };
  beforeAll(async () => {
    ann = await createUser({ fullName: 'Ann Poster' });
    ben = await createUser({ fullName: 'Ben Reader' });
  });

  it("top-level comments oldest first, with the commenter; the post's comments_count follows", async () => {
    const p = await textPost(ann.id, 'Comment here');
    for (const t of ['first', ' second ', 'third'])
      expect((await call(ben.id, 'POST', `/posts/${p.id}/comments`, { comment_text: t })).status).toBe(201);
    // a reply (parent set) is not a top-level comment
    const { rows } = await getPool().query(
      'SELECT id FROM social_post_comments WHERE post_id = $1 ORDER BY created_at LIMIT 1',
      [p.id],
    );
    await getPool().query(
      "INSERT INTO social_post_comments (post_id, user_id, comment_text, parent_comment_id) VALUES ($1, $2, 'a reply', $3)",
      [p.id, ann.id, rows[0].id],
    );
    const list = await call(ann.id, 'GET', `/posts/${p.id}/comments`);
    expect(list.body.comments.map((k: Json) => k.comment_text)).toEqual(['first', 'second', 'third']);
    expect(list.body.comments[0]).toEqual({
      id: expect.any(String),
      comment_text: 'first',
      created_at: expect.any(String),
      commenter: { id: ben.id, full_name: 'Ben Reader', username: expect.any(String), avatar_url: null },
    });
    expect(list.body.next_cursor).toBeNull();
    expect((await call(ann.id, 'GET', `/posts/${p.id}`)).body.post.comments_count).toBe(4);
  });

  it("blank, missing, too long or not text: 400 ('Please write a comment.') and nothing changed; an unknown post: 404 'Post not found.'", async () => {
    const p = await textPost(ann.id, 'Careful');
    const before = await tableCounts(['social_post_comments']);
    for (const [body, reason] of [
      [{ comment_text: '   ' }, 'Please write a comment.'],
      [{}, 'Please write a comment.'],
      [{ comment_text: 42 }, 'Please write a comment.'],
      [{ comment_text: 'x'.repeat(2001) }, 'At most 2000 characters.'],
    ] as [Json, string][]) {
      const res = await call(ben.id, 'POST', `/posts/${p.id}/comments`, body);
      expect(res.status).toBe(400);
      expect(res.body.details.fields.comment_text).toBe(reason);
    }
    const ghost = await call(ben.id, 'POST', '/posts/00000000-0000-4000-8000-000000000000/comments', {
      comment_text: 'hello?',
    });
    expect([ghost.status, ghost.body.error]).toEqual([404, 'Post not found.']);
    expect(await tableCounts(['social_post_comments'])).toEqual(before);
    expect((await call(ann.id, 'GET', `/posts/${p.id}`)).body.post.comments_count).toBe(0);
  });

  it('200 comments a page, then the rest after next_cursor, oldest first without repeats (even with equal times)', async () => {
    const p = await textPost(ann.id, 'Popular');
    await getPool().query(
      "INSERT INTO social_post_comments (post_id, user_id, comment_text, created_at) SELECT $1, $2, 'c' || lpad(g::text, 3, '0'), '2026-01-01T00:00:00Z'::timestamptz + (g / 3) * interval '1 ms' FROM generate_series(1, 205) g",
      [p.id, ben.id],
    );
    const first = (await call(ann.id, 'GET', `/posts/${p.id}/comments`)).body;
    expect(first.comments).toHaveLength(200);
    const rest = (await call(ann.id, 'GET', `/posts/${p.id}/comments?cursor=${encodeURIComponent(first.next_cursor)}`))
      .body;
    expect(rest.next_cursor).toBeNull();
    const all = [...first.comments, ...rest.comments] as Json[];
    expect(new Set(all.map((k) => k.id)).size).toBe(205);
    const times = all.map((k) => k.created_at as string);
    expect(times).toEqual([...times].sort());
    expect((await call(ann.id, 'GET', `/posts/${p.id}/comments?cursor=nope`)).status).toBe(400);
  });

  it("a post hidden from the caller: its comments are 'Post not found.' to read and to write", async () => {
    const hidden = await createUser();
    const p = await textPost(hidden.id, 'mine only');
    await setPrivacy(hidden.id, 'private');
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { comment_text: 'peek' }],
    ] as const) {
      const res = await call(ben.id, method, `/posts/${p.id}/comments`, body);
      expect([res.status, res.body.error]).toEqual([404, 'Post not found.']);
    }
  });
});
