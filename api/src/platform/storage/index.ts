import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';
import { isTest, portalHome } from '../config.js';
import { bodyLimit } from 'hono/body-limit';
import { validationError } from '../errors.js';
import { errorResponse } from '../http/schemas.js';
import { contentSecurityPolicy } from '../http/security-headers.js';
import { pixelsOnly } from './images.js';
import {
  QUOTA_BYTES,
  UPLOADS_PER_WINDOW,
  UPLOAD_WINDOW_SECONDS,
  countUpload,
  forgetObject,
  withinQuota,
} from './quota.js';

/**
 * File storage (docs/architecture.md "The API"): an interface with a local-disk default under
 * $PORTAL_HOME/uploads/<bucket>/<key>. Buckets are public (served to anyone by the module that owns
 * them, e.g. avatars) or private (served only through a route that checks who asks, e.g. KYC
 * documents). Every upload is checked for size and for its real type by its first bytes (the
 * browser's Content-Type and the file name are not trusted); SVG and HTML are never accepted, so a
 * stored file cannot run script in the portal's origin. Images are stored re-encoded, pixels only
 * (images.ts); each user's uploads are rate-limited and held to a storage quota (quota.ts).
 */
export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}
export interface Storage {
  put(bucket: string, key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(bucket: string, key: string): Promise<StoredObject | null>;
  delete(bucket: string, key: string): Promise<void>;
}

export interface BucketPolicy {
  public: boolean;
  maxBytes: number;
  /** Accepted content types (as detected from the bytes). */
  types: readonly MediaType[];
  /** Images are scaled down to fit a square of this many pixels a side. */
  maxImageSide: number;
}

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';
export type VideoType = 'video/mp4' | 'video/webm';
export type DocumentType = 'application/pdf';
export type MediaType = ImageType | VideoType | DocumentType;
export const IMAGE_TYPES: readonly ImageType[] = ['image/jpeg', 'image/png', 'image/webp'];
export const VIDEO_TYPES: readonly VideoType[] = ['video/mp4', 'video/webm'];

/** The buckets of the portal. */
// Image sides: avatars and logos are shown small (1024 covers a 3x display); feed images fill a
// column about 600 px wide (2048: 3x); documents and screenshots must stay legible (4096: a 4K screen).
export const BUCKETS = {
  avatars: {
    public: true,
    maxBytes: 2 * 1024 * 1024,
    types: ['image/jpeg', 'image/png', 'image/webp'],
    maxImageSide: 1024,
  },
  kyc_documents: {
    public: false,
    maxBytes: 5 * 1024 * 1024,
    types: ['image/jpeg', 'image/png', 'image/webp'],
    maxImageSide: 4096,
  },
  campaign_logos: {
    public: true,
    maxBytes: 2 * 1024 * 1024,
    types: ['image/jpeg', 'image/png', 'image/webp'],
    maxImageSide: 1024,
  },
  // feed posts: images (at most 5 MB, checked per upload) and videos up to the bucket's 25 MB
  social_media_content: {
    public: true,
    maxBytes: 25 * 1024 * 1024,
    types: ['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/webm'],
    maxImageSide: 2048,
  },
  // files on support tickets and their responses: served only to the ticket's owner and admins
  support_attachments: {
    public: false,
    maxBytes: 5 * 1024 * 1024,
    types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
    maxImageSide: 4096,
  },
} as const satisfies Record<string, BucketPolicy>;
export type BucketName = keyof typeof BUCKETS;

export const EXT: Record<MediaType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'application/pdf': 'pdf',
};

/** The image type from the file's magic bytes, or null. */
export function sniffImageType(b: Buffer): ImageType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

/**
 * The image, video or PDF type from the file's first bytes (MP4: an ISO BMFF 'ftyp' box; WebM: the
 * EBML magic; PDF: '%PDF-' at offset 0, not anywhere in the first KB as some readers allow, so an
 * HTML page with a PDF header further down is never taken for one), or null.
 */
