import { describe, expect, it } from 'vitest';
import { createUser, tableCounts } from '../../../../test/helpers.js';
import { key, walletTestClient } from '../testing.js';

// A payment request someone could pay (requests/service.ts): an amount the columns hold and, in US
// dollars, within the platform's smallest cap (transaction_limit_caps: $10,000.00 a day by default),
// since every payment counts against the payer's daily limit. Refusals are 400s naming amount.
const { call } = walletTestClient();
const request = (requesterId: string, payerId: string, assetSymbol: string, amount: string) =>
  call(requesterId, 'POST', '/requests', { payerId, assetSymbol, amount }, { 'Idempotency-Key': key() });

describe('payment request amounts', () => {
  it('99,999,999,999,999,999,999 USD, $10,000.01 and a BTC amount worth more than $10,000 are 400 naming amount; nothing stored', async () => {
    const [requester, payer] = [await createUser({ fullName: 'Rita' }), await createUser({ fullName: 'Paul' })];
    const before = await tableCounts(['payment_requests']);
    const cap = 'A payment can be at most $10,000.00 a day, so this request could never be paid.';
    const cases: [string, string, string][] = [
      ['USD', '99999999999999999999999', 'Amounts can be at most 999,999,999,999,999.'],
      ['USD', '10000.01', cap],
      ['BTC', '1000', cap],
      ['USD', '10.001', 'USD amounts allow at most 2 decimal places.'],
      ['USD', '-5', 'Amount must be greater than zero.'],
    ];
    for (const [symbol, amount, reason] of cases) {
      const res = await request(requester.id, payer.id, symbol, amount);
      expect({ amount, status: res.status, fields: res.body.details?.fields }).toEqual({
        amount,
        status: 400,
        fields: { amount: reason },
      });
    }
    expect(await tableCounts(['payment_requests'])).toEqual(before);
  });

  it('exactly the cap is a request the payer can see', async () => {
    const [requester, payer] = [await createUser({ fullName: 'Rita' }), await createUser({ fullName: 'Paul' })];
    const res = await request(requester.id, payer.id, 'USD', '10000.00');
    expect(res.status).toBe(201);
    expect(res.body.request).toMatchObject({ amount: '10000.00', status: 'pending' });
    expect((await call(payer.id, 'GET', '/requests')).body.incoming.map((r: { amount: string }) => r.amount)).toEqual([
      '10000.00',
    ]);
  });
});
