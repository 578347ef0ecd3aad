import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { portalHome } from '../config.js';

/**
 * Immutable objects under '/'-separated keys (issue 21: built remote files, `<remote>/<version>/<file>`),
 * written once by the publishing tool and read by any number of API processes or a CDN. Local disk
 * by default; an S3-compatible bucket by configuration (remoteBuildStore). User uploads keep their
 * own interface (storage/index.ts: flat keys, types checked by their bytes).
 */
export interface StoredFile { bytes: Buffer; contentType: string }
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  /** Absolute URL a browser loads the object from (bucket or CDN), or null: the API serves it at /remotes/<key>. */
  publicUrl(key: string): string | null;
}

/** Cache-Control of every stored object: a version's files never change. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const SEGMENT = /^[A-Za-z0-9._+-]+$/;
/** Keys are relative paths of plain segments: no '..', no empty segment, no leading '/'. */
export function isValidObjectKey(key: string): boolean {
  const segments = key.split('/');
  return key.length <= 500 && segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');
}
function checkKey(key: string): void {
  if (!isValidObjectKey(key)) throw new Error(`invalid object key: ${key}`);
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.json': 'application/json', '.map': 'application/json',
  '.css': 'text/css; charset=utf-8', '.html': 'text/html; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg',
  '.webp': 'image/webp', '.woff2': 'font/woff2', '.txt': 'text/plain; charset=utf-8',
};
/** The content type a file is served with, from its extension. */
export const contentTypeOf = (file: string) => TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

/** Files under `rootDir/<key>`; a write goes to a temporary file first, then is renamed into place. */
export function localObjectStore(rootDir: string): ObjectStore {
  const fileOf = (key: string) => { checkKey(key); return path.join(rootDir, ...key.split('/')); };
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, file);
    },
    async get(key) {
      try {
        return { bytes: await fs.readFile(fileOf(key)), contentType: contentTypeOf(key) };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    publicUrl: () => null,
  };
}

export interface S3StoreOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  /** path-style addressing (http://host/bucket/key), what most S3-compatible servers expect */
  forcePathStyle?: boolean;
  /** base URL browsers load objects from (the bucket's public URL or a CDN in front of it) */
  publicUrl?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** key prefix inside the bucket */
  prefix?: string;
}

/** An S3-compatible bucket through the AWS SDK; objects written with their type and IMMUTABLE caching. */
export function s3ObjectStore(options: S3StoreOptions): ObjectStore {
  const client = new S3Client({ region: options.region, endpoint: options.endpoint, forcePathStyle: options.forcePathStyle, credentials: options.credentials });
  const prefix = options.prefix ?? '';
  const objectKey = (key: string) => { checkKey(key); return `${prefix}${key}`; };
  const base = options.publicUrl?.replace(/\/+$/, '');
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket: options.bucket, Key: objectKey(key), Body: bytes, ContentType: contentType, CacheControl: IMMUTABLE }));
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
        return { bytes: Buffer.from(await res.Body!.transformToByteArray()), contentType: res.ContentType ?? contentTypeOf(key) };
      } catch (e) {
        if ((e as { name?: string }).name === 'NoSuchKey') return null;
        throw e;
      }
    },
    publicUrl: (key) => (base ? `${base}/${objectKey(key)}` : null),
  };
}

/**
 * The store for remote builds: REMOTES_S3_BUCKET set -> that bucket (REMOTES_S3_ENDPOINT for an
 * S3-compatible server, REMOTES_S3_REGION default us-east-1, REMOTES_PUBLIC_URL the base URL browsers
 * use; credentials from the AWS SDK's usual variables); else local disk $PORTAL_HOME/remotes.
 */
export function remoteBuildStore(env: NodeJS.ProcessEnv = process.env): ObjectStore {
  if (!env.REMOTES_S3_BUCKET) return localObjectStore(path.join(portalHome(), 'remotes'));
  return s3ObjectStore({
    bucket: env.REMOTES_S3_BUCKET, region: env.REMOTES_S3_REGION ?? 'us-east-1', endpoint: env.REMOTES_S3_ENDPOINT,
    forcePathStyle: Boolean(env.REMOTES_S3_ENDPOINT), publicUrl: env.REMOTES_PUBLIC_URL,
  });
}