export function sniffMediaType(b: Buffer): MediaType | null {
  const image = sniffImageType(b);
  if (image) return image;
  if (b.length >= 12 && b.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4';
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return 'video/webm';
  if (b.length >= 8 && b.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/** Keys are flat names (no '/', no '..'): a key can never reach outside its bucket folder. */
export function isValidKey(key: string): boolean {
  return KEY_RE.test(key) && !key.includes('..');
}

/** $PORTAL_HOME/uploads; under vitest without PORTAL_HOME a per-process temp folder (tests never write into .portal). */
const defaultRoot = () =>
  isTest && !process.env.PORTAL_HOME
    ? path.join(os.tmpdir(), `portal-test-uploads-${process.pid}`)
    : path.join(portalHome(), 'uploads');

export class LocalDiskStorage implements Storage {
  constructor(private readonly root: () => string = defaultRoot) {}
  private file(bucket: string, key: string) {
    if (!isValidKey(key) || !isValidKey(bucket)) throw new Error(`invalid storage key ${bucket}/${key}`);
    return path.join(this.root(), bucket, key);
  }
  async put(bucket: string, key: string, bytes: Buffer): Promise<void> {
    const file = this.file(bucket, key);
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await fs.writeFile(tmp, bytes, { mode: 0o600 });
    await fs.rename(tmp, file); // readers never see half a file
  }
  async get(bucket: string, key: string): Promise<StoredObject | null> {
    if (!isValidKey(key)) return null;
    try {
      const bytes = await fs.readFile(this.file(bucket, key));
      return { bytes, contentType: sniffMediaType(bytes) ?? 'application/octet-stream' };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }
  async delete(bucket: string, key: string): Promise<void> {
    if (!isValidKey(key)) return;
    await fs.rm(this.file(bucket, key), { force: true });
  }
}

let storage: Storage = new LocalDiskStorage();
export const getStorage = (): Storage => storage;
/** Swap the backend (e.g. an object store in production). */
export function setStorage(next: Storage): void {
  storage = next;
}

const MB = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

/** What one upload may be: a subset of its bucket's types, at most so large, named in the errors ('file': an image or a PDF). */
export interface UploadRule {
  types: readonly MediaType[];
  maxBytes: number;
  noun: 'image' | 'video' | 'file';
}
const typesOf = (bucket: BucketName): readonly MediaType[] => BUCKETS[bucket].types;
/** Without a rule an upload is an image, or a 'file' in a bucket that takes documents (videos always come with a rule). */
const bucketRule = (bucket: BucketName): UploadRule => ({
  types: typesOf(bucket),
  maxBytes: BUCKETS[bucket].maxBytes,
  noun: typesOf(bucket).includes('application/pdf') ? 'file' : 'image',
});
const ACCEPTED = {
  image: 'Only JPEG, PNG or WebP images are accepted.',
  video: 'Only MP4 or WebM videos are accepted.',
  file: 'Only JPEG, PNG or WebP images or PDF documents are accepted.',
} as const;
const CHOOSE = {
  image: 'Choose an image file to upload.',
  video: 'Choose a video file to upload.',
  file: 'Choose a file to upload.',
} as const;

const isImage = (type: MediaType): type is ImageType => (IMAGE_TYPES as readonly MediaType[]).includes(type);

/** The checked upload as it will be stored: an image re-encoded to its pixels, a video or PDF as sent. */
async function storedBytes(
  bucket: BucketName,
  file: unknown,
  rule: UploadRule,
  field: string,
): Promise<{ bytes: Buffer; type: MediaType }> {
  if (!(file instanceof Blob) || file.size === 0) throw validationError({ [field]: CHOOSE[rule.noun] });
  if (file.size > rule.maxBytes)
    throw validationError({ [field]: `The ${rule.noun} must be at most ${MB(rule.maxBytes)}.` });
  const sent = Buffer.from(await file.arrayBuffer());
  const type = sniffMediaType(sent);
  if (!type || !rule.types.includes(type) || !typesOf(bucket).includes(type))
    throw validationError({ [field]: ACCEPTED[rule.noun] });
  return { bytes: isImage(type) ? await pixelsOnly(sent, type, BUCKETS[bucket].maxImageSide, field) : sent, type };
}

/**
 * Checks an upload of `ownerId` against the bucket's policy (or a stricter `rule`), the owner's
 * upload rate (429) and storage quota (413), and stores it under a new key
 * (`<prefix>-<random>.<ext>`). `field` names the form field in the 400 answer. A refusal stores
 * nothing; removeUpload() is how the file goes again.
 */
export async function storeUpload(
  bucket: BucketName,
  file: unknown,
  opts: { ownerId: string; prefix: string; field: string; rule?: UploadRule },
): Promise<{ key: string; contentType: MediaType; size: number }> {
  await countUpload(opts.ownerId);
  const { bytes, type } = await storedBytes(bucket, file, opts.rule ?? bucketRule(bucket), opts.field);
  const key = `${opts.prefix}-${crypto.randomBytes(12).toString('hex')}.${EXT[type]}`;
  await withinQuota({ userId: opts.ownerId, bucket, key, size: bytes.length }, () =>
    getStorage().put(bucket, key, bytes, type),
  );
  return { key, contentType: type, size: bytes.length };
}

/** Removes an uploaded file and its place in its owner's quota. */
export async function removeUpload(bucket: BucketName, key: string): Promise<void> {
  await forgetObject(bucket, key);
  await getStorage().delete(bucket, key);
}

/**
 * `inline` with the file's name for a download (RFC 6266): an ASCII fallback without quotes,
 * backslashes or control characters, and the exact name percent-encoded in filename*.
 */
export function contentDisposition(fileName?: string): string {
  if (!fileName) return 'inline';
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const wellFormed = fileName.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
  const encoded = encodeURIComponent(wellFormed).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A stored file as an HTTP response body, with caching fitting the bucket. The portal's CSP plus
 * `sandbox`: a file opened on its own is a unique origin without script, whatever a browser makes of it.
 * `fileName` (a private upload's original name) names the download.
 */
export function fileResponse(obj: StoredObject, opts: { public: boolean; fileName?: string }): Response {
  return new Response(new Uint8Array(obj.bytes), {
    status: 200,
    headers: {
      'Content-Type': obj.contentType,
      'Content-Length': String(obj.bytes.length),
      'Cache-Control': opts.public ? 'public, max-age=31536000, immutable' : 'private, no-store',
      'Content-Disposition': contentDisposition(opts.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': `${contentSecurityPolicy([])}; sandbox`,
    },
  });
}

/**
 * Route middleware: refuses a request body larger than the bucket allows (plus room for the other
 * form fields) with 400 naming `field`, before the body is read into memory.
 */
export function uploadBodyLimit(bucket: BucketName, field: string) {
  const maxBytes = BUCKETS[bucket].maxBytes;
  return bodyLimit({
    maxSize: maxBytes + 64 * 1024,
    onError: () => {
      throw validationError({
        [field]: `The ${typesOf(bucket).every((t) => t.startsWith('image/')) ? 'image' : 'file'} must be at most ${MB(maxBytes)}.`,
      });
    },
  });
}

/** The answers every upload route adds to its own: the uploader's storage quota and upload rate. */
export const uploadLimitResponses = {
  413: errorResponse(
    `QUOTA_EXCEEDED: the file would take the caller's uploads past ${MB(QUOTA_BYTES)}; nothing is stored`,
  ),
  429: errorResponse(
    `RATE_LIMITED: more than ${UPLOADS_PER_WINDOW} uploads in ${UPLOAD_WINDOW_SECONDS / 60} minutes (Retry-After); nothing is stored`,
  ),
};
