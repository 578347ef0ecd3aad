import crypto from 'node:crypto';
import { getPool } from '../../platform/db/pool.js';
import { hashPin } from '../../platform/pin/index.js';
import { createUser, deposit } from '../../../test/helpers.js';
import type { SecurityFixtures, SecurityParty } from '../../../test/security/fixtures.js';
import { createRequest } from './requests/service.js';

/**
 * Security-suite fixtures (test/security/fixtures.ts, docs/decisions.md "Security fixtures"):
 * real payment requests for the owner routes, and valid transfers / requests for the callers.
 * The caller's PIN is (re)set to the one below and unlocked before each use: other operations of
 * the matrix (POST /api/wallet/pin, wrong-PIN fuzzing) change it.
 */
const PIN = '1357';
const withPin = async (p: SecurityParty | null) => {
  if (!p) return;
  await getPool().query(
    'UPDATE profiles SET transaction_pin_hash = $2, pin_failed_attempts = 0, pin_locked_until = NULL WHERE id = $1',
    [p.id, hashPin(p.id, PIN)],
  );
};
const idem = () => ({ 'idempotency-key': crypto.randomUUID() });

/** A pending request from a fresh third user to `payer`. */
async function requestTo(payer: SecurityParty) {
  const requester = await createUser();
  const { request } = await createRequest(requester.id, {
    payerId: payer.id,
    assetSymbol: 'USD',
    amount: '1.00',
    description: 'security suite',
  });
  return (request as { id: string }).id;
}

export const securityFixtures: SecurityFixtures = {
  'POST /api/wallet/requests/{id}/pay': async ({ owner }) => {
    await withPin(owner);
    const id = await requestTo(owner);
    return { params: { id }, body: { pin: PIN }, headers: idem(), secrets: [id], expect: [201] };
  },
  'GET /api/wallet/requests/{id}/quote': async ({ owner }) => {
    await deposit(owner.id, 'USD', '5.00');
    const id = await requestTo(owner);
    return { params: { id }, secrets: [id], expect: [200] };
  },
  'POST /api/wallet/requests/{id}/decline': async ({ owner }) => {
    const id = await requestTo(owner);
    return { params: { id }, secrets: [id], expect: [200] };
  },
  'POST /api/wallet/requests/{id}/cancel': async ({ owner }) => {
    const payee = await createUser();
    const { request } = await createRequest(owner.id, {
      payerId: payee.id,
      assetSymbol: 'USD',
      amount: '1.00',
      description: 'security suite',
    });
    const id = (request as { id: string }).id;
    return { params: { id }, secrets: [id], expect: [200] };
  },
  'POST /api/wallet/transfers': async ({ caller }) => {
    await withPin(caller);
    const to = await createUser();
    return {
      body: { amount: '1.00', recipientEmail: to.email, assetSymbol: 'USD', description: 'security suite', pin: PIN },
      headers: idem(),
      expect: [201],
    };
  },
  'POST /api/wallet/requests': async () => ({
    body: { payerEmail: (await createUser()).email, assetSymbol: 'USD', amount: '2.00', description: 'security suite' },
    expect: [201],
  }),
};
