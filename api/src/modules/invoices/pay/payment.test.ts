import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { readOutbox } from '../../../platform/outbound/index.js';
import { tableCounts } from '../../../../test/helpers.js';
import { balance, expectBooks, invoiceRow, invoicesTestClient, person } from '../testing.js';
import { minus } from '../../../../test/decimal.js';

// Pay: the client pays the total in the invoice's asset to the creator through the ledger
// (PIN, Idempotency-Key, the fee schedule's fee quoted first), the invoice paid in the same database
// transaction, never twice; docs/product.md "Invoices" (only the client pays; not a draft, paid or cancelled one).
const { call, draftFor, sent, pay } = invoicesTestClient();
const fees = async () =>
  (
    await getPool().query(
      `SELECT b.balance::numeric(38,2)::text AS b FROM system_account_balances b JOIN assets a ON a.id = b.asset_id WHERE b.code = 'fees' AND a.symbol = 'USD'`,
    )
  ).rows[0].b as string;

describe('paying an invoice', () => {
  it('quote then pay: the client pays 100.00, the creator receives 99.00 (1% fee to the fee account), the invoice is paid with its transaction; both are told', async () => {
    const [creator, client] = [await person('Carla Creator'), await person('Cliff Client', '250.00')];
    const inv = await sent(creator.id, client.id);
    const feesBefore = await fees();
    const quote = await call(client.id, 'GET', `/${inv.id}/payment-quote`);
    expect(quote.body).toMatchObject({
      amount: '100.00',
      fee: '1.00',
      fee_paid_by: 'creator',
      you_pay: '100.00',
      creator_receives: '99.00',
      asset: { symbol: 'USD' },
    });
    const res = await pay(client.id, inv.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'paid', amount: '100.00', fee: '1.00', asset_symbol: 'USD' });
    expect([await balance(client.id), await balance(creator.id)]).toEqual(['150.00', '99.00']);
    expect(minus(await fees(), feesBefore)).toBe('1');
    const row = await invoiceRow(inv.id);
    expect(row).toMatchObject({ status: 'paid', payment_transaction_id: res.body.transaction_id });
    const tx = (
      await getPool().query(
        `SELECT transaction_type::text AS type, sender_id, receiver_id, amount::numeric(38,2)::text AS amount FROM transactions WHERE id = $1`,
        [row.payment_transaction_id],
      )
    ).rows[0];
    expect(tx).toEqual({ type: 'invoice_payment', sender_id: client.id, receiver_id: creator.id, amount: '100.00' });
    expect((await call(creator.id, 'GET', `/${inv.id}`)).body.invoice).toMatchObject({
      status: 'paid',
      can: { pay: false, cancel: false },
    });
    expect((await readOutbox({ recipient: creator.email })).map((m) => m.subject)).toContain(
      `Invoice ${inv.invoice_number} was paid`,
    );
    await expectBooks();
  });

  it('20 payments of one invoice at once (different keys, two tabs): paid once, the rest 409, the client charged once, nothing lost or created', async () => {
    const [creator, client] = [await person('Carla'), await person('Cliff', '1000.00')];
    const inv = await sent(creator.id, client.id, {
      items: [{ description: 'Audit', quantity: '1', unit_price: '300.00' }],
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(client.id, inv.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error === 'This invoice is already paid.')).toBe(
      true,
    );
    expect([await balance(client.id), await balance(creator.id)]).toEqual(['700.00', '297.00']);
    expect(
      (
        await getPool().query(
          `SELECT count(*)::int AS n FROM transactions WHERE transaction_type = 'invoice_payment' AND sender_id = $1`,
          [client.id],
        )
      ).rows[0].n,
    ).toBe(1);
    await expectBooks();
  });

  it('a retry with the same Idempotency-Key returns the first answer and pays nothing more', async () => {
    const [creator, client] = [await person('Carla'), await person('Cliff', '300.00')];
    const inv = await sent(creator.id, client.id);
    const key = crypto.randomUUID();
    const first = await pay(client.id, inv.id, key);
    const again = await pay(client.id, inv.id, key);
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(await balance(client.id)).toBe('200.00');
  });

  it('Insufficient Balance: 409 naming the amount, nothing moved, the invoice still payable', async () => {
    const [creator, client] = [await person('Carla'), await person('Cliff', '99.99')];
    const inv = await sent(creator.id, client.id);
    const before = await tableCounts(['transactions', 'ledger_entries']);
    const res = await pay(client.id, inv.id);
    expect(res).toMatchObject({
      status: 409,
      body: {
        code: 'INSUFFICIENT_FUNDS',
        error: 'You do not have enough USD.',
        details: { title: 'Insufficient Balance', fields: { amount: 'You do not have enough USD.' } },
      },
    });
    expect(await tableCounts(['transactions', 'ledger_entries'])).toEqual(before);
    expect([await balance(client.id), (await invoiceRow(inv.id)).status]).toEqual(['99.99', 'sent']);
  });

  it('a wrong PIN is refused (403) before anything moves; a bad PIN format is 400', async () => {
    const [creator, client] = [await person('Carla'), await person('Cliff', '500.00')];
    const inv = await sent(creator.id, client.id);
    expect((await pay(client.id, inv.id, crypto.randomUUID(), '0000')).status).toBe(403);
    expect((await pay(client.id, inv.id, crypto.randomUUID(), '12a4')).status).toBe(400);
    expect([await balance(client.id), (await invoiceRow(inv.id)).status]).toEqual(['500.00', 'sent']);
  });

  it('state rules: the creator cannot pay (403); a draft is not found for the client; paid and cancelled ones are 409; an overdue one can be paid', async () => {
    const [creator, client] = [await person('Carla', '500.00'), await person('Cliff', '500.00')];
    const inv = await sent(creator.id, client.id);
    expect(await pay(creator.id, inv.id)).toMatchObject({
      status: 403,
      body: { error: 'Only the client can pay this invoice.' },
    });
    const draft = await draftFor(creator.id, client.id);
    expect((await pay(client.id, draft.id)).status).toBe(404);
    const cancelled = await sent(creator.id, client.id);
    await call(creator.id, 'POST', `/${cancelled.id}/cancel`);
    expect(await pay(client.id, cancelled.id)).toMatchObject({
      status: 409,
      body: { error: 'This invoice is cancelled and cannot be paid.' },
    });
    await getPool().query(`UPDATE invoices SET status = 'overdue' WHERE id = $1`, [inv.id]);
    expect((await pay(client.id, inv.id)).status).toBe(200);
    expect((await pay(client.id, inv.id)).status).toBe(409);
    expect(await balance(client.id)).toBe('400.00');
    await expectBooks();
  });

  it("a payment refused by the ledger when the creator's invoice asks for EUR the client does not hold", async () => {
    const [creator, client] = [await person('Carla'), await person('Cliff', '500.00')];
    const eur = (await getPool().query(`SELECT id FROM assets WHERE symbol = 'EUR'`)).rows[0].id;
    const inv = await sent(creator.id, client.id, { asset_id: eur });
    expect((await pay(client.id, inv.id)).body).toMatchObject({
      error: 'You do not have enough EUR.',
      details: { title: 'Insufficient Balance', fields: { amount: 'You do not have enough EUR.' } },
    });
  });
});
