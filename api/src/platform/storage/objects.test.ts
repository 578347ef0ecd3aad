import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { remoteBuildsOrigin } from '../http/security-headers.js';
import {
  contentTypeOf,
  IMMUTABLE,
  isValidObjectKey,
  localObjectStore,
  remoteBuildBucket,
  remoteBuildStore,
  s3ObjectStore,
} from './objects.js';

// Built remote files are stored through a storage interface, local disk by default and an
// S3-compatible bucket by configuration, immutable per version.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-objects-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('object keys', () => {
  it('are relative paths of plain segments', () => {
    for (const ok of ['mfe-wallet/0.1.0-abc/remoteEntry.js', 'a/b/c.js', 'x.json'])
      expect(isValidObjectKey(ok)).toBe(true);
    for (const bad of ['../x', '/x', 'a//b', 'a/../b', 'a/./b', 'a/b/', 'a\\b', 'a/%2e%2e/b', ''])
      expect(isValidObjectKey(bad)).toBe(false);
  });
});

describe('local store', () => {
  it('writes atomically under its folder, reads back with the type of the extension, refuses a bad key', async () => {
    const root = path.join(work, 'local');
    const store = localObjectStore(root);
    await store.put('mfe-wallet/1.0.0/remoteEntry.js', Buffer.from('var x;'), 'text/javascript');
    expect(fs.readFileSync(path.join(root, 'mfe-wallet', '1.0.0', 'remoteEntry.js'), 'utf8')).toBe('var x;');
    expect(fs.readdirSync(path.join(root, 'mfe-wallet', '1.0.0'))).toEqual(['remoteEntry.js']);
    expect(await store.get('mfe-wallet/1.0.0/remoteEntry.js')).toEqual({
      bytes: Buffer.from('var x;'),
      contentType: 'text/javascript; charset=utf-8',
    });
    expect(await store.get('mfe-wallet/1.0.0/missing.js')).toBeNull();
    await expect(store.put('../escape.js', Buffer.from('x'), 'text/javascript')).rejects.toThrow('invalid object key');
    expect(store.publicUrl('mfe-wallet/1.0.0/remoteEntry.js'), 'served by the API').toBeNull();
  });

  it('get tells a stored file from a missing one (a path through a file is not an object)', async () => {
    const store = localObjectStore(path.join(work, 'missing'));
    await store.put('mfe-wallet/1.0.0/mf-manifest.json', Buffer.from('{}'), 'application/json');
    expect(await store.get('mfe-wallet/1.0.0/mf-manifest.json')).not.toBeNull();
    expect(await store.get('mfe-wallet/1.0.0/remoteEntry.js')).toBeNull();
    expect(await store.get('mfe-wallet/1.0.0/mf-manifest.json/x.js')).toBeNull();
  });

  it('refuses keys that could leave its folder or name no file, on every operation, before touching the disk', async () => {
    const root = path.join(work, 'refuse');
    const store = localObjectStore(root);
    for (const bad of ['../x', '/x', 'a//b', 'a/../../x', 'a/b/', '.', '..', 'a\\..\\x']) {
      await expect(store.put(bad, Buffer.from('x'), 'text/plain'), bad).rejects.toThrow('invalid object key');
      await expect(store.get(bad), bad).rejects.toThrow('invalid object key');
    }
    expect(fs.existsSync(root)).toBe(false);
    expect(fs.existsSync(path.join(work, 'x'))).toBe(false);
  });

  it('reads each type from the extension, whatever type the writer passed', async () => {
    const store = localObjectStore(path.join(work, 'types'));
    const expected: Record<string, string> = {
      'remoteEntry.js': 'text/javascript; charset=utf-8',
      'mf-manifest.json': 'application/json',
      'main.css': 'text/css; charset=utf-8',
      '123.js.map': 'application/json',
      'logo.svg': 'image/svg+xml',
      'inter.woff2': 'font/woff2',
      'icon.png': 'image/png',
      'photo.JPG': 'image/jpeg',
      'index.html': 'text/html; charset=utf-8',
      LICENSE: 'application/octet-stream',
      'x.unknown': 'application/octet-stream',
    };
    for (const [file, type] of Object.entries(expected)) {
      expect(contentTypeOf(`mfe-x/1.0.0/${file}`), file).toBe(type);
      await store.put(`mfe-x/1.0.0/${file}`, Buffer.from(file), 'application/x-ignored');
      expect((await store.get(`mfe-x/1.0.0/${file}`))?.contentType, file).toBe(type);
    }
  });

  it('a write is atomic: readers see the old or the new bytes whole, and no temporary file stays, even when the write fails', async () => {
    const root = path.join(work, 'atomic');
    const store = localObjectStore(root);
    const key = 'mfe-wallet/1.0.0/big.js';
    const versions = ['a', 'b', 'c', 'd'].map((ch) => Buffer.alloc(512 * 1024, ch));
    await store.put(key, versions[0]!, 'text/javascript');
    const seen = new Set<string>();
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const got = (await store.get(key))!.bytes;
        expect(got.length).toBe(512 * 1024);
        expect(
          got.every((b) => b === got[0]),
          'one version whole',
        ).toBe(true);
        seen.add(String.fromCharCode(got[0]!));
      }
    })();
    for (let i = 0; i < 12; i++) await store.put(key, versions[i % 4]!, 'text/javascript');
    writing = false;
    await reader;
    expect(seen.size).toBeGreaterThan(0);
    expect(fs.readdirSync(path.join(root, 'mfe-wallet', '1.0.0'))).toEqual(['big.js']);
    // the rename fails (a folder is in the way): the error surfaces and the temporary file is removed
    fs.mkdirSync(path.join(root, 'mfe-wallet', '1.0.0', 'blocked.js', 'inside'), { recursive: true });
    await expect(store.put('mfe-wallet/1.0.0/blocked.js', Buffer.from('x'), 'text/javascript')).rejects.toThrow();
    expect(fs.readdirSync(path.join(root, 'mfe-wallet', '1.0.0')).sort()).toEqual(['big.js', 'blocked.js']);
  });

  it('remoteBuildStore() without REMOTES_S3_BUCKET keeps files under $PORTAL_HOME/remotes, ignoring REMOTES_PUBLIC_URL', async () => {
    vi.stubEnv('PORTAL_HOME', path.join(work, 'home'));
    try {
      const store = remoteBuildStore({ REMOTES_PUBLIC_URL: 'https://cdn.example.test' });
      expect(store.kind).toBe('local');
      await store.put('mfe-cards/0.1.0-abc/remoteEntry.js', Buffer.from('var c;'), 'text/javascript; charset=utf-8');
      expect(
        fs.readFileSync(path.join(work, 'home', 'remotes', 'mfe-cards', '0.1.0-abc', 'remoteEntry.js'), 'utf8'),
      ).toBe('var c;');
      expect(store.publicUrl('mfe-cards/0.1.0-abc/remoteEntry.js')).toBeNull();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('S3-compatible bucket (a real S3 server: s3rver, in this process)', () => {
  const require = createRequire(import.meta.url);
  const S3rver = require('s3rver') as new (o: object) => { run(): Promise<{ port: number }>; close(): Promise<void> };
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(work, 's3'),
    configureBuckets: [{ name: 'remotes' }],
  });
  let endpoint = '';
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const env: Record<string, string | undefined> = {};
  beforeAll(async () => {
    endpoint = `http://127.0.0.1:${(await server.run()).port}`;
    for (const [k, v] of Object.entries({
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      REMOTES_S3_BUCKET: 'remotes',
      REMOTES_S3_ENDPOINT: endpoint,
    })) {
      env[k] = process.env[k];
      process.env[k] = v;
    }
  });
  afterAll(async () => {
    for (const [k, v] of Object.entries(env))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    await server.close();
  });

  it('puts and gets objects with their type and immutable caching; a missing key is null; public URLs under the CDN base', async () => {
    const store = s3ObjectStore({
      bucket: 'remotes',
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials,
      publicUrl: 'https://cdn.example.test/builds/',
    });
    await store.put('mfe-wallet/2.0.0/remoteEntry.js', Buffer.from('var y;'), 'text/javascript; charset=utf-8');
    expect(await store.get('mfe-wallet/2.0.0/remoteEntry.js')).toEqual({
      bytes: Buffer.from('var y;'),
      contentType: 'text/javascript; charset=utf-8',
    });
    expect(await store.get('mfe-wallet/2.0.0/nope.js')).toBeNull();
    const raw = await fetch(`${endpoint}/remotes/mfe-wallet/2.0.0/remoteEntry.js`);
    expect(raw.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(store.publicUrl('mfe-wallet/2.0.0/remoteEntry.js')).toBe(
      'https://cdn.example.test/builds/mfe-wallet/2.0.0/remoteEntry.js',
    );
  });

  it('every object is written with its content type and the immutable Cache-Control, as a browser or CDN fetching the bucket sees them', async () => {
    const store = s3ObjectStore({
      bucket: 'remotes',
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials,
    });
    const files = {
      'remoteEntry.js': 'var e;',
      'mf-manifest.json': '{"id":"mfe-wallet"}',
      '__federation_expose_App.css': 'a{}',
      'logo.svg': '<svg/>',
    };
    for (const [file, body] of Object.entries(files))
      await store.put(`mfe-wallet/4.0.0/${file}`, Buffer.from(body), contentTypeOf(file));
    for (const [file, body] of Object.entries(files)) {
      const res = await fetch(`${endpoint}/remotes/mfe-wallet/4.0.0/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toBe(contentTypeOf(file));
      expect(res.headers.get('cache-control'), file).toBe('public, max-age=31536000, immutable');
      expect(await res.text(), file).toBe(body);
    }
  });

  it('a missing key is null, a folder-like key too; bad keys are refused before any request', async () => {
    const store = s3ObjectStore({
      bucket: 'remotes',
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials,
    });
    await store.put('mfe-wallet/5.0.0/remoteEntry.js', Buffer.from('var f;'), 'text/javascript; charset=utf-8');
    expect(await store.get('mfe-wallet/5.0.0/other.js')).toBeNull();
    expect(await store.get('mfe-wallet/5.0.0')).toBeNull();
    for (const bad of ['../x', '/x', 'a//b']) {
      await expect(store.put(bad, Buffer.from('x'), 'text/plain'), bad).rejects.toThrow('invalid object key');
      await expect(store.get(bad), bad).rejects.toThrow('invalid object key');
    }
    // a missing bucket is an error, not "not stored" (publishing must stop, not go on writing nowhere)
    const nowhere = s3ObjectStore({
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials,
    });
    await expect(nowhere.put('a/b.js', Buffer.from('x'), 'text/javascript')).rejects.toThrow();
  });

  it('a key prefix keeps objects under it in the bucket and in public URLs', async () => {
    const store = s3ObjectStore({
      bucket: 'remotes',
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials,
      prefix: 'builds/',
      publicUrl: endpoint,
    });
    await store.put('mfe-cards/1.0.0/remoteEntry.js', Buffer.from('var g;'), 'text/javascript; charset=utf-8');
    const url = store.publicUrl('mfe-cards/1.0.0/remoteEntry.js')!;
    expect(url).toBe(`${endpoint}/builds/mfe-cards/1.0.0/remoteEntry.js`);
    expect((await fetch(`${endpoint}/remotes/builds/mfe-cards/1.0.0/remoteEntry.js`)).status).toBe(200);
  });

  it('remoteBuildStore() from the environment: the configured bucket and endpoint (region us-east-1 by default), public URLs under REMOTES_PUBLIC_URL', async () => {
    const fromEnv = remoteBuildStore({ ...process.env, REMOTES_PUBLIC_URL: 'https://cdn.example.test/portal' });
    expect(fromEnv.kind).toBe('s3');
    await fromEnv.put('mfe-loans/1.2.3/mf-manifest.json', Buffer.from('{}'), 'application/json');
    const direct = s3ObjectStore({
      bucket: 'remotes',
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials,
    });
    expect(await direct.get('mfe-loans/1.2.3/mf-manifest.json')).toEqual({
      bytes: Buffer.from('{}'),
      contentType: 'application/json',
    });
    expect(await fromEnv.get('mfe-loans/1.2.3/mf-manifest.json')).not.toBeNull();
    expect(fromEnv.publicUrl('mfe-loans/1.2.3/mf-manifest.json')).toBe(
      'https://cdn.example.test/portal/mfe-loans/1.2.3/mf-manifest.json',
    );
    expect(
      remoteBuildStore().publicUrl('mfe-loans/1.2.3/mf-manifest.json'),
      'no REMOTES_PUBLIC_URL: the API serves it',
    ).toBeNull();
    expect(remoteBuildBucket({ REMOTES_S3_BUCKET: 'b' })).toEqual({
      bucket: 'b',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      publicUrl: undefined,
    });
    expect(
      remoteBuildBucket({
        REMOTES_S3_BUCKET: 'b',
        REMOTES_S3_REGION: 'eu-west-3',
        REMOTES_S3_ENDPOINT: 'http://127.0.0.1:9000',
        REMOTES_PUBLIC_URL: 'https://cdn.example.test',
      }),
    ).toEqual({
      bucket: 'b',
      region: 'eu-west-3',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.test',
    });
    expect(remoteBuildBucket({ REMOTES_S3_ENDPOINT: 'http://127.0.0.1:9000' }), 'no bucket: local disk').toBeNull();
    for (const bad of ['cdn.example.test', '/remotes', 'ftp://cdn.example.test']) {
      expect(() => remoteBuildStore({ ...process.env, REMOTES_PUBLIC_URL: bad }), bad).toThrow(
        'REMOTES_PUBLIC_URL must be an absolute http(s) URL',
      );
    }
  });

  it('remoteBuildStore() picks the bucket from the environment, local disk without it; the page may load scripts from REMOTES_PUBLIC_URL only then', () => {
    expect(remoteBuildStore().kind).toBe('s3');
    expect(remoteBuildStore({}).kind).toBe('local');
    expect(
      remoteBuildsOrigin({ REMOTES_S3_BUCKET: 'remotes', REMOTES_PUBLIC_URL: 'https://cdn.example.test/builds' }),
    ).toBe('https://cdn.example.test');
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
