// Turns on authenticator-app codes for an account directly (the enrolment itself is tested in
// src/modules/auth/second-factor/second-factor.test.ts), for tests of the other ways in.
import { getPool } from '../src/platform/db/pool.js';
import { newTotpSecret, sealSecret, totpFor } from '../src/modules/auth/second-factor/totp.js';

export async function turnOnAppCodes(userId: string): Promise<{ code: () => string }> {
  const secret = newTotpSecret();
  await getPool().query('INSERT INTO totp_factors (user_id, secret, enabled_at) VALUES ($1, $2, now())', [
    userId,
    sealSecret(secret),
  ]);
  return { code: () => totpFor(secret).generate() };
}
