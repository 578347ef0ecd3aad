import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { portalHome } from '../config.js';
import { webOrigin } from '../http/origin.js';

/**
 * Immutable objects under '/'-separated keys (built remote files, `<remote>/<version>/<file>`),
 * written once by the publishing tool and read by any number of API processes or a CDN. Local disk
 * by default; an S3-compatible bucket by configuration (remoteBuildStore). User uploads keep their
 * own interface (storage/index.ts: flat keys, types checked by their bytes).
 */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}
/** Immutable objects under '/'-separated keys (e.g. 'mfe-wallet/0.1.0-abc/remoteEntry.js'). */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /**
   * Stores the object (on S3 with its content type and Cache-Control IMMUTABLE; on disk the type
   * follows the extension when read). Overwrites: refusing a version's files with other bytes is the
   * publishing tool's check, made before it writes.
   */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under the key. */
  get(key: string): Promise<StoredFile | null>;
  /** Absolute URL a browser loads the object from (bucket or CDN), or null: the API serves it at /remotes/<key>. */
  publicUrl(key: string): string | null;
  /** Deletes every object whose key starts with `prefix` (a folder: ends with '/'); returns how many. */
  removeFolder(prefix: string): Promise<number>;
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
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};
/** The content type a file is served with, from its extension. */
export const contentTypeOf = (file: string) => TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

// ENOTDIR: a segment of the key is a file ('a.js/b.js')
const isMissingFile = (e: unknown) => ['ENOENT', 'ENOTDIR'].includes((e as NodeJS.ErrnoException).code ?? '');

/** Files under `rootDir/<key>`; a write goes to a temporary file first, then is renamed into place. */
export function localObjectStore(rootDir: string): ObjectStore {
  const fileOf = (key: string) => {
    checkKey(key);
    return path.join(rootDir, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // a reader (another API process) sees the old file or the whole new one, never a part
      const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
      try {
        await fs.writeFile(tmp, bytes, { flag: 'wx' });
        await fs.rename(tmp, file);
      } catch (e) {
        // EEXIST: the name was taken (not ours to remove); else ours, written in part or not renamed
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') await fs.rm(tmp, { force: true });
        throw e;
      }
    },
    async get(key) {
      try {
        return { bytes: await fs.readFile(fileOf(key)), contentType: contentTypeOf(key) };
      } catch (e) {
        if (isMissingFile(e)) return null;
        throw e;
      }
    },
    publicUrl: () => null,
    async removeFolder(prefix) {
      const dir = fileOf(prefix.replace(/\/$/, ''));
      const files = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch((e: unknown) => {
        if (isMissingFile(e)) return [];
        throw e;
      });
      await fs.rm(dir, { recursive: true, force: true });
      return files.filter((f) => f.isFile()).length;
    },
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
  /** default: the AWS SDK's chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE, instance role...) */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** key prefix inside the bucket */
  prefix?: string;
}

/**
 * A missing object: NoSuchKey from GET, NotFound from HEAD (no body to name the error), 404 from any.
 * Without s3:ListBucket, S3 answers 403 for a missing key instead: that stays an error (publishing
 * stops) rather than reading as "not stored".
 */
const isNotFound = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
};

/** An S3-compatible bucket through the AWS SDK; objects written with their type and IMMUTABLE caching. */
export function s3ObjectStore(options: S3StoreOptions): ObjectStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
  });
  const prefix = options.prefix ?? '';
  const objectKey = (key: string) => {
    checkKey(key);
    return `${prefix}${key}`;
  };
  const base = options.publicUrl?.replace(/\/+$/, '');
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          CacheControl: IMMUTABLE,
        }),
      );
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
        return {
          bytes: Buffer.from(await res.Body!.transformToByteArray()),
          contentType: res.ContentType ?? contentTypeOf(key),
        };
      } catch (e) {
        if (isNotFound(e)) return null;
        throw e;
      }
    },
    publicUrl: (key) => (base ? `${base}/${objectKey(key)}` : null),
    async removeFolder(prefix) {
      let removed = 0;
      for (;;) {
        const listed = await client.send(
          new ListObjectsV2Command({
            Bucket: options.bucket,
            Prefix: objectKey(prefix.replace(/\/$/, '')) + '/',
            MaxKeys: 1000,
          }),
        );
        const keys = (listed.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length === 0) return removed;
        await client.send(new DeleteObjectsCommand({ Bucket: options.bucket, Delete: { Objects: keys, Quiet: true } }));
        removed += keys.length;
      }
    },
  };
}

/**
 * The bucket of remote builds from the environment, or null for local disk: REMOTES_S3_BUCKET set ->
 * that bucket (REMOTES_S3_ENDPOINT for an S3-compatible server, addressed path-style; REMOTES_S3_REGION,
 * default us-east-1; REMOTES_PUBLIC_URL the base URL browsers use, else the API serves the files;
 * credentials from the AWS SDK's usual variables).
 */
export function remoteBuildBucket(env: NodeJS.ProcessEnv = process.env): S3StoreOptions | null {
  if (!env.REMOTES_S3_BUCKET) return null;
  const publicUrl = env.REMOTES_PUBLIC_URL || undefined;
  // the URLs are stored in releases and loaded by browsers: a relative or non-web one is a mistake
  if (publicUrl && !webOrigin(publicUrl))
    throw new Error(`REMOTES_PUBLIC_URL must be an absolute http(s) URL, not ${publicUrl}`);
  const endpoint = env.REMOTES_S3_ENDPOINT || undefined;
  return {
    bucket: env.REMOTES_S3_BUCKET,
    region: env.REMOTES_S3_REGION || 'us-east-1',
    endpoint,
    forcePathStyle: Boolean(endpoint),
    publicUrl,
  };
}

/**
 * The store for remote builds: the bucket of remoteBuildBucket() when REMOTES_S3_BUCKET is set, else
 * local disk $PORTAL_HOME/remotes (and REMOTES_PUBLIC_URL is ignored: the API serves the files).
 */
export function remoteBuildStore(env: NodeJS.ProcessEnv = process.env): ObjectStore {
  const bucket = remoteBuildBucket(env);
  return bucket ? s3ObjectStore(bucket) : localObjectStore(path.join(portalHome(), 'remotes'));
}
