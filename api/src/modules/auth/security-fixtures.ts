import { decodeJwt } from 'jose';
import { getPrisma } from '../../platform/db/prisma.js';
import { configuredOrigin } from '../../platform/http/origin.js';
import { markSecondFactor } from '../../platform/second-factor/sessions.js';
import { PARTY_PASSWORD, type SecurityFixtures, type SecurityParty } from '../../../test/security/fixtures.js';
import { createUser } from '../../../test/helpers.js';
import { SoftwareAuthenticator } from '../../../test/software-authenticator.js';
import { assertionOptions } from './passkeys/service.js';
import { issueTicket } from './second-factor/ticket.js';
import { newTotpSecret, sealSecret, totpFor } from './second-factor/totp.js';

// The suites call the app at localhost: the public origin is PUBLIC_ORIGIN (the production profile's
// run) or, in development on this machine, the request's http://localhost.
const rp = () => ({ origin: configuredOrigin() ?? 'http://localhost', rpId: 'localhost' });

/** A passkey of `userId` known to the server, and the authenticator that holds its key. */
async function passkeyOf(userId: string) {
  const authenticator = new SoftwareAuthenticator();
  const options = { challenge: 'unused', user: { id: Buffer.from(userId).toString('base64url') } };
  authenticator.register(options, rp()); // sets the user handle its assertions carry
  const cose = authenticator.publicKeyCose();
  const { id } = await getPrisma().passkeyCredential.create({
    data: {
      userId,
      credentialId: authenticator.credentialId.toString('base64url'),
      publicKey: new Uint8Array(cose),
      name: 'Security suite',
    },
    select: { id: true },
  });
  return { id, authenticator };
}

/** The caller's session proved a second factor just now (a step-up). */
async function freshStepUp(caller: SecurityParty | null) {
  if (!caller) return;
  const claims = decodeJwt(caller.headers.authorization!.replace(/^Bearer /, ''));
  await markSecondFactor(getPrisma(), { familyId: String(claims.sid), userId: caller.id, method: 'passkey' });
}

export const securityFixtures: SecurityFixtures = {
  // A password alone signs in an account without a second factor (the owner party gets passkeys below).
  'POST /api/auth/token': async () => {
    const user = await createUser({ password: PARTY_PASSWORD });
    return { query: { grant_type: 'password' }, body: { email: user.email, password: PARTY_PASSWORD } };
  },
  'DELETE /api/auth/passkeys/{id}': async ({ owner, caller }) => {
    const { id } = await passkeyOf(owner.id);
    await freshStepUp(caller);
    return { params: { id }, secrets: [id], expect: [204] };
  },
  'POST /api/auth/passkeys/sign-in-options': () => ({ body: {} }),
  // Fresh account per call: each sign-in spends its challenge and moves the counter.
  'POST /api/auth/passkeys/sign-in': async () => {
    const user = await createUser();
    const { authenticator } = await passkeyOf(user.id);
    const options = await assertionOptions('sign_in', rp().origin, null);
    return { body: { response: authenticator.assert(options, rp()) }, expect: [200] };
  },
  'POST /api/auth/second-factor/sign-in': async () => {
    const user = await createUser();
    const secret = newTotpSecret();
    await getPrisma().totpFactor.create({
      data: { userId: user.id, secret: sealSecret(secret), enabledAt: new Date() },
    });
    return { body: { ticket: await issueTicket(user.id), code: totpFor(secret).generate() }, expect: [200] };
  },
};
