import { bearer, createTestApp } from '../../../test/helpers.js';
import { getPool } from '../../platform/db/pool.js';
import { getStorage, setStorage, type Storage } from '../../platform/storage/index.js';

/** What the support tests share: calls as a user (JSON or a form), files of a known kind, tickets in a given state. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const HTML = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
export const file = (bytes: Buffer, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

export function supportTestClient() {
  const app = createTestApp(['support']);
  async function call(userId: string | null, method: string, path: string, body?: unknown) {
    const isForm = body instanceof FormData;
    const res = await app.request(`/api/support${path}`, {
      method, headers: { ...(userId ? await bearer(userId) : {}), ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, headers: res.headers, body: (type.includes('json') ? await res.json() : {}) as Json, bytes: type.includes('json') ? null : Buffer.from(await res.arrayBuffer()) };
  }
  const form = (fields: Record<string, string | Blob>) => { const f = new FormData(); for (const [k, v] of Object.entries(fields)) f.append(k, v); return f; };
  const openTicket = (userId: string, fields: Record<string, string | Blob>) => call(userId, 'POST', '/tickets', form(fields));
  /** A ticket of the user's (subject and description filled in unless given), as the API answered it. */
  const ticketOf = async (userId: string, fields: Record<string, string | Blob> = {}) =>
    (await openTicket(userId, { subject: 'Card payment failed', description: 'My card was declined twice.', ...fields })).body.ticket as Json;
  const respond = (userId: string, ticketId: string, fields: Record<string, string | Blob>) => call(userId, 'POST', `/tickets/${ticketId}/responses`, form(fields));
  const adminRespond = (adminId: string, ticketId: string, fields: Record<string, string | Blob>) => call(adminId, 'POST', `/admin/tickets/${ticketId}/responses`, form(fields));
  const setStatus = (adminId: string, ticketId: string, status: string, priority = 'medium') => call(adminId, 'PATCH', `/admin/tickets/${ticketId}`, { status, priority });
  /** Every page of a list from its first, following next_cursor; `key` names the list in the answer. */
  async function allPages(userId: string, path: string, key: string) {
    const pages: Json[][] = [];
    let cursor: string | null = null;
    do {
      const sep = path.includes('?') ? '&' : '?';
      const res: Awaited<ReturnType<typeof call>> = await call(userId, 'GET', `${path}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ''}`);
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      pages.push(res.body[key]);
      cursor = res.body.next_cursor;
    } while (cursor);
    return pages;
  }
  return { app, call, form, openTicket, ticketOf, respond, adminRespond, setStatus, allPages };
}

/** A ticket's row as the database has it (times as Date). */
export async function ticketRow(id: string) {
  const { rows } = await getPool().query<{ status: string; priority: string; updated_at: Date; resolved_at: Date | null; created_at: Date }>(
    'SELECT status::text, priority::text, created_at, updated_at, resolved_at FROM customer_support_tickets WHERE id = $1', [id]);
  return rows[0]!;
}

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
