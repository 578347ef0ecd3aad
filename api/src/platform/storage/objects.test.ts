import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { remoteBuildsOrigin } from '../http/security-headers.js';
import { IMMUTABLE, isValidObjectKey, localObjectStore, remoteBuildStore, s3ObjectStore } from './objects.js';

// Issue 21: built remote files are stored through a storage interface, local disk by default and an
// S3-compatible bucket by configuration, immutable per version.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-objects-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('object keys', () => {
  it('are relative paths of plain segments', () => {
    for (const ok of ['mfe-wallet/0.1.0-abc/remoteEntry.js', 'a/b/c.js', 'x.json']) expect(isValidObjectKey(ok)).toBe(true);
    for (const bad of ['../x', '/x', 'a//b', 'a/../b', 'a/./b', 'a/b/', 'a\\b', 'a/%2e%2e/b', '']) expect(isValidObjectKey(bad)).toBe(false);
  });
});

describe('local store', () => {
  it('writes atomically under its folder, reads back with the type of the extension, refuses a bad key', async () => {
    const root = path.join(work, 'local');
    const store = localObjectStore(root);
    await store.put('mfe-wallet/1.0.0/remoteEntry.js', Buffer.from('var x;'), 'text/javascript');
    expect(fs.readFileSync(path.join(root, 'mfe-wallet', '1.0.0', 'remoteEntry.js'), 'utf8')).toBe('var x;');
    expect(fs.readdirSync(path.join(root, 'mfe-wallet', '1.0.0'))).toEqual(['remoteEntry.js']);
    expect(await store.get('mfe-wallet/1.0.0/remoteEntry.js')).toEqual({ bytes: Buffer.from('var x;'), contentType: 'text/javascript; charset=utf-8' });
    expect(await store.get('mfe-wallet/1.0.0/missing.js')).toBeNull();
    await expect(store.put('../escape.js', Buffer.from('x'), 'text/javascript')).rejects.toThrow('invalid object key');
    expect(store.publicUrl('mfe-wallet/1.0.0/remoteEntry.js'), 'served by the API').toBeNull();
  });
});

describe('S3-compatible bucket (a real S3 server: s3rver, in this process)', () => {
  const require = createRequire(import.meta.url);
  const S3rver = require('s3rver') as new (o: object) => { run(): Promise<{ port: number }>; close(): Promise<void> };
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(work, 's3'), configureBuckets: [{ name: 'remotes' }] });
  let endpoint = '';
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const env: Record<string, string | undefined> = {};
  beforeAll(async () => {
    endpoint = `http://127.0.0.1:${(await server.run()).port}`;
    for (const [k, v] of Object.entries({ AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', REMOTES_S3_BUCKET: 'remotes', REMOTES_S3_ENDPOINT: endpoint })) { env[k] = process.env[k]; process.env[k] = v; }
  });
  afterAll(async () => {
    for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
    await server.close();
  });

  it('puts and gets objects with their type and immutable caching; a missing key is null; public URLs under the CDN base', async () => {
    const store = s3ObjectStore({ bucket: 'remotes', region: 'us-east-1', endpoint, forcePathStyle: true, credentials, publicUrl: 'https://cdn.example.test/builds/' });
    await store.put('mfe-wallet/2.0.0/remoteEntry.js', Buffer.from('var y;'), 'text/javascript; charset=utf-8');
    expect(await store.get('mfe-wallet/2.0.0/remoteEntry.js')).toEqual({ bytes: Buffer.from('var y;'), contentType: 'text/javascript; charset=utf-8' });
    expect(await store.get('mfe-wallet/2.0.0/nope.js')).toBeNull();
    const raw = await fetch(`${endpoint}/remotes/mfe-wallet/2.0.0/remoteEntry.js`);
    expect(raw.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(store.publicUrl('mfe-wallet/2.0.0/remoteEntry.js')).toBe('https://cdn.example.test/builds/mfe-wallet/2.0.0/remoteEntry.js');
  });

  it('remoteBuildStore() picks the bucket from the environment, local disk without it; the page may load scripts from REMOTES_PUBLIC_URL only then', () => {
    expect(remoteBuildStore().kind).toBe('s3');
    expect(remoteBuildStore({}).kind).toBe('local');
    expect(remoteBuildsOrigin({ REMOTES_S3_BUCKET: 'remotes', REMOTES_PUBLIC_URL: 'https://cdn.example.test/builds' })).toBe('https://cdn.example.test');
    expect(remoteBuildsOrigin({ REMOTES_PUBLIC_URL: 'https://cdn.example.test/builds' })).toBeNull();
  });

  it('the API serves /remotes/* from the bucket when browsers are not sent to it directly', async () => {
    const store = remoteBuildStore();
    await store.put('mfe-wallet/3.0.0/remoteEntry.js', Buffer.from('var z;'), 'text/javascript; charset=utf-8');
    const app = buildApp({ modules: [], serveStatic: true });
    const res = await app.request('/remotes/mfe-wallet/3.0.0/remoteEntry.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(await res.text()).toBe('var z;');
    expect((await app.request('/remotes/mfe-wallet/3.0.0/missing.js')).status).toBe(404);
    expect((await app.request('/remotes/mfe-wallet/3.0.0/..%2F..%2Fsecret')).status).toBe(404);
  });
});
