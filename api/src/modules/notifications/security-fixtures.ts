import { getPool } from '../../platform/db/pool.js';
import { notify } from '../../platform/notifications/index.js';
import type { SecurityFixtures } from '../../../test/security/fixtures.js';

/** Security-suite fixtures (test/security/fixtures.ts): a real notification of the owner's to mark read. */
export const securityFixtures: SecurityFixtures = {
  'POST /api/notifications/{id}/read': async ({ owner }) => {
    await notify(getPool(), { userId: owner.id, kind: 'kyc_approved', link: '/profile' });
    const { rows } = await getPool().query<{ id: string }>(
      'SELECT id FROM notifications WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
      [owner.id],
    );
    return { params: { id: rows[0]!.id }, secrets: [rows[0]!.id], expect: [200] };
  },
};
