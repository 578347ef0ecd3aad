import { describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { bearer, createTestApp, createUser, tableCounts } from '../../../../test/helpers.js';

const app = createTestApp(['contact']);
const send = (body: unknown, headers: Record<string, string> = {}) =>
  app.request('/api/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const message = {
  name: 'Casey Contact',
  email: 'Casey@Example.test',
  subject: 'Question',
  message: 'How do fees work?',
};

describe('contact form (POST /api/contact, docs/product.md "Public pages", "Messages")', () => {
  it('stores the message; anonymous messages have no user_id, signed-in ones carry the sender', async () => {
    const anon = await send(message);
    expect(anon.status).toBe(201);
    const { id } = (await anon.json()) as { id: string };
    const user = await createUser();
    const signed = await send({ ...message, subject: 'From a user' }, await bearer(user.id));
    const { rows } = await getPool().query(
      'SELECT id, name, email, subject, message, user_id FROM contact_messages ORDER BY created_at',
    );
    expect(rows).toEqual([
      {
        id,
        name: 'Casey Contact',
        email: 'casey@example.test',
        subject: 'Question',
        message: 'How do fees work?',
        user_id: null,
      },
      {
        id: ((await signed.json()) as { id: string }).id,
        name: 'Casey Contact',
        email: 'casey@example.test',
        subject: 'From a user',
        message: 'How do fees work?',
        user_id: user.id,
      },
    ]);
  });

  it('name, e-mail, subject and message are all required: 400 naming each, nothing stored', async () => {
    const before = await tableCounts(['contact_messages']);
    const res = await send({ name: ' ', email: 'x', subject: '' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'VALIDATION',
      details: {
        fields: {
          name: expect.any(String),
          email: expect.any(String),
          subject: expect.any(String),
          message: expect.any(String),
        },
      },
    });
    expect(await tableCounts(['contact_messages'])).toEqual(before);
  });

  it('is rate limited per address: the 6th message within the hour gets 429', async () => {
    await getPool().query('DELETE FROM rate_limit_buckets');
    for (let i = 0; i < 5; i++) expect((await send(message)).status).toBe(201);
    const limited = await send(message);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: expect.stringMatching(/^Too many messages/),
    });
  });
});
