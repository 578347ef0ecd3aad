import { describe, expect, it } from 'vitest';
import { createUser, deposit, send } from '../../../../test/helpers.js';
import { walletTestClient, type Json } from '../testing.js';

const { call } = walletTestClient();

describe('GET /api/wallet/assets (docs/product.md "Sending and requesting money": the send screen\'s wallets)', () => {
  it('GET /assets lists only wallets with a balance above zero, at the asset scale', async () => {
    const a = await createUser();
    const b = await createUser();
    await deposit(a.id, 'USD', '5.00');
    await deposit(a.id, 'BTC', '0.5');
    await deposit(b.id, 'EUR', '1.00');
    await send(b.id, a.id, 'EUR', '0.99'); // a gets EUR, b keeps 0.00 EUR
    const r = await call(b.id, 'GET', '/assets');
    expect(r.body.wallets).toEqual([]);
    const mine = await call(a.id, 'GET', '/assets');
    expect(mine.body.wallets.map((w: Json) => [w.asset.symbol, w.balance])).toEqual([
      ['BTC', '0.50000000'],
      ['EUR', '0.99'],
      ['USD', '5.00'],
    ]);
  });

  it("GET /assets?scope=all lists every asset with the caller's balance, 0 at the asset scale where they hold none", async () => {
    const a = await createUser();
    await deposit(a.id, 'USD', '5.00');
    const r = await call(a.id, 'GET', '/assets?scope=all');
    expect(r.body.wallets.map((w: Json) => [w.asset.symbol, w.balance])).toEqual([
      ['BTC', '0.00000000'],
      ['ETH', '0.00000000'],
      ['EUR', '0.00'],
      ['USD', '5.00'],
      ['USDC', '0.000000'],
    ]);
    expect(r.body.wallets[0].asset).toEqual({
      id: expect.any(String),
      symbol: 'BTC',
      name: 'Bitcoin',
      scale: 8,
      logo_url: '/api/platform/assets/logo/BTC.svg',
    });
  });
});
