import crypto from 'node:crypto';
import { getPool } from '../../platform/db/pool.js';
import type { SecurityFixtures } from '../../../test/security/fixtures.js';

/** Security-suite fixtures (test/security/fixtures.ts): a real session of the owner to sign out. */
export const securityFixtures: SecurityFixtures = {
  'DELETE /api/profile/sessions/{id}': async ({ owner }) => {
    const family = crypto.randomUUID();
    await getPool().query(
      `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, user_agent) VALUES ($1, $2, $3, now() + interval '1 day', 'Security suite')`,
      [owner.id, family, crypto.randomBytes(32).toString('hex')]);
    return { params: { id: family }, secrets: [family], expect: [204] };
  },
  'PATCH /api/profile': () => ({ body: { profile_privacy: 'friends_only' } }),
  'PUT /api/profile/limits': () => ({ body: { daily_transaction_limit: '900', weekly_transaction_limit: null, monthly_transaction_limit: null } }),
};
