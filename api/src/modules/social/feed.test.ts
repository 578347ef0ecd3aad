import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, tableCounts } from '../../../test/helpers.js';
import { getPool } from '../../platform/db/pool.js';
import { MP4, PNG, file, setPrivacy, socialTestClient, type Json } from './testing.js';

// Issue 17, spec 001 §2 Feed, §4 Like toggle, §5 Create post / Post comment / Like: posts, files typed
// by their bytes, counts kept by the database, and each profile's privacy on every read.
const { call, post, textPost } = socialTestClient();

describe('the social feed', () => {
  let ann: { id: string }, ben: { id: string };
  beforeAll(async () => {
    ann = await createUser({ fullName: 'Ann Poster' });
    ben = await createUser({ fullName: 'Ben Reader' });
  });

  it("create post: a text post needs text ('Please write something for your text post.'), media needs a file; tags trimmed, empties dropped, none -> null", async () => {
    const before = await tableCounts(['social_posts']);
    const empty = await post(ann.id, { content_type: 'text', text_content: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.details.fields.text_content).toBe('Please write something for your text post.');
    expect((await post(ann.id, { content_type: 'image' })).body.details.fields.file).toBe('Please select an image file.');
    expect((await post(ann.id, { content_type: 'video' })).body.details.fields.file).toBe('Please select an video file.');
    expect(await tableCounts(['social_posts'])).toEqual(before);
    const ok = await post(ann.id, { content_type: 'text', text_content: ' Hello feed ', tags: ' money, ,savings ,' });
    expect(ok.status).toBe(201);
    expect(ok.body.post).toMatchObject({ content_type: 'text', text_content: 'Hello feed', tags: ['money', 'savings'], likes_count: 0, author: { id: ann.id, full_name: 'Ann Poster' } });
    expect((await post(ann.id, { content_type: 'text', text_content: 'No tags' })).body.post.tags).toBeNull();
  });

  it('uploads are typed by their bytes: HTML or an SVG with a script named .png and sent as image/png is refused and nothing stored; a real PNG and MP4 are served back with their type and nosniff', async () => {
    const before = await tableCounts(['social_posts']);
    for (const [bytes, kind] of [
      [Buffer.from('<!doctype html><script>alert(1)</script>'), 'image'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image'],
      [PNG, 'video'],
      [MP4, 'image'],
    ] as [Buffer, string][]) {
      const res = await post(ann.id, { content_type: kind, file: file(bytes, 'photo.png', 'image/png') });
      expect(res.status, `${kind} ${bytes.subarray(0, 8).toString()}`).toBe(400);
      expect(res.body.details.fields.file).toMatch(/^Only (JPEG, PNG or WebP images|MP4 or WebM videos) are accepted\.$/);
    }
    expect(await tableCounts(['social_posts'])).toEqual(before);
    for (const [bytes, kind, type] of [[PNG, 'image', 'image/png'], [MP4, 'video', 'video/mp4']] as const) {
      const ok = await post(ann.id, { content_type: kind, text_content: 'Look', file: file(bytes, 'x.bin', 'application/octet-stream') });
      expect(ok.status).toBe(201);
      expect(ok.body.post.media_url).toMatch(new RegExp(`^/api/social/media/${ann.id}-\\d+-[0-9a-f]{24}\\.(png|mp4)$`));
      const served = await call(null, 'GET', ok.body.post.media_url.replace('/api/social', ''));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.bytes?.equals(bytes)).toBe(true);
    }
  });

  it('like toggle: 50 concurrent toggles by 25 people (twice each, at once) leave likes_count equal to the rows', async () => {
    const target = await textPost(ann.id, 'Like me');
    const people = await Promise.all(Array.from({ length: 25 }, () => createUser()));
    await Promise.all(people.flatMap((p) => [call(p.id, 'POST', `/posts/${target.id}/like`), call(p.id, 'POST', `/posts/${target.id}/like`)]));
    const { rows } = await getPool().query('SELECT p.likes_count, (SELECT count(*)::int FROM social_post_likes l WHERE l.post_id = p.id) AS n FROM social_posts p WHERE p.id = $1', [target.id]);
    expect(rows[0].likes_count).toBe(rows[0].n);
    const one = await call(ben.id, 'POST', `/posts/${target.id}/like`);
    expect(one.body).toEqual({ liked: true, likes_count: rows[0].n + 1 });
    expect((await call(ben.id, 'GET', `/posts/${target.id}`)).body.post.liked_by_me).toBe(true);
    expect((await call(ben.id, 'POST', `/posts/${target.id}/like`)).body).toEqual({ liked: false, likes_count: rows[0].n });
  });

  it('comments: oldest first, blank refused, the count kept by the database', async () => {
    const p = await textPost(ann.id, 'Comment here');
    expect((await call(ben.id, 'POST', `/posts/${p.id}/comments`, { comment_text: '  ' })).status).toBe(400);
    for (const t of ['first', 'second', 'third']) expect((await call(ben.id, 'POST', `/posts/${p.id}/comments`, { comment_text: t })).status).toBe(201);
    const list = (await call(ann.id, 'GET', `/posts/${p.id}/comments`)).body.comments as Json[];
    expect(list.map((k) => k.comment_text)).toEqual(['first', 'second', 'third']);
    expect(list[0]!.commenter).toMatchObject({ id: ben.id, full_name: 'Ben Reader' });
    expect((await call(ann.id, 'GET', `/posts/${p.id}`)).body.post.comments_count).toBe(3);
  });

  it('the feed: newest first in keyset pages of 10, no post twice across pages', async () => {
    const writer = await createUser();
    for (let i = 1; i <= 23; i++) await textPost(writer.id, `numbered ${i}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Json = (await call(ben.id, 'GET', `/posts${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`)).body;
      expect(page.posts.length).toBeLessThanOrEqual(10);
      seen.push(...page.posts.map((p: Json) => p.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const mine = (await call(ben.id, 'GET', `/users/${writer.id}/posts`)).body.posts as Json[];
    expect(mine.map((p) => p.text_content)).toEqual(Array.from({ length: 10 }, (_, i) => `numbered ${23 - i}`));
  });
});

describe('privacy (public, friends_only, private) and friends', () => {
  it("a private profile's posts are not returned to a stranger: not in the feed, not on the profile, the post is 'Post not found.'; only the name shows", async () => {
    const hidden = await createUser({ fullName: 'Hidden Hannah', username: 'hidden_hannah' });
    const stranger = await createUser();
    const p = await textPost(hidden.id, 'secret diary');
    await setPrivacy(hidden.id, 'private');
    const feed = (await call(stranger.id, 'GET', '/posts')).body.posts as Json[];
    expect(feed.map((x) => x.id)).not.toContain(p.id);
    expect((await call(stranger.id, 'GET', `/users/${hidden.id}/posts`)).body.posts).toEqual([]);
    const single = await call(stranger.id, 'GET', `/posts/${p.id}`);
    expect(single.status).toBe(404);
    expect(single.body.error).toBe('Post not found.');
    expect((await call(stranger.id, 'POST', `/posts/${p.id}/like`)).status).toBe(404);
    const profile = (await call(stranger.id, 'GET', '/users/hidden_hannah')).body;
    expect(profile).toMatchObject({ profile: { full_name: 'Hidden Hannah', username: null, member_since: null }, can_see_posts: false });
    expect((await call(hidden.id, 'GET', `/posts/${p.id}`)).status, 'the owner still sees it').toBe(200);
  });

  it('friends_only: hidden from a stranger until the friend request is accepted, then visible; removing the friend hides it again', async () => {
    const fay = await createUser({ fullName: 'Fay Friend' });
    const gus = await createUser();
    const p = await textPost(fay.id, 'for friends');
    await setPrivacy(fay.id, 'friends_only');
    expect((await call(gus.id, 'GET', `/posts/${p.id}`)).status).toBe(404);
    expect((await call(gus.id, 'POST', `/users/${fay.id}/friend`)).body.relationship).toBe('requested');
    expect((await call(gus.id, 'GET', `/posts/${p.id}`)).status, 'a request is not a friendship').toBe(404);
    expect((await call(fay.id, 'GET', `/users/${gus.id}`)).body.relationship).toBe('incoming');
    expect((await call(fay.id, 'POST', `/users/${gus.id}/friend`)).body.relationship).toBe('friends');
    expect((await call(gus.id, 'GET', `/posts/${p.id}`)).status).toBe(200);
    expect((await call(gus.id, 'GET', `/users/${fay.id}/posts`)).body.posts.map((x: Json) => x.id)).toEqual([p.id]);
    expect((await call(gus.id, 'DELETE', `/users/${fay.id}/friend`)).body.relationship).toBe('none');
    expect((await call(gus.id, 'GET', `/posts/${p.id}`)).status).toBe(404);
  });

  it('two people adding each other at the same moment become friends (one row for the pair); oneself is refused', async () => {
    const [x, y] = [await createUser(), await createUser()];
    await Promise.all([call(x.id, 'POST', `/users/${y.id}/friend`), call(y.id, 'POST', `/users/${x.id}/friend`)]);
    expect((await call(x.id, 'GET', `/users/${y.id}`)).body.relationship).toBe('friends');
    const { rows } = await getPool().query('SELECT count(*)::int AS n FROM user_relationships WHERE $1 IN (requester_id, addressee_id) AND $2 IN (requester_id, addressee_id)', [x.id, y.id]);
    expect(rows[0].n).toBe(1);
    expect((await call(x.id, 'POST', `/users/${x.id}/friend`)).status).toBe(400);
    expect((await call(x.id, 'GET', '/users/nobody_by_this_name')).body.error).toBe('User not found.');
  });
});
