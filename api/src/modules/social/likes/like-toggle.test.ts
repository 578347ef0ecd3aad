import { describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/helpers.js';
import { getPool } from '../../../platform/db/pool.js';
import { socialTestClient } from '../testing.js';

// docs/product.md "Feed and profiles": the caller's like is removed if it exists, otherwise added; the count
// moves with it (kept by the database: prisma/sql/social.sql SO1, SO2).
const { call, textPost } = socialTestClient();

async function countAndRows(postId: string) {
  const { rows } = await getPool().query<{ likes_count: number; n: number }>(
    'SELECT p.likes_count, (SELECT count(*)::int FROM social_post_likes l WHERE l.post_id = p.id) AS n FROM social_posts p WHERE p.id = $1',
    [postId],
  );
  return rows[0]!;
}

describe('like toggle', () => {
  it('one person: like, then unlike; liked_by_me follows', async () => {
    const [ann, ben] = [await createUser(), await createUser()];
    const p = await textPost(ann.id, 'Like me');
    expect((await call(ben.id, 'POST', `/posts/${p.id}/like`)).body).toEqual({ liked: true, likes_count: 1 });
    expect((await call(ben.id, 'GET', `/posts/${p.id}`)).body.post).toMatchObject({
      likes_count: 1,
      liked_by_me: true,
    });
    expect((await call(ann.id, 'GET', `/posts/${p.id}`)).body.post).toMatchObject({
      likes_count: 1,
      liked_by_me: false,
    });
    expect((await call(ben.id, 'POST', `/posts/${p.id}/like`)).body).toEqual({ liked: false, likes_count: 0 });
    expect(
      (await call(ben.id, 'POST', `/posts/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/like`)).body.error,
    ).toBe('Post not found.');
  });

  it('50 toggles at once (30 people once, 4 people 5 times each) end as if one after another: likes_count = rows = 34', async () => {
    const ann = await createUser();
    const p = await textPost(ann.id, 'Like me, all at once');
    const once = await Promise.all(Array.from({ length: 30 }, () => createUser()));
    const fiveTimes = await Promise.all(Array.from({ length: 4 }, () => createUser()));
    const toggles = [...once, ...fiveTimes.flatMap((u) => Array(5).fill(u) as { id: string }[])];
    expect(toggles).toHaveLength(50);
    const answers = await Promise.all(toggles.map((u) => call(u.id, 'POST', `/posts/${p.id}/like`)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await countAndRows(p.id)).toEqual({ likes_count: 34, n: 34 });
    // every answer says what its toggle did: likes added minus likes removed is the final count
    expect(answers.reduce((n, a) => n + (a.body.liked ? 1 : -1), 0)).toBe(34);
    expect(Math.max(...answers.map((a) => a.body.likes_count as number))).toBe(34);
    for (const u of fiveTimes) {
      const mine = answers.filter((_, i) => toggles[i] === u).map((a) => a.body.liked as boolean);
      expect(mine.filter(Boolean)).toHaveLength(3); // like, unlike, like, unlike, like in some order of commits
    }
  });
});
