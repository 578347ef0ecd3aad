import { serve } from '@hono/node-server';
import { createRoute, z } from '@hono/zod-openapi';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_MAX_BYTES, jsonBody } from './json-body.js';
import { createRouter } from './router.js';

// Through a real Node server: the middleware only acts when Hono runs on @hono/node-server.
const echoRoute = createRoute({
  method: 'post',
  path: '/echo',
  'x-access': 'public',
  request: {
    body: { content: { 'application/json': { schema: z.object({ name: z.string(), amount: z.string() }) } } },
  },
  responses: {
    200: { description: 'the parsed body and its raw text', content: { 'application/json': { schema: z.object({}) } } },
  },
});
const app = createRouter();
app.use('*', jsonBody);
app.openapi(echoRoute, async (c) => c.json({ parsed: c.req.valid('json'), text: await c.req.text() }, 200) as never);

let server: ReturnType<typeof serve>;
let base: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
    }),
);

const post = (body: string) =>
  fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('JSON request bodies read from the Node stream (platform/http/json-body)', () => {
  it('the validator and c.req.text() see the body as sent, non-ASCII included', async () => {
    const sent = '{"amount":"12.50","name":"Zoë 💸"}';
    const res = await post(sent);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ parsed: { name: 'Zoë 💸', amount: '12.50' }, text: sent });
  });

  it('malformed JSON is a 400 naming the body, as before', async () => {
    const res = await post('{"name": "x",');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION', details: { fields: { body: expect.any(String) } } });
  });

  it('a body over 1 MB is refused with 400 naming the body, and the server keeps answering', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(JSON_BODY_MAX_BYTES), amount: '1' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { body: 'The request body must be at most 1 MB.' } },
    });
    expect((await post('{"name":"a","amount":"1"}')).status).toBe(200);
  });

  it('a wrong field is the usual 400 with the field', async () => {
    const res = await post('{"name": 5, "amount": "1"}');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION', details: { fields: { name: expect.any(String) } } });
  });
});
