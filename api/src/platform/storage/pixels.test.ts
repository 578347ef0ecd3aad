import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/helpers.js';
import { getPool } from '../db/pool.js';
import { AppError } from '../errors.js';
import { LocalDiskStorage, getStorage, removeUpload, setStorage, storeUpload, type BucketName } from './index.js';
import { QUOTA_BYTES, UPLOADS_PER_WINDOW } from './quota.js';
import { annotatedPng, claimedSizePng, jpegMetadata, phoneJpeg, pngChunks } from './testing.js';

// docs/decisions.md "Uploads publish only pixels" and "Upload quota and rate limit".
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pixels-'));
setStorage(new LocalDiskStorage(() => root));
const blob = (bytes: Buffer) => new Blob([new Uint8Array(bytes)], { type: 'image/png' });
const upload = (ownerId: string, bytes: Buffer, bucket: BucketName = 'avatars') =>
  storeUpload(bucket, blob(bytes), { ownerId, prefix: ownerId, field: 'file' });
const stored = async (bucket: BucketName, key: string) => (await getStorage().get(bucket, key))!.bytes;

/** What a user has stored: their rows in upload_objects and their files on disk. */
async function holdings(userId: string) {
  const { rows } = await getPool().query<{ n: number; bytes: string }>(
    'SELECT count(*)::int AS n, coalesce(sum(size_bytes), 0)::text AS bytes FROM upload_objects WHERE user_id = $1',
    [userId],
  );
  const files = fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && f.name.startsWith(userId)).length;
  return { rows: rows[0]!.n, bytes: rows[0]!.bytes, files };
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    return e as AppError;
  }
  throw new Error('the upload was accepted');
}

describe('uploaded images are stored as their pixels only', () => {
  let owner: string;
  beforeAll(async () => {
    owner = (await createUser()).id;
  });

  it('a phone JPEG with a GPS position in EXIF, XMP and a comment comes back with no EXIF (APP1) segment, no XMP, no comment, turned upright', async () => {
    const photo = await phoneJpeg(40, 20, 6);
    expect(jpegMetadata(photo)).toEqual(['Exif', 'XMP', 'COM']); // what the check below must not find
    const { key, contentType } = await upload(owner, photo, 'social_media_content');
    expect(contentType).toBe('image/jpeg');
    const bytes = await stored('social_media_content', key);
    expect(jpegMetadata(bytes)).toEqual([]);
    expect(bytes.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(bytes.includes(Buffer.from('Taken at home'))).toBe(false);
    // orientation 6 was applied to the pixels: 40 x 20 is now 20 x 40, the red left half on top
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([20, 40]);
    expect([...data.subarray(0, 3)].map((v) => v > 200)).toEqual([true, false, false]);
    expect([...data.subarray(data.length - 3)].map((v) => v > 200)).toEqual([false, false, true]);
  });

  it('a PNG loses its text chunks (tEXt, zTXt, iTXt) and its eXIf chunk, and keeps its transparency', async () => {
    const png = await annotatedPng(30, 10);
    expect(pngChunks(png)).toEqual(expect.arrayContaining(['tEXt', 'zTXt', 'iTXt', 'eXIf']));
    const { key, contentType } = await upload(owner, png, 'support_attachments');
    expect(contentType).toBe('image/png');
    const bytes = await stored('support_attachments', key);
    expect(pngChunks(bytes).filter((c) => ['tEXt', 'zTXt', 'iTXt', 'eXIf', 'iCCP', 'tIME'].includes(c))).toEqual([]);
    expect(bytes.includes(Buffer.from('Taken at home'))).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([30, 10, true]);
  });

  it('a WebP with EXIF is stored without it', async () => {
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .withExif({ IFD0: { Copyright: 'GPS 48.85 N' } })
      .webp()
      .toBuffer();
    expect((await sharp(webp).metadata()).exif).toBeDefined();
    const { key } = await upload(owner, webp, 'kyc_documents');
    const bytes = await stored('kyc_documents', key);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('GPS 48.85 N'))).toBe(false);
  });

  it('an image larger than its bucket allows is scaled down to fit (avatars 1024, feed 2048 a side), keeping its shape; a smaller one keeps its size', async () => {
    const wide = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    const avatar = await sharp(await stored('avatars', (await upload(owner, wide, 'avatars')).key)).metadata();
    expect([avatar.width, avatar.height]).toEqual([1024, 512]);
    const feed = await sharp(
      await stored('social_media_content', (await upload(owner, wide, 'social_media_content')).key),
    ).metadata();
    expect([feed.width, feed.height]).toEqual([2048, 1024]);
    const small = await sharp(await stored('avatars', (await upload(owner, await phoneJpeg(40, 20))).key)).metadata();
    expect([small.width, small.height]).toEqual([40, 20]);
  });

  it('an image claiming more than 50 megapixels, or bytes that only start like an image, are refused with 400 on the field and nothing is stored', async () => {
    const u = (await createUser()).id;
    const bomb = await refusal(upload(u, claimedSizePng(10_000, 10_000)));
    expect([bomb.status, bomb.details]).toEqual([
      400,
      { fields: { file: 'The image must be at most 50 megapixels.' } },
    ]);
    const broken = await refusal(upload(u, (await phoneJpeg(40, 20)).subarray(0, 300)));
    expect([broken.status, broken.details]).toEqual([
      400,
      { fields: { file: 'This image could not be read. Choose another file.' } },
    ]);
    expect(await holdings(u)).toEqual({ rows: 0, bytes: '0', files: 0 });
  });
});

