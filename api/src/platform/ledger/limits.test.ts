import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUser, deposit, givePin, outgoingUsage, setLimits, walletBalance } from '../../../test/helpers.js';
import { getPool } from '../db/pool.js';
import { toAppError } from '../errors.js';
import { checkBooks, hold, postTransfer, sendMoney } from './index.js';

// prisma/sql/ledger.sql L8: every outflow of a user counts in one counter and is refused over a limit
// under the user's advisory lock (class 7401), whichever path posts it.
const PIN = '1234';
const usd = (cents: number) => (cents / 100).toFixed(2);

describe('limits on every outflow, in the ledger (L8)', () => {
  it('race: 40 concurrent outflows of four kinds by one user near the daily limit never pass it in sum', async () => {
    const payer = await createUser();
    const payee = await createUser();
    await deposit(payer.id, 'USD', '1000.00');
    await givePin(payer.id, PIN);
    await setLimits(payer.id, '50.00');
    const pool = getPool();
    const kinds = [
      () =>
        sendMoney({
          senderId: payer.id,
          recipientId: payee.id,
          assetSymbol: 'USD',
          amount: '3.00',
          pin: PIN,
          idempotency: { key: crypto.randomUUID(), requestHash: 'h' },
        }).then((a) => (a.status === 201 ? 'send' : (JSON.parse(a.json).code as string))),
      () =>
        hold(pool, {
          reference: { type: 'milestone', id: crypto.randomUUID() },
          payerId: payer.id,
          assetSymbol: 'USD',
          amount: '3.00',
        }).then(() => 'milestone'),
      () =>
        hold(pool, {
          reference: { type: 'withdrawal', id: crypto.randomUUID() },
          payerId: payer.id,
          assetSymbol: 'USD',
          amount: '3.00',
        }).then(() => 'withdrawal'),
      () =>
        postTransfer({
          type: 'invoice_payment',
          assetSymbol: 'USD',
          from: { userId: payer.id },
          to: { userId: payee.id },
          amount: '3.00',
        }).then(() => 'invoice'),
    ];
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => kinds[i % 4]!().catch((e: unknown) => toAppError(e).code)),
    );

    const made = outcomes.filter((o) => ['send', 'milestone', 'withdrawal', 'invoice'].includes(o));
    expect(made).toHaveLength(16); // 16 x 3.00 = 48.00 <= 50.00; a 17th would be 51.00
    expect(outcomes.filter((o) => o === 'LIMIT_EXCEEDED')).toHaveLength(24);
    expect(await outgoingUsage(payer.id)).toBe('48.00');
    const sends = made.filter((o) => o === 'send').length;
    expect(await walletBalance(payer.id)).toBe(usd(100000 - 4800 - sends * 2)); // a 3.00 send's fee: 0.02 (0.5%, rounded); an invoice's is the receiver's
    expect((await checkBooks()).problems).toEqual([]);
  });

  it("money coming back is no outflow, and taking back a returned deposit is not the user's: neither changes the counter", async () => {
    const payer = await createUser();
    const payee = await createUser();
    await deposit(payer.id, 'USD', '100.00');
    const reference = { type: 'milestone', id: crypto.randomUUID() };
    await hold(getPool(), { reference, payerId: payer.id, assetSymbol: 'USD', amount: '20.00' });
    expect(await outgoingUsage(payer.id)).toBe('20.00');
    await getPool().query(`SELECT ledger_refund($1, $2, NULL, 'back')`, [reference.type, reference.id]);
    await postTransfer({
      type: 'bank_reversal',
      assetSymbol: 'USD',
      from: { userId: payer.id },
      to: { system: 'deposits' },
      amount: '5.00',
    });
    expect([await walletBalance(payer.id), await outgoingUsage(payer.id), await outgoingUsage(payee.id)]).toEqual([
      '95.00',
      '20.00',
      '0.00',
    ]);
  });
});
