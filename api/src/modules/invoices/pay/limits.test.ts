import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  outgoingUsage,
  overDailyLimit,
  pinFailures,
  setDailyCap,
  setLimits,
  tableCounts,
} from '../../../../test/helpers.js';
import { balance, expectBooks, invoiceRow, invoicesTestClient, person } from '../testing.js';

// Paying an invoice is the client's outflow (prisma/sql/ledger.sql L8): limits and platform caps apply,
// reported by the payment quote before the PIN, counted in outgoing_usage.
const { call, sent, pay } = invoicesTestClient();
const itemsOf = (total: string) => ({ items: [{ description: 'Work', quantity: '1', unit_price: total }] });

describe('limits on paying an invoice', () => {
  it('with limits of 5.00, a 10.00 invoice is refused 409 LIMIT_EXCEEDED by the quote, then by the payment (before the PIN); nothing moves, still payable', async () => {
    const [creator, client] = [await person('Lim Creator'), await person('Lim Client', '100.00')];
    const inv = await sent(creator.id, client.id, itemsOf('10.00'));
    await setLimits(client.id, '5.00');
    const before = await tableCounts(['transactions', 'ledger_entries']);
    const refusal = overDailyLimit({ limit: '5.00', used: '0.00', amount: '10.00', remaining: '5.00' });

    expect(await call(client.id, 'GET', `/${inv.id}/payment-quote`)).toMatchObject({ status: 409, body: refusal });
    expect(await pay(client.id, inv.id, crypto.randomUUID(), '0000')).toMatchObject({ status: 409, body: refusal });
    expect(await pay(client.id, inv.id)).toMatchObject({ status: 409, body: refusal });

    expect(await pinFailures(client.id)).toBe(0);
    expect(await tableCounts(['transactions', 'ledger_entries'])).toEqual(before);
    expect([await balance(client.id), await balance(creator.id), (await invoiceRow(inv.id)).status]).toEqual([
      '100.00',
      '0.00',
      'sent',
    ]);
    expect(await outgoingUsage(client.id)).toBe('0.00');
  });

  it("a payment within the limit counts its total; the platform's daily cap applies without a limit of the user's own", async () => {
    const [creator, client] = [await person('Cap Creator'), await person('Cap Client', '100.00')];
    await setDailyCap('12.00');
    const first = await sent(creator.id, client.id, itemsOf('10.00'));
    expect((await pay(client.id, first.id)).status).toBe(200);
    expect(await outgoingUsage(client.id)).toBe('10.00');
    const second = await sent(creator.id, client.id, itemsOf('3.00'));
    const refusal = overDailyLimit({ limit: '12.00', used: '10.00', amount: '3.00', remaining: '2.00' });
    expect(await call(client.id, 'GET', `/${second.id}/payment-quote`)).toMatchObject({ status: 409, body: refusal });
    expect(await pay(client.id, second.id)).toMatchObject({ status: 409, body: refusal });
    expect([await balance(client.id), await outgoingUsage(client.id)]).toEqual(['90.00', '10.00']);
    await expectBooks();
  });
});
