import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/helpers.js';
import { balanceOf, key, liftPlatformCaps, walletTestClient, type Json } from '../testing.js';

const { call, payer } = walletTestClient();
const idem = () => ({ 'Idempotency-Key': key() });

beforeAll(liftPlatformCaps);

describe('payment requests (docs/product.md "Sending and requesting money" Request money; beyond the spec: pay and decline)', () => {
  it('request -> the payer sees it -> pays with PIN through the transfer path -> the requester sees it paid', async () => {
    const requester = await createUser({ fullName: 'Rita' });
    const payerUser = await payer('Paul');
    const created = await call(requester.id, 'POST', '/requests', {
      payerId: payerUser.id,
      assetSymbol: 'USD',
      amount: '25.00',
      description: 'Tickets #fun',
    });
    expect(created.status).toBe(201);
    expect(created.body.request).toMatchObject({
      status: 'pending',
      amount: '25.00',
      requester: { id: requester.id },
      payer: { id: payerUser.id },
    });
    const id = created.body.request.id;
    expect((await call(payerUser.id, 'GET', '/requests')).body.incoming.map((r: Json) => r.id)).toEqual([id]);
    expect((await call(requester.id, 'GET', '/requests')).body.outgoing.map((r: Json) => r.id)).toEqual([id]);

    // only the payer can pay or decline it; for anyone else it does not exist
    expect(
      (await call(requester.id, 'POST', `/requests/${id}/pay`, { pin: '1234' }, { 'Idempotency-Key': key() })).status,
    ).toBe(404);
    expect((await call(requester.id, 'POST', `/requests/${id}/decline`)).status).toBe(404);
    expect(
      (await call(payerUser.id, 'POST', `/requests/${id}/pay`, { pin: '0000' }, { 'Idempotency-Key': key() })).body
        .code,
    ).toBe('PIN_INCORRECT');

    const k = key();
    const paid = await call(payerUser.id, 'POST', `/requests/${id}/pay`, { pin: '1234' }, { 'Idempotency-Key': k });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({
      fee: '0.13',
      payment_request_id: id,
      transaction: { amount: '25.00', description: 'Tickets #fun', receiver: { id: requester.id } },
    });
    expect(await balanceOf(requester.id, 'USD')).toBe('25.000000000000000000');
    expect(
      (await call(payerUser.id, 'POST', `/requests/${id}/pay`, { pin: '1234' }, { 'Idempotency-Key': k })).body,
    ).toEqual(paid.body);
    const twice = await call(
      payerUser.id,
      'POST',
      `/requests/${id}/pay`,
      { pin: '1234' },
      { 'Idempotency-Key': key() },
    );
    expect(twice).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', error: 'This payment request is already paid.' },
    });
    expect(await balanceOf(requester.id, 'USD')).toBe('25.000000000000000000');
    expect((await call(requester.id, 'GET', '/requests')).body.outgoing[0]).toMatchObject({
      status: 'paid',
      transaction_id: paid.body.transaction.id,
    });
  });

  it('decline and cancel: pending only; the requester sees the status', async () => {
    const r = await createUser();
    const p = await createUser();
    const a = (
      await call(r.id, 'POST', '/requests', { payerEmail: p.email, assetSymbol: 'EUR', amount: '3', description: null })
    ).body.request;
    const b = (await call(r.id, 'POST', '/requests', { payerId: p.id, assetSymbol: 'BTC', amount: '0.001' })).body
      .request;
    expect((await call(p.id, 'POST', `/requests/${a.id}/decline`)).body.request.status).toBe('declined');
    expect((await call(p.id, 'POST', `/requests/${a.id}/decline`)).status).toBe(409);
    expect((await call(p.id, 'POST', `/requests/${b.id}/cancel`)).status).toBe(404);
    expect((await call(r.id, 'POST', `/requests/${b.id}/cancel`)).body.request.status).toBe('cancelled');
    expect((await call(r.id, 'GET', '/requests')).body.outgoing.map((x: Json) => x.status).sort()).toEqual([
      'cancelled',
      'declined',
    ]);
  });

  it('refuses requests from oneself, to nobody, of nothing', async () => {
    const r = await createUser();
    expect((await call(r.id, 'POST', '/requests', { payerId: r.id, assetSymbol: 'USD', amount: '1' })).status).toBe(
      400,
    );
    expect(
      (await call(r.id, 'POST', '/requests', { payerEmail: 'nobody@example.test', assetSymbol: 'USD', amount: '1' }))
        .status,
    ).toBe(404);
    const p = await createUser();
    expect((await call(r.id, 'POST', '/requests', { payerId: p.id, assetSymbol: 'USD', amount: '0' })).body.error).toBe(
      'Amount must be greater than zero.',
    );
    expect((await call(r.id, 'POST', '/requests', { payerId: p.id, assetSymbol: 'USD', amount: '0.001' })).status).toBe(
      400,
    );
  });

  it('paying a request: the fee and total before the PIN (docs/product.md "Public pages"), its refusals, and 404 for anyone but the payer', async () => {
    const requester = await createUser({ fullName: 'Rita' });
    const p = await payer('Paul', [['USD', '30.00']]);
    const other = await payer('Olga');
    const id = (await call(requester.id, 'POST', '/requests', { payerId: p.id, assetSymbol: 'USD', amount: '25.00' }))
      .body.request.id;
    expect(await call(p.id, 'GET', `/requests/${id}/quote`)).toMatchObject({
      status: 200,
      body: { amount: '25.00', fee: '0.13', total: '25.13', recipient: { id: requester.id, full_name: 'Rita' } },
    });
    expect((await call(other.id, 'GET', `/requests/${id}/quote`)).status).toBe(404);
    expect((await call(requester.id, 'GET', `/requests/${id}/quote`)).status).toBe(404);
    const big = (await call(requester.id, 'POST', '/requests', { payerId: p.id, assetSymbol: 'USD', amount: '29.90' }))
      .body.request.id;
    const refused = await call(p.id, 'GET', `/requests/${big}/quote`);
    const paid = await call(p.id, 'POST', `/requests/${big}/pay`, { pin: '1234' }, idem());
    expect({ status: refused.status, code: refused.body.code, error: refused.body.error }).toEqual({
      status: paid.status,
      code: 'INSUFFICIENT_FUNDS',
      error: 'You do not have enough USD.',
    });
    expect((await call(p.id, 'POST', `/requests/${id}/decline`)).status).toBe(200);
    expect(await call(p.id, 'GET', `/requests/${id}/quote`)).toMatchObject({
      status: 409,
      body: { error: 'This payment request is already declined.' },
    });
  });
});
