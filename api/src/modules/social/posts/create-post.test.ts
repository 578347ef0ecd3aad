import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, tableCounts } from '../../../../test/helpers.js';
import { getPool } from '../../../platform/db/pool.js';
import { jpegMetadata, phoneJpeg, samePixels } from '../../../platform/storage/testing.js';
import { MP4, PNG, WEBM, file, recordStoredKeys, socialTestClient } from '../testing.js';

// docs/product.md "Feed and profiles": text needs text, image or video needs a file, tags comma separated; the
// file's kind comes from its bytes (never its name or header) and it is served back with its type.
const { call, post } = socialTestClient();
const MB = 1024 * 1024;
const stored = recordStoredKeys();
afterAll(() => stored.stop());

describe('create post', () => {
  let ann: { id: string };
  beforeAll(async () => {
    ann = await createUser({ fullName: 'Ann Poster' });
  });

  it("a text post needs text ('Please write something for your text post.'), an image or video post a file; refused posts change nothing", async () => {
    const before = await tableCounts(['social_posts']);
    const keys = stored.keys.length;
    const refusals: [Record<string, string>, string, string][] = [
      [{ content_type: 'text', text_content: '   ' }, 'text_content', 'Please write something for your text post.'],
      [{ content_type: 'text' }, 'text_content', 'Please write something for your text post.'],
      [{ content_type: 'image', text_content: 'No file' }, 'file', 'Please select an image file.'],
      [{ content_type: 'video' }, 'file', 'Please select a video file.'],
      [{ content_type: 'audio', text_content: 'x' }, 'content_type', 'Choose text, image or video.'],
      [{ content_type: 'text', text_content: 'x'.repeat(5001) }, 'text_content', 'At most 5000 characters.'],
      [
        { content_type: 'text', text_content: 'tags', tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(',') },
        'tags',
        'At most 10 tags of 30 characters each.',
      ],
    ];
    for (const [fields, field, reason] of refusals) {
      const res = await post(ann.id, fields);
      expect(res.status, JSON.stringify(fields).slice(0, 60)).toBe(400);
      expect(res.body.details.fields[field]).toBe(reason);
    }
    expect(await tableCounts(['social_posts'])).toEqual(before);
    expect(stored.keys.length).toBe(keys);
  });

  it('tags are split at commas, trimmed, empties dropped; none -> null; the post comes back whole', async () => {
    const ok = await post(ann.id, { content_type: 'text', text_content: ' Hello feed ', tags: ' money, ,savings ,' });
    expect(ok.status).toBe(201);
    expect(ok.body.post).toEqual({
      id: expect.any(String),
      content_type: 'text',
      text_content: 'Hello feed',
      media_url: null,
      tags: ['money', 'savings'],
      likes_count: 0,
      comments_count: 0,
      created_at: expect.any(String),
      liked_by_me: false,
      author: { id: ann.id, full_name: 'Ann Poster', username: expect.any(String), avatar_url: null },
    });
    expect((await post(ann.id, { content_type: 'text', text_content: 'No tags' })).body.post.tags).toBeNull();
    expect(
      (await post(ann.id, { content_type: 'text', text_content: 'Only commas', tags: ' , ,' })).body.post.tags,
    ).toBeNull();
  });

  it('HTML or an SVG with a script, named .png and sent as image/png, is refused (400 on file) and nothing is stored; so is a file of the other kind', async () => {
    const before = await tableCounts(['social_posts']);
    const keys = stored.keys.length;
    for (const [bytes, kind] of [
      [Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), 'image'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'video'],
      [PNG, 'video'],
      [MP4, 'image'],
    ] as [Buffer, string][]) {
      const res = await post(ann.id, { content_type: kind, file: file(bytes, 'photo.png', 'image/png') });
      expect(res.status, `${kind} ${bytes.subarray(0, 8).toString()}`).toBe(400);
      expect(res.body.details.fields.file).toBe(
        kind === 'image' ? 'Only JPEG, PNG or WebP images are accepted.' : 'Only MP4 or WebM videos are accepted.',
      );
    }
    expect(await tableCounts(['social_posts'])).toEqual(before);
    expect(stored.keys.length).toBe(keys);
  });

  it('a real PNG, MP4 or WebM (whatever its name and header) is stored as <user id>-<timestamp>-<random>.<ext> (the image re-encoded, a video as sent) and served publicly with its type, nosniff, a CSP sandbox and immutable caching', async () => {
    for (const [bytes, kind, type, ext] of [
      [PNG, 'image', 'image/png', 'png'],
      [MP4, 'video', 'video/mp4', 'mp4'],
      [WEBM, 'video', 'video/webm', 'webm'],
    ] as const) {
      const ok = await post(ann.id, {
        content_type: kind,
        text_content: 'Look',
        file: file(bytes, 'x.bin', 'application/octet-stream'),
      });
      expect(ok.status).toBe(201);
      expect(ok.body.post).toMatchObject({ content_type: kind, text_content: 'Look' });
      expect(ok.body.post.media_url).toMatch(new RegExp(`^/api/social/media/${ann.id}-\\d{13}-[0-9a-f]{24}\\.${ext}$`));
      const served = await call(null, 'GET', ok.body.post.media_url.replace('/api/social', ''));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-security-policy')).toMatch(/(^|; )sandbox$/);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(kind === 'image' ? await samePixels(served.bytes!, bytes) : served.bytes?.equals(bytes)).toBe(true);
    }
    expect((await call(null, 'GET', `/media/${ann.id}-1-000000000000000000000000.png`)).status).toBe(404);
  });

  it('size: an image above 5 MB is refused, a video of 6 MB is taken, a body above 25 MB is refused before it is read', async () => {
    const before = await tableCounts(['social_posts']);
    const big = await post(ann.id, {
      content_type: 'image',
      file: file(Buffer.concat([PNG, Buffer.alloc(5 * MB)]), 'big.png', 'image/png'),
    });
    expect(big.status).toBe(400);
    expect(big.body.details.fields.file).toBe('The image must be at most 5 MB.');
    const huge = await post(ann.id, {
      content_type: 'video',
      file: file(Buffer.concat([MP4, Buffer.alloc(26 * MB)]), 'huge.mp4', 'video/mp4'),
    });
    expect(huge.status).toBe(400);
    expect(huge.body.details.fields.file).toBe('The file must be at most 25 MB.');
    expect(await tableCounts(['social_posts'])).toEqual(before);
    expect(
      (
        await post(ann.id, {
          content_type: 'video',
          file: file(Buffer.concat([MP4, Buffer.alloc(6 * MB)]), 'clip.mp4', 'video/mp4'),
        })
      ).status,
    ).toBe(201);
  });

  it('a phone photo with its GPS position in EXIF is published without it: what anyone reads at the public address has no EXIF, XMP or comment', async () => {
    const photo = await phoneJpeg(40, 20, 6);
    const ok = await post(ann.id, {
      content_type: 'image',
      text_content: 'My street',
      file: file(photo, 'IMG_0001.jpg', 'image/jpeg'),
    });
    expect(ok.status).toBe(201);
    const served = await call(null, 'GET', ok.body.post.media_url.replace('/api/social', ''));
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(jpegMetadata(photo)).toEqual(['Exif', 'XMP', 'COM']);
    expect(jpegMetadata(served.bytes!)).toEqual([]);
  });

  it('a burst of 50 image posts: 20 are taken, the rest get 429 "Too many uploads" with Retry-After, and no post or file is stored for them', async () => {
    const bea = await createUser();
    const keys = stored.keys.length;
    const answers = [];
    for (let i = 0; i < 50; i++)
      answers.push(await post(bea.id, { content_type: 'image', file: file(PNG, `p${i}.png`, 'image/png') }));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
    const refused = answers.filter((a) => a.status !== 201);
    expect(new Set(refused.map((a) => `${a.status} ${a.body.code} ${a.body.error}`))).toEqual(
      new Set(['429 RATE_LIMITED Too many uploads. Please try again in 10 minutes.']),
    );
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    const { rows } = await getPool().query('SELECT count(*)::int AS posts FROM social_posts WHERE user_id = $1', [
      bea.id,
    ]);
    expect(rows[0].posts).toBe(20);
    expect(stored.keys.length - keys).toBe(20);
  });

  it('signed in only', async () => {
    expect((await call(null, 'POST', '/posts', new FormData())).status).toBe(401);
  });
});
