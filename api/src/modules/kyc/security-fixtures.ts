import crypto from 'node:crypto';
import { getPool } from '../../platform/db/pool.js';
import { getStorage } from '../../platform/storage/index.js';
import type { SecurityFixtures } from '../../../test/security/fixtures.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A decided (rejected) submission of `userId` with its document stored; decided so many can exist. */
export async function kycSubmissionFor(userId: string, status: 'pending' | 'rejected' = 'rejected') {
  const key = `${userId}-${crypto.randomBytes(8).toString('hex')}.png`;
  await getStorage().put('kyc_documents', key, PNG, 'image/png');
  const { rows } = await getPool().query<{ id: string }>(
    `INSERT INTO kyc_submissions (user_id, status, legal_name, date_of_birth, country, document_type, document_number, document_path, document_content_type, reviewed_at)
     VALUES ($1, $2::kyc_submission_status, 'Security Suite', '1990-01-01', 'DE', 'passport', 'SEC12345', $3, 'image/png', CASE WHEN $2 = 'pending' THEN NULL ELSE now() END) RETURNING id`,
    [userId, status, key],
  );
  return rows[0]!.id;
}

/** Security-suite fixtures (test/security/fixtures.ts): a real submission of the owner. */
export const securityFixtures: SecurityFixtures = {
  'GET /api/kyc/submissions/{id}/document': async ({ owner }) => {
    const id = await kycSubmissionFor(owner.id);
    return { params: { id }, secrets: [id, 'SEC12345'] };
  },
};
