import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/helpers.js';
import { getPool } from '../../platform/db/pool.js';
import { setPrivacy, socialTestClient, type Json } from './testing.js';

// Each profile's privacy (public, friends_only, private: privacy.ts) on every read, public profiles
// by username or id, and friends (one user_relationships row per pair; docs/decisions.md).
const { call, textPost } = socialTestClient();
const ids = (posts: Json[]) => posts.map((p) => p.id as string);

/** What `viewer` sees of `post`: in the feed, on the author's page, the post itself, its comments, a like. */
async function sightOf(viewer: string, post: Json) {
  return {
    feed: ids((await call(viewer, 'GET', '/posts')).body.posts).includes(post.id),
    profile: ids((await call(viewer, 'GET', `/users/${post.author.id}/posts`)).body.posts).includes(post.id),
    post: (await call(viewer, 'GET', `/posts/${post.id}`)).status,
    comments: (await call(viewer, 'GET', `/posts/${post.id}/comments`)).status,
    like: (await call(viewer, 'POST', `/posts/${post.id}/like`)).status,
  };
}
const SEEN = { feed: true, profile: true, post: 200, comments: 200, like: 200 };
const HIDDEN = { feed: false, profile: false, post: 404, comments: 404, like: 404 };

describe('privacy', () => {
  it('public: every signed-in user sees the posts', async () => {
    const [pia, sam] = [await createUser(), await createUser()];
    expect(await sightOf(sam.id, await textPost(pia.id, 'hello all'))).toEqual(SEEN);
  });

  it("private: a stranger gets none of the posts ('Post not found.') and of the profile only the name; the owner sees everything", async () => {
    const hidden = await createUser({ fullName: 'Hidden Hannah', username: 'hidden_hannah' });
    const stranger = await createUser();
    const p = await textPost(hidden.id, 'secret diary');
    await setPrivacy(hidden.id, 'private');
    expect(await sightOf(stranger.id, p)).toEqual(HIDDEN);
    expect((await call(stranger.id, 'GET', `/posts/${p.id}`)).body.error).toBe('Post not found.');
    expect((await call(stranger.id, 'GET', `/users/${hidden.id}`)).body).toEqual({
      profile: {
        id: hidden.id,
        full_name: 'Hidden Hannah',
        avatar_url: null,
        username: null,
        member_since: null,
        privacy: 'private',
      },
      relationship: 'none',
      can_see_posts: false,
    });
    expect(await sightOf(hidden.id, p)).toEqual(SEEN);
    expect((await call(hidden.id, 'GET', '/users/hidden_hannah')).body).toMatchObject({
      profile: { username: 'hidden_hannah', member_since: expect.any(String) },
      relationship: 'self',
      can_see_posts: true,
    });
  });

  it('friends_only: hidden from a stranger and while the request waits, seen once it is accepted, hidden again after Remove', async () => {
    const fay = await createUser({ fullName: 'Fay Friend', username: 'fay_friend' });
    const gus = await createUser();
    const p = await textPost(fay.id, 'for friends');
    await setPrivacy(fay.id, 'friends_only');
    expect(await sightOf(gus.id, p)).toEqual(HIDDEN);
    expect((await call(gus.id, 'POST', `/users/${fay.id}/friend`)).body.relationship).toBe('requested');
    expect(await sightOf(gus.id, p), 'a request is not a friendship').toEqual(HIDDEN);
    expect((await call(fay.id, 'GET', `/users/${gus.id}`)).body.relationship).toBe('incoming');
    expect((await call(fay.id, 'POST', `/users/${gus.id}/friend`)).body.relationship).toBe('friends');
    expect(await sightOf(gus.id, p)).toEqual(SEEN);
    expect((await call(gus.id, 'GET', '/users/FAY_FRIEND')).body).toMatchObject({
      profile: { id: fay.id, username: 'fay_friend' },
      relationship: 'friends',
      can_see_posts: true,
    });
    expect((await call(gus.id, 'DELETE', `/users/${fay.id}/friend`)).body.relationship).toBe('none');
    expect((await call(gus.id, 'GET', `/posts/${p.id}`)).status).toBe(404);
  });
});

describe('friends', () => {
  it("Remove cancels one's request and declines theirs", async () => {
    const [a, b] = [await createUser(), await createUser()];
    await call(a.id, 'POST', `/users/${b.id}/friend`);
    expect((await call(a.id, 'DELETE', `/users/${b.id}/friend`)).body.relationship).toBe('none');
    await call(a.id, 'POST', `/users/${b.id}/friend`);
    expect((await call(b.id, 'DELETE', `/users/${a.id}/friend`)).body.relationship).toBe('none');
    expect((await call(a.id, 'GET', `/users/${b.id}`)).body.relationship).toBe('none');
  });

  it('two people adding each other at the same moment become friends (one row for the pair); oneself is 400', async () => {
    const [x, y] = [await createUser(), await createUser()];
    await Promise.all([call(x.id, 'POST', `/users/${y.id}/friend`), call(y.id, 'POST', `/users/${x.id}/friend`)]);
    expect((await call(x.id, 'GET', `/users/${y.id}`)).body.relationship).toBe('friends');
    const { rows } = await getPool().query(
      'SELECT count(*)::int AS n FROM user_relationships WHERE $1 IN (requester_id, addressee_id) AND $2 IN (requester_id, addressee_id)',
      [x.id, y.id],
    );
    expect(rows[0].n).toBe(1);
    const self = await call(x.id, 'POST', `/users/${x.id}/friend`);
    expect([self.status, self.body.details.fields.id]).toEqual([400, 'You cannot befriend yourself.']);
  });

  it("unknown or deleted accounts are 'User not found.' (404)", async () => {
    const [me, gone] = [await createUser(), await createUser({ username: 'gone_user' })];
    await getPool().query('UPDATE profiles SET deleted_at = now() WHERE id = $1', [gone.id]);
    for (const path of [
      '/users/nobody_by_this_name',
      '/users/gone_user',
      `/users/${gone.id}`,
      `/users/${gone.id}/posts`,
    ]) {
      const res = await call(me.id, 'GET', path);
      expect([res.status, res.body.error], path).toEqual([404, 'User not found.']);
    }
    expect((await call(me.id, 'POST', `/users/${gone.id}/friend`)).status).toBe(404);
  });
});
