import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getPool } from '../../platform/db/pool.js';
import { LocalDiskStorage, setStorage } from '../../platform/storage/index.js';
import { samePixels } from '../../platform/storage/testing.js';
import { bearer, createTestApp, createUser, deposit, send } from '../../../test/helpers.js';
import { exact } from '../../../test/decimal.js';

const app = createTestApp(['profile', 'auth', 'wallet']);
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-uploads-'));
setStorage(new LocalDiskStorage(() => uploads));
const PASSWORD = 'Correct-horse-42';
// 1x1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const json = async (userId: string, method: string, path: string, body?: unknown) =>
  app.request(`/api/profile${path}`, {
    method,
    headers: { ...(await bearer(userId)), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const patch = (userId: string, body: unknown) => json(userId, 'PATCH', '', body);
const fields = async (res: Response) =>
  ((await res.json()) as { details?: { fields?: Record<string, string> } }).details?.fields ?? {};

describe('GET /api/profile (docs/product.md "Profile, PIN and KYC")', () => {
  it('returns the own profile: name, username, e-mail, KYC, PIN presence, limits and caps, settings, customer ID, member since', async () => {
    const u = await createUser({ fullName: 'Pat Profile', username: 'pat_p' });
    const res = await json(u.id, 'GET', '');
    expect(res.status).toBe(200);
    const p = (await res.json()) as Record<string, unknown>;
    expect(p).toMatchObject({
      id: u.id,
      full_name: 'Pat Profile',
      username: 'pat_p',
      email: u.email,
      email_confirmed: true,
      kyc_status: 'not_started',
      has_pin: false,
      is_accredited_investor: false,
      daily_transaction_limit: null,
      default_payment_hashtags: [],
      profile_privacy: 'public',
      limit_caps: { daily: '10000.00', weekly: '25000.00', monthly: '50000.00' },
    });
    expect(p.customer_id).toMatch(/^PT-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(JSON.stringify(p)).not.toContain('transaction_pin_hash');
  });

  it('a visitor gets 401', async () => {
    expect((await app.request('/api/profile')).status).toBe(401);
  });
});

describe('PATCH /api/profile: Full name and Username rules (docs/product.md "Profile, PIN and KYC")', () => {
  it.each([
    [{ full_name: '   ' }, 'full_name', 'Full name cannot be empty.'],
    [{ username: '' }, 'username', 'Username cannot be empty.'],
    [{ username: 'ab' }, 'username', 'Username must be 3-20 characters.'],
    [{ username: 'a'.repeat(21) }, 'username', 'Username must be 3-20 characters.'],
    [{ username: 'bad-name!' }, 'username', 'Username can only contain letters, numbers, and underscores.'],
  ])('%j is refused with 400 and the spec message, changing nothing', async (body, field, message) => {
    const u = await createUser({ fullName: 'Keep Me', username: null });
    const res = await patch(u.id, body);
    expect(res.status).toBe(400);
    expect(await fields(res)).toEqual({ [field]: message });
    const { rows } = await getPool().query('SELECT full_name, username FROM profiles WHERE id = $1', [u.id]);
    expect(rows[0]).toEqual({ full_name: 'Keep Me', username: null });
  });

  it('saves a valid name and username (trimmed) and stamps updated_at', async () => {
    const u = await createUser();
    const res = await patch(u.id, { full_name: '  Ann Lee ', username: 'ann_lee_1' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ full_name: 'Ann Lee', username: 'ann_lee_1' });
  });

  it("a duplicate username, in any letter case, gets 409 'Username already taken. Please choose another.'", async () => {
    await createUser({ username: 'taken_one' });
    const u = await createUser();
    for (const name of ['taken_one', 'TAKEN_One']) {
      const res = await patch(u.id, { username: name });
      expect(res.status).toBe(409);
      const body = (await res.json()) as { error: string; details: { fields: Record<string, string> } };
      expect(body.error).toBe('Username already taken. Please choose another.');
      expect(body.details.fields.username).toBe('Username already taken. Please choose another.');
    }
  });

  it('two users claiming the same free username at the same moment: one wins, the other gets the taken message', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser({ username: null })));
    const results = await Promise.all(users.map((u) => patch(u.id, { username: 'race_winner' })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409))
      expect(((await r.json()) as { error: string }).error).toBe('Username already taken. Please choose another.');
    const { rows } = await getPool().query(
      `SELECT count(*)::int AS n FROM profiles WHERE lower(username) = 'race_winner'`,
    );
    expect(rows[0].n).toBe(1);
  });

  it("a user can change only their own profile: there is no id to aim at, an 'id' in the body is refused, the other profile is untouched", async () => {
    const me = await createUser({ fullName: 'Me' });
    const other = await createUser({ fullName: 'Other Person' });
    const res = await patch(me.id, { id: other.id, full_name: 'Hijacked' });
    expect(res.status).toBe(400);
    const { rows } = await getPool().query('SELECT full_name FROM profiles WHERE id = ANY($1) ORDER BY full_name', [
      [me.id, other.id],
    ]);
    expect(rows.map((r) => r.full_name)).toEqual(['Me', 'Other Person']);
  });

  it('default payment hashtags are stored as #tags without duplicates; privacy takes public, friends_only, private', async () => {
    const u = await createUser();
    const ok = await patch(u.id, {
      default_payment_hashtags: ['food', '#Rent', '#rent', ' travel '],
      profile_privacy: 'friends_only',
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      default_payment_hashtags: ['#food', '#Rent', '#travel'],
      profile_privacy: 'friends_only',
    });
    const bad = await patch(u.id, { default_payment_hashtags: ['no spaces'], profile_privacy: 'everyone' });
    expect(bad.status).toBe(400);
    expect(Object.keys(await fields(bad)).sort()).toEqual(['default_payment_hashtags.0', 'profile_privacy']);
  });
});

describe('PUT /api/profile/limits (docs/product.md "Profile, PIN and KYC": daily, weekly, monthly in dollars)', () => {
  it('sets limits within the platform maximums and clears one back to Not Set', async () => {
    const u = await createUser();
    const res = await json(u.id, 'PUT', '/limits', {
      daily_transaction_limit: '1,500',
      weekly_transaction_limit: '5000.5',
      monthly_transaction_limit: null,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      daily_transaction_limit: '1500.00',
      weekly_transaction_limit: '5000.50',
      monthly_transaction_limit: null,
    });
    const { rows } = await getPool().query('SELECT daily_transaction_limit::text AS d FROM profiles WHERE id = $1', [
      u.id,
    ]);
    expect(exact(rows[0].d)).toBe('1500');
  });

  it('refuses above the platform maximum, zero, fractions of cents, and daily above weekly, with the field; nothing changes', async () => {
    const u = await createUser();
    const res = await json(u.id, 'PUT', '/limits', {
      daily_transaction_limit: '10000.01',
      weekly_transaction_limit: '0',
      monthly_transaction_limit: '12.345',
    });
    expect(res.status).toBe(400);
    const f = await fields(res);
    expect(f.monthly_transaction_limit).toMatch(/Enter an amount/);
    const res2 = await json(u.id, 'PUT', '/limits', {
      daily_transaction_limit: '10000.01',
      weekly_transaction_limit: '0',
      monthly_transaction_limit: null,
    });
    expect(await fields(res2)).toEqual({
      daily_transaction_limit: 'The daily limit can be at most $10,000.00.',
      weekly_transaction_limit: 'A limit must be more than $0.00; leave it empty for Not Set.',
    });
    const res3 = await json(u.id, 'PUT', '/limits', {
      daily_transaction_limit: '600',
      weekly_transaction_limit: '500',
      monthly_transaction_limit: null,
    });
    expect(await fields(res3)).toEqual({
      daily_transaction_limit: 'The daily limit cannot be above the weekly limit.',
    });
    const { rows } = await getPool().query('SELECT daily_transaction_limit FROM profiles WHERE id = $1', [u.id]);
    expect(rows[0].daily_transaction_limit).toBeNull();
  });
});

describe('avatar (public bucket, type and size checked on the server)', () => {
  const upload = async (userId: string, file: Blob, name = 'a.png') => {
    const form = new FormData();
    form.set('file', file, name);
    return app.request('/api/profile/avatar', { method: 'POST', headers: await bearer(userId), body: form });
  };

  it('stores a PNG (its pixels), serves it publicly at avatar_url, and replaces the old file on a new upload', async () => {
    const u = await createUser();
    const res = await upload(u.id, new Blob([PNG], { type: 'image/png' }));
    expect(res.status).toBe(200);
    const { avatar_url } = (await res.json()) as { avatar_url: string };
    expect(avatar_url).toMatch(/^\/api\/profile\/avatars\/[\w-]+\.png$/);
    const img = await app.request(avatar_url);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(await samePixels(Buffer.from(await img.arrayBuffer()), PNG)).toBe(true);
    const second = (await (await upload(u.id, new Blob([PNG]))).json()) as { avatar_url: string };
    expect(second.avatar_url).not.toBe(avatar_url);
    expect((await app.request(avatar_url)).status).toBe(404);
  });

  it('refuses a non-image (an SVG or HTML named .png) and a file over 2 MB with 400 on the field', async () => {
    const u = await createUser();
    const svg = await upload(
      u.id,
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: 'image/png' }),
    );
    expect(svg.status).toBe(400);
    expect(await fields(svg)).toEqual({ file: 'Only JPEG, PNG or WebP images are accepted.' });
    const big = await upload(u.id, new Blob([PNG, Buffer.alloc(2 * 1024 * 1024)], { type: 'image/png' }));
    expect(big.status).toBe(400);
    expect((await fields(big)).file).toMatch(/at most 2 MB/);
    const { rows } = await getPool().query('SELECT avatar_url FROM profiles WHERE id = $1', [u.id]);
    expect(rows[0].avatar_url).toBeNull();
  });
});

