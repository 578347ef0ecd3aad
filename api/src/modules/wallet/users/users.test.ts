import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { createUser } from '../../../../test/helpers.js';
import { walletTestClient, type Json } from '../testing.js';

const { call } = walletTestClient();

describe('GET /api/wallet/users/search (docs/product.md "Sending and requesting money")', () => {
  it('GET /users/search: name, username or e-mail, case-insensitive, never oneself, at most 10, wildcards are literal', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const me = await createUser({ fullName: `Zed ${tag}`, username: `zed_${tag}` });
    const named = await createUser({ fullName: `Quinn ${tag}` });
    const byUsername = await createUser({ fullName: 'Other', username: `qq_${tag}` });
    const byEmail = await createUser({ fullName: 'Mail', email: `found.${tag}@example.test` });
    for (let i = 0; i < 12; i++) await createUser({ fullName: `Many ${tag} ${i}` });
    const s = async (q: string) =>
      (await call(me.id, 'GET', `/users/search?q=${encodeURIComponent(q)}`)).body.users as Json[];
    expect((await s(`QUINN ${tag}`)).map((u) => u.id)).toEqual([named.id]);
    expect((await s(`QQ_${tag}`)).map((u) => u.id)).toEqual([byUsername.id]);
    expect((await s(`FOUND.${tag}`)).map((u) => u.id)).toEqual([byEmail.id]);
    expect(await s(`Zed ${tag}`)).toEqual([]);
    expect(await s(`Many ${tag}`)).toHaveLength(10);
    expect(await s('%')).toEqual([]); // a literal percent sign: nobody's name has one
    expect((await s(`quinn ${tag}`))[0]).toEqual({
      id: named.id,
      full_name: `Quinn ${tag}`,
      username: expect.any(String),
      avatar_url: null,
    });
    expect((await call(me.id, 'GET', '/users/search?q=')).status).toBe(400);
  });

  it('GET /users/search with a text hundreds of users match (the ordered walk): the first 10 by name, never oneself nor a closed account', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const me = await createUser({ fullName: `Aaa ${tag}` }); // would sort first
    const closed = await createUser({ fullName: `Aab ${tag}` });
    await getPool().query('UPDATE users SET disabled_at = now() WHERE id = $1', [closed.id]);
    await getPool().query(
      `WITH nu AS (INSERT INTO users (email, email_confirmed_at) SELECT 'walk' || g || '.' || $1 || '@bulk.test', now() FROM generate_series(1, 700) g RETURNING id, email)
       INSERT INTO profiles (id, full_name) SELECT id, 'Walker ' || $1 || ' ' || lpad(substring(email FROM 'walk(\\d+)\\.'), 3, '0') FROM nu`,
      [tag],
    );
    const found = (await call(me.id, 'GET', `/users/search?q=${encodeURIComponent(tag)}`)).body.users as Json[];
    expect(found.map((u) => u.full_name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Walker ${tag} ${String(i + 1).padStart(3, '0')}`),
    );
  });
});
