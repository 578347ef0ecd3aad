import { describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { checkBooks } from '../../../platform/ledger/index.js';
import { createUser, deposit, send } from '../../../../test/helpers.js';
import { walletTestClient, type Json } from '../testing.js';

const { call } = walletTestClient();

describe('GET /api/wallet/transactions, transactions.csv (docs/product.md "Transaction history")', () => {
  it("10 per page, newest first, exact total, has_next; only the caller's rows", async () => {
    const a = await createUser({ fullName: 'Ann' });
    const b = await createUser({ fullName: 'Ben' });
    const c = await createUser({ fullName: 'Cid' });
    await deposit(a.id, 'USD', '1000.00');
    await deposit(b.id, 'USD', '1000.00');
    const mine: string[] = [];
    for (let i = 1; i <= 12; i++)
      mine.push((await send(i % 3 ? a.id : b.id, i % 3 ? b.id : a.id, 'USD', `${i}.00`)).transactionId);
    const others = await send(b.id, c.id, 'USD', '7.77');
    const p1 = await call(a.id, 'GET', '/transactions');
    expect(p1.body).toMatchObject({ total: 13, page: 1, page_size: 10, has_next: true }); // 12 transfers + the deposit
    expect(p1.body.transactions.map((t: Json) => t.amount)).toEqual([
      '12.00',
      '11.00',
      '10.00',
      '9.00',
      '8.00',
      '7.00',
      '6.00',
      '5.00',
      '4.00',
      '3.00',
    ]);
    const p2 = await call(a.id, 'GET', '/transactions?page=2');
    expect(p2.body).toMatchObject({ total: 13, page: 2, has_next: false });
    expect(p2.body.transactions.map((t: Json) => t.amount)).toEqual(['2.00', '1.00', '1000.00']);
    expect(p2.body.transactions[2]).toMatchObject({
      transaction_type: 'deposit',
      sender: null,
      receiver: { id: a.id, full_name: 'Ann' },
    });
    const all = [...p1.body.transactions, ...p2.body.transactions].map((t: Json) => t.id);
    expect(all).not.toContain(others.transactionId);
    for (const id of mine) expect(all).toContain(id);
    expect((await call(a.id, 'GET', '/transactions?page=3')).body).toMatchObject({
      transactions: [],
      total: 13,
      has_next: false,
    });
    expect((await call(a.id, 'GET', '/transactions?page=0')).status).toBe(400);
    expect((await call(c.id, 'GET', '/transactions')).body.transactions.map((t: Json) => t.id)).toEqual([
      others.transactionId,
    ]);
  });

  it("CSV statement: header and every row of the caller, signed amounts, no one else's rows", async () => {
    const a = await createUser({ fullName: 'Ann, "the" payer' });
    const b = await createUser({ fullName: '=cmd' });
    await deposit(a.id, 'USD', '100.00');
    await send(a.id, b.id, 'USD', '10.00', 'Lunch, with "quotes"');
    await send(b.id, a.id, 'USD', '2.50');
    const r = await call(a.id, 'GET', '/transactions.csv');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/csv');
    expect(r.headers.get('content-disposition')).toMatch(/attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = r.text.trim().split('\r\n');
    expect(lines[0]).toBe('Date (UTC),Type,Description,Counterparty,Note,Asset,Amount,Fee,Total,Status,Transaction ID');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(",Transfer,Received from =cmd,'=cmd,Test transfer,USD,+2.50,0.00,+2.50,completed,"); // the sender paid the fee
    expect(lines[2]).toContain(
      `,Transfer,Sent to =cmd,'=cmd,"Lunch, with ""quotes""",USD,-10.00,0.05,-10.05,completed,`,
    );
    expect(lines[3]).toContain(',Deposit,Deposit,,Test deposit,USD,+100.00,0.00,+100.00,completed,');
  });

  it('CSV streams a long history completely (keyset batches)', async () => {
    const a = await createUser();
    const b = await createUser();
    await deposit(a.id, 'USD', '100000.00');
    // 50 at a time: this test is about CSV batching; concurrency has its own test, and more waiters
    // than the pool can serve within its 3 s wait are shed with 503 by design (platform/db/pool.ts).
    for (let start = 0; start < 2100; start += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, k) => send(a.id, b.id, 'USD', `${((start + k) % 50) + 1}.00`)));
    }
    const r = await call(b.id, 'GET', '/transactions.csv');
    const ids = r.text
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',').pop());
    expect(ids).toHaveLength(2100);
    expect(new Set(ids).size).toBe(2100);
    expect((await call(b.id, 'GET', '/transactions')).body.total).toBe(2100);
  });
});

