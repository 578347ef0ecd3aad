import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getPool } from '../db/pool.js';
import {
  createTestApp,
  createUser,
  deposit,
  givePin,
  pinFailures,
  tableCounts,
  walletBalance,
} from '../../../test/helpers.js';
import { passkeySession, SoftwareAuthenticator } from '../../../test/software-authenticator.js';
import { STEP_UP_MESSAGE } from './sessions.js';

const app = createTestApp(['auth', 'wallet']);
const PASSWORD = 'Correct-horse-42';
const RP = { origin: 'http://localhost', rpId: 'localhost' };

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID(), ...headers },
    body: JSON.stringify(body),
  });

async function passwordHeaders(email: string) {
  const res = await post('/api/auth/token?grant_type=password', { email, password: PASSWORD });
  return { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
}

/** A funded sender with a PIN and a passkey, signed in with it more than 5 minutes ago. */
async function senderWithPasskey() {
  const sender = await createUser({ password: PASSWORD });
  const receiver = await createUser();
  await deposit(sender.id, 'USD', '5000.00');
  await givePin(sender.id, '1234');
  const authenticator = new SoftwareAuthenticator();
  const headers = await passkeySession(app, await passwordHeaders(sender.email), authenticator);
  await getPool().query(
    `UPDATE session_second_factors SET verified_at = now() - interval '6 minutes' WHERE user_id = $1`,
    [sender.id],
  );
  return { sender, receiver, headers, authenticator };
}

const quote = async (headers: Record<string, string>, recipientEmail: string, amount: string) =>
  (await (
    await app.request(
      `/api/wallet/transfers/quote?assetSymbol=USD&amount=${amount}&recipientEmail=${encodeURIComponent(recipientEmail)}`,
      { headers },
    )
  ).json()) as { step_up_required: boolean };

describe('step-up before a large send (above 1,000 US dollars)', () => {
  it('the quote says so before the PIN; the send is refused with 403 and moves no money, counts no PIN try', async () => {
    const { sender, receiver, headers } = await senderWithPasskey();
    expect((await quote(headers, receiver.email, '1500.00')).step_up_required).toBe(true);
    expect((await quote(headers, receiver.email, '1000.00')).step_up_required).toBe(false);
    const before = await tableCounts(['transactions', 'ledger_entries']);
    const res = await post(
      '/api/wallet/transfers',
      { recipientEmail: receiver.email, assetSymbol: 'USD', amount: '1500.00', pin: '9999' },
      headers,
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'STEP_UP_REQUIRED', error: STEP_UP_MESSAGE });
    expect(await walletBalance(sender.id)).toBe('5000.00');
    expect(await walletBalance(receiver.id)).toBe('0.00');
    expect(await tableCounts(['transactions', 'ledger_entries'])).toEqual(before);
    expect(await pinFailures(sender.id)).toBe(0);
  });

  it('up to the threshold needs no step-up; after a passkey step-up the large send goes through', async () => {
    const { receiver, headers, authenticator } = await senderWithPasskey();
    expect(
      (
        await post(
          '/api/wallet/transfers',
          { recipientEmail: receiver.email, assetSymbol: 'USD', amount: '1000.00', pin: '1234' },
          headers,
        )
      ).status,
    ).toBe(201);
    const options = (await (await post('/api/auth/step-up/passkey-options', {}, headers)).json()) as {
      challenge: string;
    };
    expect(
      (await post('/api/auth/step-up/passkey', { response: authenticator.assert(options, RP) }, headers)).status,
    ).toBe(200);
    expect((await quote(headers, receiver.email, '1500.00')).step_up_required).toBe(false);
    expect(
      (
        await post(
          '/api/wallet/transfers',
          { recipientEmail: receiver.email, assetSymbol: 'USD', amount: '1500.00', pin: '1234' },
          headers,
        )
      ).status,
    ).toBe(201);
    expect(await walletBalance(receiver.id)).toBe('2500.00');
  });

  it('the refusal is stored under no Idempotency-Key: the same key sends once the session stepped up', async () => {
    const { sender, receiver, headers } = await senderWithPasskey();
    const key = { 'Idempotency-Key': crypto.randomUUID() };
    const send = { recipientEmail: receiver.email, assetSymbol: 'USD', amount: '1500.00', pin: '1234' };
    expect((await post('/api/wallet/transfers', send, { ...headers, ...key })).status).toBe(403);
    await getPool().query(`UPDATE session_second_factors SET verified_at = now() WHERE user_id = $1`, [sender.id]);
    const res = await post('/api/wallet/transfers', send, { ...headers, ...key });
    expect(res.status).toBe(201);
    expect(res.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await walletBalance(receiver.id)).toBe('1500.00');
  });

  it('a user without any second factor is not asked (nothing to step up with)', async () => {
    const sender = await createUser({ password: PASSWORD });
    const receiver = await createUser();
    await deposit(sender.id, 'USD', '5000.00');
    await givePin(sender.id, '1234');
    const headers = await passwordHeaders(sender.email);
    expect((await quote(headers, receiver.email, '1500.00')).step_up_required).toBe(false);
    expect(
      (
        await post(
          '/api/wallet/transfers',
          { recipientEmail: receiver.email, assetSymbol: 'USD', amount: '1500.00', pin: '1234' },
          headers,
        )
      ).status,
    ).toBe(201);
  });
});