describe('per-user upload rate and storage quota', () => {
  it(`${UPLOADS_PER_WINDOW} uploads in 10 minutes are taken; the next is refused with 429, Retry-After and nothing stored`, async () => {
    const u = (await createUser()).id;
    const png = await annotatedPng(4, 4);
    for (let i = 0; i < UPLOADS_PER_WINDOW; i++) await upload(u, png, 'social_media_content');
    const before = await holdings(u);
    expect([before.rows, before.files]).toEqual([UPLOADS_PER_WINDOW, UPLOADS_PER_WINDOW]);
    const e = await refusal(upload(u, png, 'social_media_content'));
    expect([e.status, e.code, e.message]).toEqual([
      429,
      'RATE_LIMITED',
      'Too many uploads. Please try again in 10 minutes.',
    ]);
    expect(Number(e.headers?.['Retry-After'])).toBeGreaterThan(500);
    expect(await holdings(u)).toEqual(before);
    // another user is not slowed down
    expect((await upload((await createUser()).id, png)).key).toBeTruthy();
  });

  it('an upload past the 500 MB quota is refused with 413 and nothing stored; removing a file makes room again', async () => {
    const u = (await createUser()).id;
    const png = await annotatedPng(4, 4);
    const first = await upload(u, png);
    const size = (await stored('avatars', first.key)).length;
    // the rest of the quota taken by an earlier upload (its row is what counts)
    await getPool().query(
      `INSERT INTO upload_objects (bucket, key, user_id, size_bytes) VALUES ('social_media_content', $1, $2, $3)`,
      [`${u}-earlier.mp4`, u, QUOTA_BYTES - size - 10],
    );
    const before = await holdings(u);
    const e = await refusal(upload(u, png));
    expect([e.status, e.code]).toEqual([413, 'QUOTA_EXCEEDED']);
    expect(e.message).toBe(
      'This file would take your uploads past your 500 MB storage limit. Remove some of your files and try again.',
    );
    expect(e.details).toEqual({ quota_bytes: QUOTA_BYTES, used_bytes: QUOTA_BYTES - 10, file_bytes: size });
    expect(await holdings(u)).toEqual(before);

    await removeUpload('avatars', first.key);
    expect(await getStorage().get('avatars', first.key)).toBeNull();
    expect((await upload(u, png)).key).toBeTruthy();
  });

  it('two uploads at once with room for one: exactly one is stored (the quota is checked under a per-user lock)', async () => {
    const u = (await createUser()).id;
    const png = await annotatedPng(4, 4);
    const size = (await stored('avatars', (await upload((await createUser()).id, png)).key)).length;
    await getPool().query(
      `INSERT INTO upload_objects (bucket, key, user_id, size_bytes) VALUES ('avatars', $1, $2, $3)`,
      [`${u}-earlier.png`, u, QUOTA_BYTES - size - Math.floor(size / 2)],
    );
    const results = await Promise.allSettled([upload(u, png), upload(u, png), upload(u, png)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .map((r) => ((r as PromiseRejectedResult).reason as AppError).status),
    ).toEqual([413, 413]);
    expect(await holdings(u)).toMatchObject({ rows: 2, files: 1 });
  });
});
