import crypto from 'node:crypto';
import { getPool } from '../../platform/db/pool.js';
import { setPin } from '../../platform/pin/index.js';
import type { SecurityFixtures } from '../../../test/security/fixtures.js';
import { createPinResetCode } from './pin-reset/service.js';

/** The caller has a PIN (forgot PIN needs one to reset). */
async function withPin(userId: string) {
  await getPool().query(`UPDATE profiles SET transaction_pin_hash = NULL WHERE id = $1`, [userId]);
  await setPin(userId, '1234');
}

/** Security-suite fixtures (test/security/fixtures.ts): a real session of the owner to sign out. */
export const securityFixtures: SecurityFixtures = {
  'DELETE /api/profile/sessions/{id}': async ({ owner }) => {
    const family = crypto.randomUUID();
    await getPool().query(
      `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, user_agent) VALUES ($1, $2, $3, now() + interval '1 day', 'Security suite')`,
      [owner.id, family, crypto.randomBytes(32).toString('hex')],
    );
    return { params: { id: family }, secrets: [family], expect: [204] };
  },
  // One code a minute per account: a caller asked twice within the minute gets 429.
  'POST /api/profile/pin-reset/code': async ({ caller }) => {
    if (caller) await withPin(caller.id);
    return { expect: [200, 429] };
  },
  'POST /api/profile/pin-reset': async ({ caller }) => {
    if (!caller) return { body: { password: 'Not-the-password-1', code: '123456', pin: '4321' } };
    await withPin(caller.id);
    return {
      body: { password: caller.password, code: await createPinResetCode(caller.id), pin: '4321' },
      expect: [204, 429],
    };
  },
  'PATCH /api/profile': () => ({ body: { profile_privacy: 'friends_only' } }),
  'PUT /api/profile/limits': () => ({
    body: { daily_transaction_limit: '900', weekly_transaction_limit: null, monthly_transaction_limit: null },
  }),
};
