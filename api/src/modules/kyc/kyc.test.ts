import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getPool } from '../../platform/db/pool.js';
import { LocalDiskStorage, setStorage } from '../../platform/storage/index.js';
import { samePixels } from '../../platform/storage/testing.js';
import { bearer, createTestApp, createUser } from '../../../test/helpers.js';

const app = createTestApp(['kyc', 'admin']);
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-uploads-'));
setStorage(new LocalDiskStorage(() => uploads));
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function yearsAgo(years: number, days = 0) {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const VALID = {
  legal_name: 'Kim Example',
  date_of_birth: '1990-04-12',
  country: 'DE',
  document_type: 'passport',
  document_number: 'C01X00T47',
};

async function submit(
  userId: string,
  over: Partial<typeof VALID> = {},
  file: Blob | null = new Blob([PNG], { type: 'image/png' }),
) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...VALID, ...over })) form.set(k, v);
  if (file) form.set('document', file, 'passport.png');
  return app.request('/api/kyc/submissions', { method: 'POST', headers: await bearer(userId), body: form });
}
const fields = async (res: Response) =>
  ((await res.json()) as { details?: { fields?: Record<string, string> } }).details?.fields ?? {};
const kycOf = async (userId: string) =>
  (await (await app.request('/api/kyc', { headers: await bearer(userId) })).json()) as {
    kyc_status: string;
    submission: { id: string; status: string; review_note: string | null; document_number_last4: string } | null;
  };
