// Turns on authenticator-app codes for an account directly (the enrolment itself is tested in
// src/modules/auth/second-factor/second-factor.test.ts), for tests of the other ways in.
import { getPool } from '../src/platform/db/pool.js';
import { newTotpSecret, sealSecret, totpFor } from '../src/modules/auth/second-factor/totp.js';
import { enableTotp } from './second-factor-fixtures.queries.js';

export async function turnOnAppCodes(userId: string): Promise<{ code: () => string }> {
  const secret = newTotpSecret();
  await enableTotp.run({ userId, secret: sealSecret(secret) }, getPool());
  return { code: () => totpFor(secret).generate() };
}
