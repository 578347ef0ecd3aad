import { describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { bearer, createTestApp, createUser, deposit } from '../../../../test/helpers.js';

const app = createTestApp(['admin']);
const call = async (actorId: string, method: string, path: string, body?: unknown) =>
  app.request(`/api/admin${path}`, {
    method,
    headers: { ...(await bearer(actorId)), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const audit = async (subject: string) =>
  (
    await getPool().query('SELECT actor_id, action, before, after FROM audit_log WHERE subject = $1 ORDER BY id', [
      subject,
    ])
  ).rows;

describe('admin user actions (docs/product.md "Admin": Edit, toggle admin, delete), each audited', () => {
  it("edits a user's name and username with the profile rules; the audit entry holds before and after", async () => {
    const admin = await createUser({ admin: true });
    const u = await createUser({ fullName: 'Old Name', username: 'old_name' });
    const bad = await call(admin.id, 'PATCH', `/users/${u.id}`, { username: 'x' });
    expect(bad.status).toBe(400);
    const res = await call(admin.id, 'PATCH', `/users/${u.id}`, { full_name: 'New Name', username: 'new_name' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ full_name: 'New Name', username: 'new_name' });
    expect(await audit(`user:${u.id}`)).toEqual([
      {
        actor_id: admin.id,
        action: 'admin.user.update',
        before: { full_name: 'Old Name', username: 'old_name' },
        after: { full_name: 'New Name', username: 'new_name' },
      },
    ]);
    await createUser({ username: 'someone' });
    const taken = await call(admin.id, 'PATCH', `/users/${u.id}`, { username: 'Someone' });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { error: string }).error).toBe('Username already taken. Please choose another.');
  });

  it('grants and revokes admin and the accredited-investor flag; an admin cannot remove their own admin flag', async () => {
    const admin = await createUser({ admin: true });
    const u = await createUser();
    expect((await call(admin.id, 'PATCH', `/users/${u.id}`, { is_admin: true })).status).toBe(200);
    expect((await call(admin.id, 'PATCH', `/users/${u.id}`, { is_accredited_investor: true })).status).toBe(200);
    expect((await call(admin.id, 'PATCH', `/users/${u.id}`, { is_admin: false })).status).toBe(200);
    expect((await audit(`user:${u.id}`)).map((r) => [r.action, r.before, r.after])).toEqual([
      ['admin.user.grant_admin', { is_admin: false }, { is_admin: true }],
      ['admin.user.set_accredited', { is_accredited_investor: false }, { is_accredited_investor: true }],
      ['admin.user.revoke_admin', { is_admin: true }, { is_admin: false }],
    ]);
    const self = await call(admin.id, 'PATCH', `/users/${admin.id}`, { is_admin: false });
    expect(self.status).toBe(409);
    expect(((await self.json()) as { error: string }).error).toBe('You cannot remove your own admin access.');
    expect((await getPool().query('SELECT is_admin FROM profiles WHERE id = $1', [admin.id])).rows[0].is_admin).toBe(
      true,
    );
    expect(await audit(`user:${admin.id}`)).toEqual([]);
  });

  it('unknown user id gets 404; a bad id 400', async () => {
    const admin = await createUser({ admin: true });
    expect(
      (await call(admin.id, 'PATCH', '/users/00000000-0000-4000-8000-000000000000', { full_name: 'X' })).status,
    ).toBe(404);
    expect((await call(admin.id, 'DELETE', '/users/not-a-uuid')).status).toBe(400);
  });

  it('delete follows the account deletion rules: refused with a balance (naming it), done without; own account refused', async () => {
    const admin = await createUser({ admin: true });
    const rich = await createUser();
    await deposit(rich.id, 'EUR', '3.10');
    const refused = await call(admin.id, 'DELETE', `/users/${rich.id}`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toContain('EUR 3.1');
    const empty = await createUser({ fullName: 'Empty Emma' });
    expect((await call(admin.id, 'DELETE', `/users/${empty.id}`)).status).toBe(204);
    const { rows } = await getPool().query(
      'SELECT p.full_name, p.deleted_at IS NOT NULL AS deleted, u.disabled_at IS NOT NULL AS disabled FROM profiles p JOIN users u ON u.id = p.id WHERE p.id = $1',
      [empty.id],
    );
    expect(rows[0]).toEqual({ full_name: 'Deleted user', deleted: true, disabled: true });
    expect(await audit(`user:${empty.id}`)).toEqual([
      { actor_id: admin.id, action: 'admin.user.delete', before: { deleted: false }, after: { deleted: true } },
    ]);
    expect((await call(admin.id, 'DELETE', `/users/${empty.id}`)).status).toBe(404);
    expect((await call(admin.id, 'DELETE', `/users/${admin.id}`)).status).toBe(409);
  });

  it('non-admins get 403 on every action', async () => {
    const u = await createUser();
    const v = await createUser();
    expect((await call(u.id, 'PATCH', `/users/${v.id}`, { full_name: 'X' })).status).toBe(403);
    expect((await call(u.id, 'DELETE', `/users/${v.id}`)).status).toBe(403);
    expect((await call(u.id, 'GET', '/audit')).status).toBe(403);
  });

  it('the audit log is readable by admins, newest first, filterable by subject', async () => {
    const admin = await createUser({ admin: true });
    const u = await createUser();
    await call(admin.id, 'PATCH', `/users/${u.id}`, { is_accredited_investor: true });
    const res = await call(admin.id, 'GET', `/audit?subject=${encodeURIComponent(`user:${u.id}`)}`);
    const { entries } = (await res.json()) as { entries: { action: string; actor_id: string }[] };
    expect(entries).toMatchObject([{ action: 'admin.user.set_accredited', actor_id: admin.id }]);
  });
});
