import { bearer, createTestApp } from '../../../test/helpers.js';
import { getPool } from '../../platform/db/pool.js';
import { getStorage, setStorage, type Storage } from '../../platform/storage/index.js';

/** What the social tests share: calls as a user (JSON or a form), files of a known kind, privacy, friendships. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
export const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(16)]);
export const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(28)]);
export const file = (bytes: Buffer, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

export function socialTestClient() {
  const app = createTestApp(['social']);
  async function call(userId: string | null, method: string, path: string, body?: unknown) {
    const isForm = body instanceof FormData;
    const res = await app.request(`/api/social${path}`, {
      method, headers: { ...(userId ? await bearer(userId) : {}), ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, headers: res.headers, body: (type.includes('json') ? await res.json() : {}) as Json, bytes: type.includes('json') ? null : Buffer.from(await res.arrayBuffer()) };
  }
  const form = (fields: Record<string, string | Blob>) => { const f = new FormData(); for (const [k, v] of Object.entries(fields)) f.append(k, v); return f; };
  const post = (userId: string, fields: Record<string, string | Blob>) => call(userId, 'POST', '/posts', form(fields));
  const textPost = async (userId: string, text: string) => (await post(userId, { content_type: 'text', text_content: text })).body.post as Json;
  /** Every page of a post list from its first, following next_cursor. */
  async function allPages(userId: string, path: string) {
    const pages: Json[][] = [];
    let cursor: string | null = null;
    do {
      const res: Awaited<ReturnType<typeof call>> = await call(userId, 'GET', `${path}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
      pages.push(res.body.posts);
      cursor = res.body.next_cursor;
    } while (cursor);
    return pages;
  }
  return { app, call, post, textPost, allPages };
}

export const setPrivacy = (userId: string, privacy: 'public' | 'friends_only' | 'private') =>
  getPool().query('UPDATE profiles SET profile_privacy = $2::profile_privacy WHERE id = $1', [userId, privacy]);

/** The keys stored through the storage from now on (the real storage still stores them). */
export function recordStoredKeys(): { keys: string[]; stop: () => void } {
  const real = getStorage();
  const keys: string[] = [];
  const recording: Storage = {
    put: (bucket, key, bytes, type) => { keys.push(`${bucket}/${key}`); return real.put(bucket, key, bytes, type); },
    get: (bucket, key) => real.get(bucket, key),
    delete: (bucket, key) => real.delete(bucket, key),
  };
  setStorage(recording);
  return { keys, stop: () => setStorage(real) };
}
