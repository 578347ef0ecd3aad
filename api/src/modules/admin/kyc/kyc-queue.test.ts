import { describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { bearer, createTestApp, createUser } from '../../../../test/helpers.js';

const app = createTestApp(['admin', 'kyc']);
const call = async (actorId: string, method: string, path: string) =>
  app.request(path, { method, headers: await bearer(actorId) });
type Queue = {
  submissions: { id: string; user: { id: string } }[];
  pending_without_submission: { id: string; kyc_status: string }[];
};
const queue = async (adminId: string, status: 'pending' | 'all' = 'pending') =>
  (await (await call(adminId, 'GET', `/api/admin/kyc?status=${status}`)).json()) as Queue;

async function withSubmission(status: 'pending' | 'approved' | 'rejected') {
  const u = await createUser({
    kyc: status === 'pending' ? 'pending' : status === 'approved' ? 'verified' : 'rejected',
  });
  await getPool().query(
    `INSERT INTO kyc_submissions (user_id, status, legal_name, date_of_birth, country, document_type, document_number, document_path, document_content_type, reviewed_at)
     VALUES ($1, $2::kyc_submission_status, 'Queue Person', '1990-01-01', 'FR', 'passport', 'Q1234567', 'none.png', 'image/png', CASE WHEN $3 THEN NULL ELSE now() END)`,
    [u.id, status, status === 'pending'],
  );
  return u;
}

// "make the admin KYC queue show every user whose state needs an admin".
describe('admin KYC queue lists every user whose KYC state needs an admin', () => {
  it('pending submissions, and users marked pending with nothing to review; never decided, not started or deleted users', async () => {
    const admin = await createUser({ admin: true });
    const waiting = await withSubmission('pending');
    const stuck = await createUser({ kyc: 'pending' });
    const approved = await withSubmission('approved');
    const rejected = await withSubmission('rejected');
    const fresh = await createUser();
    const gone = await createUser({ kyc: 'pending' });
    expect((await call(admin.id, 'DELETE', `/api/admin/users/${gone.id}`)).status).toBe(204);

    const q = await queue(admin.id);
    expect(q.submissions.map((s) => s.user.id)).toContain(waiting.id);
    expect(q.pending_without_submission).toContainEqual(
      expect.objectContaining({ id: stuck.id, kyc_status: 'pending' }),
    );
    expect(q.pending_without_submission.map((u) => u.id)).not.toContain(waiting.id);
    const listed = [...q.submissions.map((s) => s.user.id), ...q.pending_without_submission.map((u) => u.id)];
    for (const u of [approved, rejected, fresh, gone]) expect(listed).not.toContain(u.id);
    expect((await queue(admin.id, 'all')).pending_without_submission.map((u) => u.id)).toContain(stuck.id);
  });

  it('reset: pending with nothing to review -> not started (the user can submit), audited, off the queue; refused (409) for anyone else', async () => {
    const admin = await createUser({ admin: true });
    const stuck = await createUser({ kyc: 'pending' });
    const waiting = await withSubmission('pending');
    const verified = await createUser({ kyc: 'verified' });

    const res = await call(admin.id, 'POST', `/api/admin/users/${stuck.id}/kyc-reset`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: stuck.id, kyc_status: 'not_started' });
    expect((await call(stuck.id, 'GET', '/api/kyc')).status).toBe(200);
    expect(await (await call(stuck.id, 'GET', '/api/kyc')).json()).toMatchObject({
      kyc_status: 'not_started',
      submission: null,
    });
    const { rows } = await getPool().query('SELECT actor_id, action, before, after FROM audit_log WHERE subject = $1', [
      `user:${stuck.id}`,
    ]);
    expect(rows).toEqual([
      {
        actor_id: admin.id,
        action: 'admin.kyc.reset',
        before: { kyc_status: 'pending' },
        after: { kyc_status: 'not_started' },
      },
    ]);
    expect((await queue(admin.id)).pending_without_submission.map((u) => u.id)).not.toContain(stuck.id);

    for (const u of [stuck, waiting, verified]) {
      const refused = await call(admin.id, 'POST', `/api/admin/users/${u.id}/kyc-reset`);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({
        code: 'CONFLICT',
        error: 'Only a user marked pending with no submission to review can be reset.',
      });
    }
    const states = await getPool().query('SELECT id, kyc_status::text FROM profiles WHERE id = ANY($1) ORDER BY id', [
      [waiting.id, verified.id],
    ]);
    expect(Object.fromEntries(states.rows.map((r) => [r.id, r.kyc_status]))).toEqual({
      [waiting.id]: 'pending',
      [verified.id]: 'verified',
    });
    expect((await call(admin.id, 'POST', `/api/admin/users/${crypto.randomUUID()}/kyc-reset`)).status).toBe(404);
  });

  it('a status filter other than pending or all is refused with 400 naming the field', async () => {
    const admin = await createUser({ admin: true });
    const res = await call(admin.id, 'GET', '/api/admin/kyc?status=waiting');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { status: 'Use pending or all.' } },
    });
  });
});

// Deleted accounts stayed listed as 'Deleted user'; hidden by default, shown on request.
describe('GET /api/admin/users leaves deleted accounts out unless include_deleted=true', () => {
  it('hides a deleted account by default and lists it with include_deleted=true; junk is 400', async () => {
    const admin = await createUser({ admin: true });
    const gone = await createUser({ fullName: 'Gone Person' });
    const kept = await createUser();
    expect((await call(admin.id, 'DELETE', `/api/admin/users/${gone.id}`)).status).toBe(204);
    const ids = async (query: string) =>
      (
        (await (await call(admin.id, 'GET', `/api/admin/users${query}`)).json()) as {
          users: { id: string; deleted: boolean }[];
        }
      ).users;

    const byDefault = await ids('');
    expect(byDefault.map((u) => u.id)).toContain(kept.id);
    expect(byDefault.map((u) => u.id)).not.toContain(gone.id);
    expect(byDefault.every((u) => !u.deleted)).toBe(true);
    expect((await ids('?include_deleted=false')).map((u) => u.id)).not.toContain(gone.id);
    const all = await ids('?include_deleted=true');
    expect(all.find((u) => u.id === gone.id)).toMatchObject({ deleted: true });
    expect(all.map((u) => u.id)).toContain(kept.id);

    const junk = await call(admin.id, 'GET', '/api/admin/users?include_deleted=yes');
    expect(junk.status).toBe(400);
    expect(await junk.json()).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { include_deleted: 'Use true or false.' } },
    });
  });
});
