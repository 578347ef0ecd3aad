import { bearer, createTestApp } from './helpers.js';
import { getStorage, setStorage, type Storage } from '../src/platform/storage/index.js';

/** What a module's API tests share: calls as a user (JSON or a multipart form), files of a known kind, stored keys. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const file = (bytes: Buffer, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });
export const form = (fields: Record<string, string | Blob>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

/** An app with the module mounted; `call` sends JSON, or a FormData as multipart (and extra headers); a non-JSON answer comes back as bytes. */
export function moduleClient(area: string) {
  const app = createTestApp([area]);
  async function call(
    userId: string | null,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const isForm = body instanceof FormData;
    const res = await app.request(`/api/${area}${path}`, {
      method,
      headers: {
        ...(userId ? await bearer(userId) : {}),
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const type = res.headers.get('content-type') ?? '';
    return {
      status: res.status,
      headers: res.headers,
      body: (type.includes('json') ? await res.json() : {}) as Json,
      bytes: type.includes('json') ? null : Buffer.from(await res.arrayBuffer()),
    };
  }
  /** Every page of a list from its first, following next_cursor; `key` names the list in the answer. */
  async function allPages(userId: string, path: string, key: string) {
    const pages: Json[][] = [];
    let cursor: string | null = null;
    do {
      const sep = path.includes('?') ? '&' : '?';
      const res: Awaited<ReturnType<typeof call>> = await call(
        userId,
        'GET',
        `${path}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      pages.push(res.body[key]);
      cursor = res.body.next_cursor;
    } while (cursor);
    return pages;
  }
  return { app, call, allPages };
}

/** The keys stored through the storage from now on (the real storage still stores them). */
export function recordStoredKeys(): { keys: string[]; stop: () => void } {
  const real = getStorage();
  const keys: string[] = [];
  const recording: Storage = {
    put: (bucket, key, bytes, type) => {
      keys.push(`${bucket}/${key}`);
      return real.put(bucket, key, bytes, type);
    },
    get: (bucket, key) => real.get(bucket, key),
    delete: (bucket, key) => real.delete(bucket, key),
  };
  setStorage(recording);
  return { keys, stop: () => setStorage(real) };
}
