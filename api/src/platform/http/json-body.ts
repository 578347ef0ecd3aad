import type { IncomingMessage } from 'node:http';
import { createMiddleware } from 'hono/factory';
import { validationError } from '../errors.js';

/** A JSON request body may be at most this large (uploads are multipart and have their own limits). */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

const tooLarge = () => validationError({ body: 'The request body must be at most 1 MB.' });

/**
 * Reads a JSON request body straight from Node's request stream into Hono's body cache, so
 * c.req.json() (validators, idempotency) does not build a WHATWG Request and a web stream for it:
 * that was ~14% of the API's JavaScript time per transfer (bench api-transfers, --cpu-prof).
 * Parsing stays lazy and its failure is the validator's usual 400. Without a Node request (tests
 * calling app.request) Hono reads the body its own way.
 */
export const jsonBody = createMiddleware<{ Bindings: { incoming?: IncomingMessage } }>(async (c, next) => {
  const incoming = c.env?.incoming;
  const method = c.req.method;
  if (incoming && method !== 'GET' && method !== 'HEAD' && c.req.header('content-type')?.includes('application/json')) {
    const text = await readText(incoming);
    let parsed: Promise<unknown> | undefined;
    // Hono keeps the promise of each body reading here (HonoRequest#cachedBody); its type says otherwise.
    const cache = c.req.bodyCache as Record<string, Promise<unknown>>;
    cache.text = Promise.resolve(text);
    Object.defineProperty(cache, 'json', {
      enumerable: true,
      get: () => (parsed ??= new Promise((resolve) => resolve(JSON.parse(text)))),
    });
  }
  await next();
});

/** The whole body as UTF-8; past the limit the rest is drained unread and the request refused. */
function readText(incoming: IncomingMessage): Promise<string> {
  if (Number(incoming.headers['content-length']) > JSON_BODY_MAX_BYTES) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= JSON_BODY_MAX_BYTES) chunks.push(chunk);
    });
    incoming.on('end', () =>
      size > JSON_BODY_MAX_BYTES ? reject(tooLarge()) : resolve(Buffer.concat(chunks).toString('utf8')),
    );
    incoming.on('error', reject);
  });
}
