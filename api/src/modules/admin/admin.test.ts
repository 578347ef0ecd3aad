import { describe, expect, it } from 'vitest';
import { getPool } from '../../platform/db/pool.js';
import { bearer, createTestApp, createUser } from '../../../test/helpers.js';

const app = createTestApp(['admin']);
type Users = {
  users: {
    id: string;
    full_name: string | null;
    email: string;
    username: string | null;
    kyc_status: string;
    is_admin: boolean;
    created_at: string;
  }[];
};

describe('admin area access (docs/product.md "Admin")', () => {
  it('a non-admin gets 403 from the admin user list and is_admin false from /me', async () => {
    const user = await createUser();
    const res = await app.request('/api/admin/users', { headers: await bearer(user.id) });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: 'FORBIDDEN',
      error: 'You do not have permission to access the admin panel',
    });
    const me = await app.request('/api/admin/me', { headers: await bearer(user.id) });
    expect(await me.json()).toEqual({ is_admin: false });
  });

  it('is_admin is checked in the database: a token claiming admin does not open admin routes for a non-admin', async () => {
    const user = await createUser();
    const res = await app.request('/api/admin/users', { headers: await bearer(user.id, true) });
    expect(res.status).toBe(403);
  });

  it('an admin demoted in the database loses access at once', async () => {
    const admin = await createUser({ admin: true });
    const headers = await bearer(admin.id, true);
    expect((await app.request('/api/admin/users', { headers })).status).toBe(200);
    await getPool().query('UPDATE profiles SET is_admin = false WHERE id = $1', [admin.id]);
    expect((await app.request('/api/admin/users', { headers })).status).toBe(403);
  });

  it('a visitor gets 401', async () => {
    expect((await app.request('/api/admin/users')).status).toBe(401);
    expect((await app.request('/api/admin/me')).status).toBe(401);
  });
});

describe('GET /api/admin/users (docs/product.md "Admin" with search)', () => {
  it('lists users newest first with full name, e-mail, username, KYC status, admin flag and joined date', async () => {
    const admin = await createUser({ admin: true, fullName: 'Root Admin' });
    const older = await createUser({ fullName: 'Older Person' });
    await getPool().query(`UPDATE users SET created_at = now() - interval '1 day' WHERE id = $1`, [older.id]);
    const newer = await createUser({ fullName: 'Newer Person', kyc: 'verified' });
    const body = (await (await app.request('/api/admin/users', { headers: await bearer(admin.id) })).json()) as Users;
    const ids = body.users.map((u) => u.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const dates = body.users.map((u) => u.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.users.find((u) => u.id === newer.id)).toMatchObject({
      full_name: 'Newer Person',
      email: newer.email,
      kyc_status: 'verified',
      is_admin: false,
    });
    expect(body.users.find((u) => u.id === admin.id)).toMatchObject({ is_admin: true });
  });

  it('search is a case-insensitive substring of name, e-mail or username', async () => {
    const admin = await createUser({ admin: true });
    const byName = await createUser({ fullName: 'Zelda Quartermain' });
    const byEmail = await createUser({ email: 'QUARTZ.lover@example.test' });
    const byUsername = await createUser({ username: 'the_quarry' });
    const other = await createUser({ fullName: 'Nobody Special' });
    const search = async (q: string) =>
      (
        (await (
          await app.request(`/api/admin/users?q=${encodeURIComponent(q)}`, { headers: await bearer(admin.id) })
        ).json()) as Users
      ).users.map((u) => u.id);
    const found = await search('qUaR');
    expect(found).toEqual(expect.arrayContaining([byName.id, byEmail.id, byUsername.id]));
    expect(found).not.toContain(other.id);
    expect(await search('no-such-user-anywhere')).toEqual([]);
  });

  it('a search term over 100 characters is refused with 400 naming the field q', async () => {
    const admin = await createUser({ admin: true });
    const res = await app.request(`/api/admin/users?q=${'x'.repeat(101)}`, { headers: await bearer(admin.id) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION', details: { fields: { q: expect.any(String) } } });
  });
});