const signIn = (email: string, ua: string) =>
  app.request('/api/auth/token?grant_type=password', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': ua },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
const cookieOf = (res: Response) => res.headers.get('set-cookie')!.match(/portal_rt=([^;]*)/)![1]!;

describe('security: active sessions', () => {
  it('lists each sign-in with its device and last use, marks the current one, and signs one out so its refresh fails', async () => {
    const u = await createUser({ password: PASSWORD });
    const laptop = await signIn(
      u.email,
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
    );
    const phone = await signIn(
      u.email,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari/604.1',
    );
    const token = ((await laptop.json()) as { access_token: string }).access_token;
    const list = await app.request('/api/profile/sessions', { headers: { authorization: `Bearer ${token}` } });
    const { sessions } = (await list.json()) as {
      sessions: { id: string; device: string; current: boolean; last_used_at: string }[];
    };
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => s.device).sort()).toEqual(['Chrome on Linux', 'Safari on iOS']);
    const current = sessions.find((s) => s.current)!;
    expect(current.device).toBe('Chrome on Linux');
    const other = sessions.find((s) => !s.current)!;
    const del = await app.request(`/api/profile/sessions/${other.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(del.status).toBe(204);
    const refreshPhone = await app.request('/api/auth/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { cookie: `portal_rt=${cookieOf(phone)}` },
    });
    expect(refreshPhone.status).toBe(401);
    const after = (await (
      await app.request('/api/profile/sessions', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { sessions: unknown[] };
    expect(after.sessions).toHaveLength(1);
  });

  it("another user's session id gets 404 and stays signed in", async () => {
    const victim = await createUser({ password: PASSWORD });
    const attacker = await createUser();
    const res = await signIn(victim.email, 'Firefox/130.0');
    const { rows } = await getPool().query('SELECT family_id FROM refresh_tokens WHERE user_id = $1', [victim.id]);
    const del = await json(attacker.id, 'DELETE', `/sessions/${rows[0].family_id}`);
    expect(del.status).toBe(404);
    const refresh = await app.request('/api/auth/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { cookie: `portal_rt=${cookieOf(res)}` },
    });
    expect(refresh.status).toBe(200);
  });
});

describe('account deletion', () => {
  it('is refused while a wallet holds money, naming the wallets; nothing changes', async () => {
    const u = await createUser({ password: PASSWORD });
    await deposit(u.id, 'USD', '12.50');
    await deposit(u.id, 'BTC', '0.001');
    const check = (await (await json(u.id, 'GET', '/deletion')).json()) as { can_delete: boolean; wallets: unknown[] };
    expect(check).toEqual({
      can_delete: false,
      wallets: [
        { symbol: 'BTC', balance: '0.00100000' },
        { symbol: 'USD', balance: '12.50' },
      ],
    });
    const res = await json(u.id, 'POST', '/delete-account', { password: PASSWORD });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: string };
    expect(body.error).toContain('BTC 0.00100000');
    expect(body.error).toContain('USD 12.50');
    const { rows } = await getPool().query(
      'SELECT u.disabled_at, p.deleted_at, p.full_name FROM users u JOIN profiles p ON p.id = u.id WHERE u.id = $1',
      [u.id],
    );
    expect(rows[0]).toMatchObject({ disabled_at: null, deleted_at: null });
  });

  it('needs the right password', async () => {
    const u = await createUser({ password: PASSWORD });
    const res = await json(u.id, 'POST', '/delete-account', { password: 'wrong-password' });
    expect(res.status).toBe(400);
    expect(await fields(res)).toEqual({ password: 'The password is incorrect.' });
  });

  it('with empty wallets: signs out everywhere, disables sign-in, removes personal data; the counterparty still sees the payment from "Deleted user"', async () => {
    const leaving = await createUser({ password: PASSWORD, fullName: 'Leaving Larry', username: 'larry_l' });
    const friend = await createUser({ fullName: 'Staying Sue' });
    await deposit(leaving.id, 'USD', '10.05');
    await send(leaving.id, friend.id, 'USD', '10.00', 'Lunch'); // fee 0.05 leaves 0.00
    const session = await signIn(leaving.email, 'Chrome/140.0');
    expect(session.status).toBe(200);

    const res = await json(leaving.id, 'POST', '/delete-account', { password: PASSWORD });
    expect(res.status).toBe(204);

    expect((await signIn(leaving.email, 'Chrome/140.0')).status).toBe(401);
    const refresh = await app.request('/api/auth/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { cookie: `portal_rt=${cookieOf(session)}` },
    });
    expect(refresh.status).not.toBe(200);
    const { rows } = await getPool().query(
      `SELECT u.email, u.password_hash, u.disabled_at, p.full_name, p.username, p.avatar_url, p.deleted_at
         FROM users u JOIN profiles p ON p.id = u.id WHERE u.id = $1`,
      [leaving.id],
    );
    expect(rows[0]).toMatchObject({ full_name: 'Deleted user', username: null, avatar_url: null, password_hash: null });
    expect(rows[0].email).not.toContain('larry');
    expect(rows[0].disabled_at).not.toBeNull();
    expect(rows[0].deleted_at).not.toBeNull();

    const dash = (await (await app.request('/api/wallet/dashboard', { headers: await bearer(friend.id) })).json()) as {
      recent_transactions: { amount: string; description: string; sender: { full_name: string } }[];
    };
    expect(dash.recent_transactions[0]).toMatchObject({
      amount: '10.00',
      description: 'Lunch',
      sender: { full_name: 'Deleted user' },
    });
    const audit = await getPool().query(`SELECT action, before, after FROM audit_log WHERE subject = $1`, [
      `user:${leaving.id}`,
    ]);
    expect(audit.rows).toEqual([{ action: 'account.delete', before: { deleted: false }, after: { deleted: true } }]);
  });
});

describe('limits set on the profile are enforced by the transfer endpoint (docs/product.md "Profile, PIN and KYC"; money core)', () => {
  const transfer = async (from: string, to: string, amount: string) =>
    app.request('/api/wallet/transfers', {
      method: 'POST',
      headers: { ...(await bearer(from)), 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ amount, recipientEmail: to, assetSymbol: 'USD', description: 'limit test', pin: '2580' }),
    });

  it('a daily limit of $50 set here refuses a $60 transfer and lets a $40 one through; lowering further refuses the next', async () => {
    const sender = await createUser();
    const receiver = await createUser();
    await deposit(sender.id, 'USD', '500.00');
    const pin = await app.request('/api/wallet/pin', {
      method: 'POST',
      headers: { ...(await bearer(sender.id)), 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'set_pin', pin: '2580' }),
    });
    expect(pin.status).toBe(200);
    expect(
      (
        await json(sender.id, 'PUT', '/limits', {
          daily_transaction_limit: '50',
          weekly_transaction_limit: null,
          monthly_transaction_limit: null,
        })
      ).status,
    ).toBe(200);

    const over = await transfer(sender.id, receiver.email, '60.00');
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ code: 'LIMIT_EXCEEDED' });
    const ok = await transfer(sender.id, receiver.email, '40.00');
    expect(ok.status).toBe(201);

    expect(
      (
        await json(sender.id, 'PUT', '/limits', {
          daily_transaction_limit: '20',
          weekly_transaction_limit: null,
          monthly_transaction_limit: null,
        })
      ).status,
    ).toBe(200);
    expect((await transfer(sender.id, receiver.email, '1.00')).status).toBe(409); // 40.20 already used today
    const { rows } = await getPool().query(
      `SELECT balance::text AS b FROM user_wallets w JOIN assets a ON a.id = w.asset_id WHERE w.user_id = $1 AND a.symbol = 'USD'`,
      [receiver.id],
    );
    expect(exact(rows[0].b)).toBe('40');
  });
});
