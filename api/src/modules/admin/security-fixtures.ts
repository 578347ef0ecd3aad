import crypto from 'node:crypto';
import { getPool } from '../../platform/db/pool.js';
import { getStorage } from '../../platform/storage/index.js';
import type { SecurityFixtures } from '../../../test/security/fixtures.js';
import { createUser } from '../../../test/helpers.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function pendingSubmission() {
  const u = await createUser({ fullName: 'Kyc Applicant' });
  const key = `${u.id}-${crypto.randomBytes(8).toString('hex')}.png`;
  await getStorage().put('kyc_documents', key, PNG, 'image/png');
  const { rows } = await getPool().query<{ id: string }>(
    `INSERT INTO kyc_submissions (user_id, legal_name, date_of_birth, country, document_type, document_number, document_path, document_content_type)
     VALUES ($1, 'Kyc Applicant', '1990-01-01', 'FR', 'national_id', 'ADM98765', $2, 'image/png') RETURNING id`,
    [u.id, key],
  );
  await getPool().query(`UPDATE profiles SET kyc_status = 'pending' WHERE id = $1`, [u.id]);
  return rows[0]!.id;
}

/** Security-suite fixtures (test/security/fixtures.ts): real targets for the admin actions (fresh users, never the parties). */
export const securityFixtures: SecurityFixtures = {
  'GET /api/admin/kyc/{id}/document': async () => ({ params: { id: await pendingSubmission() } }),
  'POST /api/admin/kyc/{id}/review': async () => ({
    params: { id: await pendingSubmission() },
    body: { decision: 'reject', reason: 'Security suite' },
  }),
  'POST /api/admin/users/{id}/kyc-reset': async () => ({ params: { id: (await createUser({ kyc: 'pending' })).id } }),
  'PATCH /api/admin/users/{id}': async () => ({
    params: { id: (await createUser()).id },
    body: { is_accredited_investor: true },
  }),
  'DELETE /api/admin/users/{id}': async () => ({ params: { id: (await createUser()).id }, expect: [204] }),
};
