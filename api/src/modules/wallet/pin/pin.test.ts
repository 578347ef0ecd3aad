import { describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { createUser } from '../../../../test/helpers.js';
import { balanceOf, walletTestClient } from '../testing.js';

const { call, transfer, setPin, payer } = walletTestClient();

describe('POST /api/wallet/pin (spec manage-pin: set_pin, change_pin, verify_pin)', () => {
  it('sets a 4-digit PIN once, verifies it, refuses a second set_pin, and changes it with the current PIN', async () => {
    const u = await createUser();
    expect((await call(u.id, 'GET', '/payment-settings')).body).toMatchObject({ pin_set: false });
    expect(await setPin(u.id, '4321')).toMatchObject({ status: 200, body: { message: 'Transaction PIN set.' } });
    expect((await call(u.id, 'GET', '/payment-settings')).body).toMatchObject({
      pin_set: true,
      pin_locked_until: null,
    });
    expect(await call(u.id, 'POST', '/pin', { action: 'verify_pin', pin: '4321' })).toMatchObject({
      status: 200,
      body: { verified: true },
    });
    expect((await setPin(u.id, '1111')).status).toBe(409);
    expect((await call(u.id, 'POST', '/pin', { action: 'change_pin', current_pin: '4321', pin: '2468' })).status).toBe(
      200,
    );
    expect((await call(u.id, 'POST', '/pin', { action: 'verify_pin', pin: '2468' })).status).toBe(200);
    expect((await call(u.id, 'POST', '/pin', { action: 'verify_pin', pin: '4321' })).body).toMatchObject({
      code: 'PIN_INCORRECT',
      error: 'The PIN you entered is incorrect.',
    });
    // stored as a keyed, salted hash: never the digits
    const stored = (await getPool().query('SELECT transaction_pin_hash FROM profiles WHERE id = $1', [u.id])).rows[0]
      .transaction_pin_hash as string;
    expect(stored).toMatch(/^v1\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(stored).not.toContain('2468');
  });

  it("answers 'PINs must be 4 digits.' for anything but 4 digits", async () => {
    const u = await createUser();
    for (const pin of ['123', '12345', '12a4', '']) {
      const r = await setPin(u.id, pin);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('PINs must be 4 digits.');
    }
  });

  it('5 wrong PINs in a row lock every PIN action for 15 minutes; a correct PIN in between resets the count', async () => {
    const u = await payer();
    const bob = await createUser();
    for (let i = 0; i < 4; i++)
      expect((await call(u.id, 'POST', '/pin', { action: 'verify_pin', pin: '0000' })).body.details.attempts_left).toBe(
        4 - i,
      );
    expect((await call(u.id, 'POST', '/pin', { action: 'verify_pin', pin: '1234' })).status).toBe(200); // resets
    for (let i = 0; i < 4; i++)
      expect((await call(u.id, 'POST', '/pin', { action: 'verify_pin', pin: '0000' })).status).toBe(403);
    const fifth = await transfer(u.id, { recipientEmail: bob.email, assetSymbol: 'USD', amount: '1.00', pin: '9999' }); // wrong PIN on a transfer counts too
    expect(fifth.status).toBe(423);
    expect(fifth.body.code).toBe('PIN_LOCKED');
    // locked: even the right PIN is refused, for verify, change and transfer
    const verify = await call(u.id, 'POST', '/pin', { action: 'verify_pin', pin: '1234' });
    expect(verify.status).toBe(423);
    expect(Number(verify.headers.get('retry-after'))).toBeGreaterThan(890);
    expect((await call(u.id, 'POST', '/pin', { action: 'change_pin', current_pin: '1234', pin: '5555' })).status).toBe(
      423,
    );
    const before = await balanceOf(u.id, 'USD');
    expect(
      (await transfer(u.id, { recipientEmail: bob.email, assetSymbol: 'USD', amount: '1.00', pin: '1234' })).body.code,
    ).toBe('PIN_LOCKED');
    expect(await balanceOf(u.id, 'USD')).toBe(before);
    expect((await call(u.id, 'GET', '/payment-settings')).body.pin_locked_until).not.toBeNull();
    // 15 minutes later (moved back in the database) the right PIN works again
    await getPool().query(`UPDATE profiles SET pin_locked_until = now() - interval '1 second' WHERE id = $1`, [u.id]);
    expect(
      (await transfer(u.id, { recipientEmail: bob.email, assetSymbol: 'USD', amount: '1.00', pin: '1234' })).status,
    ).toBe(201);
  });
});