const review = async (adminId: string, id: string, body: unknown) =>
  app.request(`/api/admin/kyc/${id}/review`, {
    method: 'POST',
    headers: { ...(await bearer(adminId)), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('KYC submission (docs/product.md "Profile, PIN and KYC": Start KYC Verification / Resubmit Documents)', () => {
  it('stores the submission with the document privately and sets the status to pending', async () => {
    const u = await createUser();
    const res = await submit(u.id);
    expect(res.status).toBe(201);
    const sub = (await res.json()) as { id: string; status: string; document_number_last4: string };
    expect(sub).toMatchObject({ status: 'pending', document_number_last4: '0T47' });
    expect(await kycOf(u.id)).toMatchObject({ kyc_status: 'pending', submission: { id: sub.id, status: 'pending' } });
    const doc = await app.request(`/api/kyc/submissions/${sub.id}/document`, { headers: await bearer(u.id) });
    expect(doc.status).toBe(200);
    expect(doc.headers.get('cache-control')).toBe('private, no-store');
    expect(await samePixels(Buffer.from(await doc.arrayBuffer()), PNG)).toBe(true); // re-encoded: the pixels, nothing else
  });

  it("another user cannot read someone's document (404), nor can a visitor (401)", async () => {
    const owner = await createUser();
    const other = await createUser();
    const { id } = (await (await submit(owner.id)).json()) as { id: string };
    expect((await app.request(`/api/kyc/submissions/${id}/document`, { headers: await bearer(other.id) })).status).toBe(
      404,
    );
    expect((await app.request(`/api/kyc/submissions/${id}/document`)).status).toBe(401);
    expect((await app.request(`/api/admin/kyc/${id}/document`, { headers: await bearer(other.id) })).status).toBe(403);
  });

  it('refuses applicants under 18 (the terms), a missing or non-image document, and bad fields, with the field; nothing is stored', async () => {
    const u = await createUser();
    const young = await submit(u.id, { date_of_birth: yearsAgo(18, 1) });
    expect(young.status).toBe(400);
    expect(await fields(young)).toEqual({ date_of_birth: 'You must be at least 18 years old.' });
    expect((await submit(u.id, { date_of_birth: yearsAgo(18) })).status).toBe(201); // 18 today is old enough
    const v = await createUser();
    const noFile = await submit(v.id, {}, null);
    expect(noFile.status).toBe(400);
    expect(await fields(noFile)).toEqual({ document: 'Choose an image file to upload.' });
    const pdf = await submit(v.id, {}, new Blob(['%PDF-1.7 ...'], { type: 'image/png' }));
    expect(await fields(pdf)).toEqual({ document: 'Only JPEG, PNG or WebP images are accepted.' });
    const big = await submit(v.id, {}, new Blob([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.status).toBe(400);
    const bad = await submit(v.id, {
      legal_name: ' ',
      country: 'XX',
      document_type: 'library_card',
      date_of_birth: '1990-02-30',
    });
    expect(Object.keys(await fields(bad)).sort()).toEqual(['country', 'date_of_birth', 'document_type', 'legal_name']);
    expect(await kycOf(v.id)).toMatchObject({ kyc_status: 'not_started', submission: null });
    expect(fs.readdirSync(path.join(uploads, 'kyc_documents')).filter((f) => f.startsWith(v.id))).toEqual([]);
  });

  it('the form lists the countries the submission accepts: GET /api/kyc/countries (anyone) serves the list validation uses', async () => {
    const res = await app.request('/api/kyc/countries');
    expect(res.status).toBe(200);
    const { countries } = (await res.json()) as { countries: string[] };
    expect(countries.length).toBe(249);
    expect(countries).toEqual([...countries].sort());
    expect(countries).toEqual(expect.arrayContaining(['DE', 'US', 'ZW']));
    expect(countries).not.toContain('XX');
    const u = await createUser();
    expect((await submit(u.id, { country: countries[0] })).status).toBe(201);
    const v = await createUser();
    expect(await fields(await submit(v.id, { country: 'XX' }))).toHaveProperty('country');
  });

  it('while pending a second submission is refused (409), also when two arrive at once', async () => {
    const u = await createUser();
    const both = await Promise.all([submit(u.id), submit(u.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await submit(u.id)).status).toBe(409);
    const { rows } = await getPool().query('SELECT count(*)::int AS n FROM kyc_submissions WHERE user_id = $1', [u.id]);
    expect(rows[0].n).toBe(1);
  });
});

describe('admin KYC review (docs/product.md "Admin"; every admin action audited)', () => {
  it('non-admins cannot list the queue, review, or change flags (403); nothing changes', async () => {
    const u = await createUser();
    const other = await createUser();
    const { id } = (await (await submit(u.id)).json()) as { id: string };
    expect((await app.request('/api/admin/kyc', { headers: await bearer(other.id) })).status).toBe(403);
    expect((await review(other.id, id, { decision: 'approve' })).status).toBe(403);
    expect((await review(u.id, id, { decision: 'approve' })).status).toBe(403);
    const flag = await app.request(`/api/admin/users/${u.id}`, {
      method: 'PATCH',
      headers: { ...(await bearer(u.id, true)), 'content-type': 'application/json' },
      body: JSON.stringify({ is_accredited_investor: true, is_admin: true }),
    });
    expect(flag.status).toBe(403);
    const { rows } = await getPool().query(
      'SELECT kyc_status, is_admin, is_accredited_investor FROM profiles WHERE id = $1',
      [u.id],
    );
    expect(rows[0]).toEqual({ kyc_status: 'pending', is_admin: false, is_accredited_investor: false });
    expect((await getPool().query('SELECT count(*)::int AS n FROM audit_log')).rows[0].n).toBe(0);
  });

  it('queue shows pending first (oldest first) with the submission; reject needs a reason the user then sees; resubmit; approve -> verified', async () => {
    const admin = await createUser({ admin: true });
    const first = await createUser({ fullName: 'First Applicant' });
    const second = await createUser({ fullName: 'Second Applicant' });
    const s1 = (await (await submit(first.id)).json()) as { id: string };
    await getPool().query(`UPDATE kyc_submissions SET created_at = now() - interval '1 hour' WHERE id = $1`, [s1.id]);
    const s2 = (await (await submit(second.id)).json()) as { id: string };

    const queue = (await (await app.request('/api/admin/kyc', { headers: await bearer(admin.id) })).json()) as {
      submissions: { id: string; status: string; document_number: string; user: { full_name: string } }[];
    };
    const ids = queue.submissions.map((s) => s.id);
    expect(ids.indexOf(s1.id)).toBeLessThan(ids.indexOf(s2.id));
    expect(queue.submissions.findIndex((s) => s.status !== 'pending')).toBe(-1); // only pending ones exist yet in this order
    expect(queue.submissions.find((s) => s.id === s1.id)).toMatchObject({
      status: 'pending',
      document_number: 'C01X00T47',
      user: { full_name: 'First Applicant' },
    });
    const doc = await app.request(`/api/admin/kyc/${s1.id}/document`, { headers: await bearer(admin.id) });
    expect(doc.status).toBe(200);

    const noReason = await review(admin.id, s1.id, { decision: 'reject', reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(await fields(noReason)).toEqual({ reason: 'Give the reason the user will see.' });
    const rejected = await review(admin.id, s1.id, { decision: 'reject', reason: 'The photo is blurred.' });
    expect(rejected.status).toBe(200);
    expect(await kycOf(first.id)).toMatchObject({
      kyc_status: 'rejected',
      submission: { status: 'rejected', review_note: 'The photo is blurred.' },
    });
    expect((await review(admin.id, s1.id, { decision: 'approve' })).status).toBe(409); // already decided

    const again = (await (await submit(first.id)).json()) as { id: string };
    expect(await kycOf(first.id)).toMatchObject({ kyc_status: 'pending' });
    expect((await review(admin.id, again.id, { decision: 'approve' })).status).toBe(200);
    expect(await kycOf(first.id)).toMatchObject({ kyc_status: 'verified', submission: { status: 'approved' } });
    expect((await submit(first.id)).status).toBe(409); // verified: nothing to resubmit

    const { rows } = await getPool().query(
      `SELECT actor_id, action, subject, before, after, created_at FROM audit_log ORDER BY id`,
    );
    expect(rows.map((r) => r.action)).toEqual(['admin.kyc.reject', 'admin.kyc.approve']);
    expect(rows[0]).toMatchObject({
      actor_id: admin.id,
      subject: `kyc_submission:${s1.id}`,
      before: { submission_status: 'pending', kyc_status: 'pending' },
      after: { submission_status: 'rejected', kyc_status: 'rejected', review_note: 'The photo is blurred.' },
    });
    expect(rows[1]).toMatchObject({ after: { kyc_status: 'verified' } });
    expect(rows[0].created_at).toBeInstanceOf(Date);
  });

  it('two admins deciding the same submission at once: one wins, the other gets 409; one audit entry', async () => {
    const a1 = await createUser({ admin: true });
    const a2 = await createUser({ admin: true });
    const u = await createUser();
    const { id } = (await (await submit(u.id)).json()) as { id: string };
    const res = await Promise.all([
      review(a1.id, id, { decision: 'approve' }),
      review(a2.id, id, { decision: 'reject', reason: 'No.' }),
    ]);
    expect(res.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(
      (await getPool().query(`SELECT count(*)::int AS n FROM audit_log WHERE subject = $1`, [`kyc_submission:${id}`]))
        .rows[0].n,
    ).toBe(1);
  });
});