describe('the receiver paid no fee: history, CSV and dashboard show each party the fee it paid', () => {
  it('sender sees the fee, receiver sees 0; books balance', async () => {
    const a = await createUser({ fullName: 'Ann' });
    const b = await createUser({ fullName: 'Ben' });
    await deposit(a.id, 'USD', '100.00');
    const t = await send(a.id, b.id, 'USD', '10.00');
    const mine = (await call(a.id, 'GET', '/transactions')).body.transactions.find(
      (x: Json) => x.id === t.transactionId,
    );
    const theirs = (await call(b.id, 'GET', '/transactions')).body.transactions.find(
      (x: Json) => x.id === t.transactionId,
    );
    expect(mine).toMatchObject({ amount: '10.00', fee: '0.05' });
    expect(theirs).toMatchObject({ amount: '10.00', fee: '0.00' });
    expect((await call(b.id, 'GET', '/dashboard')).body.recent_transactions[0]).toMatchObject({
      id: t.transactionId,
      fee: '0.00',
    });
    expect((await call(b.id, 'GET', '/transactions.csv')).text).toContain(',USD,+10.00,0.00,+10.00,completed,');
    expect((await call(a.id, 'GET', '/transactions.csv')).text).toContain(',USD,-10.00,0.05,-10.05,completed,');
    expect((await checkBooks()).ok).toBe(true);
  });
});

describe('GET /transactions filters: type, asset, UTC date range, also for the CSV statement', () => {
  it('each filter keeps only matching rows, with an exact total and paging; the CSV honours the same filters', async () => {
    const a = await createUser({ fullName: 'Ann' });
    const b = await createUser({ fullName: 'Ben' });
    await deposit(a.id, 'USD', '500.00');
    await deposit(a.id, 'BTC', '1');
    for (let i = 1; i <= 12; i++) await send(a.id, b.id, 'USD', `${i}.00`);
    await send(a.id, b.id, 'BTC', '0.01');
    await send(b.id, a.id, 'BTC', '0.002');
    // one old transfer, moved to a known day
    const old = await send(a.id, b.id, 'USD', '99.00');
    await getPool().query(`UPDATE transactions SET created_at = '2025-03-15T23:30:00Z' WHERE id = $1`, [
      old.transactionId,
    ]);

    const btc = await call(a.id, 'GET', '/transactions?asset=btc');
    expect(btc.body).toMatchObject({ total: 3, has_next: false });
    expect(btc.body.transactions.map((t: Json) => t.asset.symbol)).toEqual(['BTC', 'BTC', 'BTC']);
    const deposits = await call(a.id, 'GET', '/transactions?type=deposit');
    expect(deposits.body.transactions.map((t: Json) => t.amount)).toEqual(['1.00000000', '500.00']);
    const usdSends = await call(a.id, 'GET', '/transactions?type=p2p_transfer&asset=USD&page=2');
    expect(usdSends.body).toMatchObject({ total: 13, page: 2, has_next: false });
    expect(usdSends.body.transactions.map((t: Json) => t.amount)).toEqual(['2.00', '1.00', '99.00']);
    const day = await call(a.id, 'GET', '/transactions?from=2025-03-15&to=2025-03-15');
    expect(day.body.transactions.map((t: Json) => t.id)).toEqual([old.transactionId]);
    expect((await call(a.id, 'GET', '/transactions?to=2025-03-14')).body).toMatchObject({ total: 0, transactions: [] });
    expect((await call(b.id, 'GET', '/transactions?from=2025-03-16')).body.total).toBe(14);

    const csv = (await call(a.id, 'GET', '/transactions.csv?asset=BTC&type=p2p_transfer')).text.trim().split('\r\n');
    expect(csv).toHaveLength(3); // header + 2
    expect(csv.slice(1).every((l) => l.includes(',BTC,'))).toBe(true);
  });

  it('bad filters: 400 with the field, in words', async () => {
    const a = await createUser();
    const cases: [string, string, string][] = [
      ['type=refund', 'type', 'Type must be one of'],
      ['asset=NOPE', 'asset', 'Unknown asset.'],
      ['from=2026-02-30', 'from', 'This date does not exist.'],
      ['to=yesterday', 'to', 'Enter a date as YYYY-MM-DD.'],
      ['from=2026-03-02&to=2026-03-01', 'to', 'The end date must not be before the start date.'],
      ['page=0', 'page', 'Page must be 1 or more.'],
    ];
    for (const [query, field, message] of cases) {
      const r = await call(a.id, 'GET', `/transactions?${query}`);
      expect({ query, status: r.status, code: r.body.code }).toEqual({ query, status: 400, code: 'VALIDATION' });
      expect(r.body.details.fields[field]).toContain(message);
    }
    const csv = await call(a.id, 'GET', '/transactions.csv?asset=NOPE');
    expect(csv.status).toBe(400);
    expect(csv.body.details.fields.asset).toBe('Unknown asset.');
  });
});
