import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '../../platform/db/pool.js';
import { checkBooks } from '../../platform/ledger/index.js';
import { bearer, createTestApp, createUser, deposit, send, tableCounts } from '../../../test/helpers.js';
import { withDefaultHashtags } from './hashtags.js';

// Issue 12 "Money screens: tell the person before the PIN": the quote refuses what the send would
// refuse; default hashtags on every send path; the receiver's row carries no fee; history filters.
const app = createTestApp(['wallet']);
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(userId: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await app.request(`/api/wallet${path}`, {
    method, headers: { ...(await bearer(userId)), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: Json = {};
  try { json = JSON.parse(text); } catch { /* CSV */ }
  return { status: res.status, body: json, text };
}
const idem = () => ({ 'Idempotency-Key': crypto.randomUUID() });
const transfer = (userId: string, body: Json) => call(userId, 'POST', '/transfers', body, idem());
const quote = (userId: string, q: Record<string, string>) => call(userId, 'GET', `/transfers/quote?${new URLSearchParams(q)}`);
const moneyTables = ['transactions', 'ledger_entries', 'user_wallets', 'outgoing_usage', 'payment_requests', 'idempotency_keys'];

async function payer(fullName = 'Payer', funds: [string, string][] = [['USD', '10.00']]) {
  const u = await createUser({ fullName });
  for (const [symbol, amount] of funds) await deposit(u.id, symbol, amount);
  expect((await call(u.id, 'POST', '/pin', { action: 'set_pin', pin: '1234' })).status).toBe(200);
  return u;
}
const setHashtags = (userId: string, tags: string[]) =>
  getPool().query('UPDATE profiles SET default_payment_hashtags = $2 WHERE id = $1', [userId, tags]);

beforeAll(async () => {
  await getPool().query(`UPDATE transaction_limit_caps SET max_usd = 1000000000`);
});

describe('GET /transfers/quote refuses what POST /transfers would refuse (issue 12: known before the PIN dialog)', () => {
  it('scale, oneself, unknown recipient, amount + fee over the balance, zero, unknown asset: same status, code, message and field; nothing changes', async () => {
    const a = await payer('A', [['USD', '10.00'], ['BTC', '0.001']]);
    const b = await createUser();
    const cases: Record<string, string>[] = [
      { recipientEmail: b.email, assetSymbol: 'USD', amount: '1.23456' }, // finer than USD's 2 places
      { recipientEmail: b.email, assetSymbol: 'BTC', amount: '0.000000001' },
      { recipientEmail: a.email, assetSymbol: 'USD', amount: '1.00' }, // oneself
      { recipientEmail: 'nobody@example.test', assetSymbol: 'USD', amount: '1.00' },
      { recipientId: crypto.randomUUID(), assetSymbol: 'USD', amount: '1.00' },
      { recipientEmail: b.email, assetSymbol: 'USD', amount: '9.96' }, // 9.96 + fee 0.05 > 10.00: spec 'Insufficient Balance'
      { recipientEmail: b.email, assetSymbol: 'USD', amount: '0' },
      { recipientEmail: b.email, assetSymbol: 'XYZ', amount: '1' },
    ];
    const before = await tableCounts(moneyTables);
    for (const c of cases) {
      const q = await quote(a.id, c);
      const t = await transfer(a.id, { ...c, pin: '1234' });
      expect(q.status).toBeGreaterThanOrEqual(400);
      expect({ case: c, status: q.status, code: q.body.code, error: q.body.error, fields: q.body.details?.fields })
        .toEqual({ case: c, status: t.status, code: t.body.code, error: t.body.error, fields: t.body.details?.fields });
    }
    const short = await quote(a.id, cases[5]!);
    expect(short.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', error: 'You do not have enough USD.', details: { title: 'Insufficient Balance', needed: '10.01' } });
    expect((await quote(a.id, cases[0]!)).body.details.fields).toEqual({ amount: 'USD amounts allow at most 2 decimal places.' });
    const after = await tableCounts(moneyTables);
    expect(after.transactions).toBe(before.transactions);
    expect(after.ledger_entries).toBe(before.ledger_entries);
    // the quotes themselves cost no PIN attempt and claim no key
    expect((await getPool().query('SELECT pin_failed_attempts FROM profiles WHERE id = $1', [a.id])).rows[0].pin_failed_attempts).toBe(0);
  });

  it('a send the transfer would make: the fee, the total and who receives it, and the transfer then charges exactly that', async () => {
    const a = await payer('A');
    const b = await createUser({ fullName: 'Bea' });
    const q = await quote(a.id, { recipientEmail: b.email.toUpperCase(), assetSymbol: 'USD', amount: '9.95' });
    expect(q).toMatchObject({ status: 200, body: { asset_symbol: 'USD', amount: '9.95', fee: '0.05', total: '10.00', recipient: { id: b.id, full_name: 'Bea' } } });
    const t = await transfer(a.id, { recipientEmail: b.email, assetSymbol: 'USD', amount: '9.95', pin: '1234' });
    expect(t.body).toMatchObject({ fee: q.body.fee, total: q.body.total, sender_balance: '0.00' });
  });

  it('paying a request: the fee and total before the PIN (spec 001 FAQ), its refusals, and 404 for anyone but the payer', async () => {
    const requester = await createUser({ fullName: 'Rita' });
    const p = await payer('Paul', [['USD', '30.00']]);
    const other = await payer('Olga');
    const id = (await call(requester.id, 'POST', '/requests', { payerId: p.id, assetSymbol: 'USD', amount: '25.00' })).body.request.id;
    expect(await call(p.id, 'GET', `/requests/${id}/quote`)).toMatchObject({ status: 200, body: { amount: '25.00', fee: '0.13', total: '25.13', recipient: { id: requester.id, full_name: 'Rita' } } });
    expect((await call(other.id, 'GET', `/requests/${id}/quote`)).status).toBe(404);
    expect((await call(requester.id, 'GET', `/requests/${id}/quote`)).status).toBe(404);
    const big = (await call(requester.id, 'POST', '/requests', { payerId: p.id, assetSymbol: 'USD', amount: '29.90' })).body.request.id;
    const refused = await call(p.id, 'GET', `/requests/${big}/quote`);
    const paid = await call(p.id, 'POST', `/requests/${big}/pay`, { pin: '1234' }, idem());
    expect({ status: refused.status, code: refused.body.code, error: refused.body.error })
      .toEqual({ status: paid.status, code: 'INSUFFICIENT_FUNDS', error: 'You do not have enough USD.' });
    expect((await call(p.id, 'POST', `/requests/${id}/decline`)).status).toBe(200);
    expect(await call(p.id, 'GET', `/requests/${id}/quote`)).toMatchObject({ status: 409, body: { error: 'This payment request is already declined.' } });
  });
});

describe('default payment hashtags (spec 001 §5), one rule on the server for every send path', () => {
  it('rule: appended once each, not when the note has them (any case), within 500 characters, the note never cut', () => {
    expect(withDefaultHashtags('Rent', ['#home', '#monthly'])).toBe('Rent #home #monthly');
    expect(withDefaultHashtags('Rent #HOME', ['#home', '#monthly'])).toBe('Rent #HOME #monthly');
    expect(withDefaultHashtags(null, ['#home'])).toBe('#home');
    expect(withDefaultHashtags('Dinner', ['food', 'food', '#Food'])).toBe('Dinner #food');
    expect(withDefaultHashtags('  ', [])).toBeNull();
    expect(withDefaultHashtags('#homework', ['#home'])).toBe('#homework #home');
    const long = 'x'.repeat(495);
    expect(withDefaultHashtags(long, ['#toolong', '#ok'])).toBe(`${long} #ok`);
    expect(withDefaultHashtags('y'.repeat(500), ['#a'])).toBe('y'.repeat(500));
  });

  it('POST /transfers (/send-money and /pay) and paying a request both add the payer\'s hashtags to the note', async () => {
    const a = await payer('A', [['USD', '100.00']]);
    const b = await createUser();
    await setHashtags(a.id, ['#rent', '#family']);
    const byEmail = await transfer(a.id, { recipientEmail: b.email, assetSymbol: 'USD', amount: '1.00', description: 'June #Rent', pin: '1234' });
    expect(byEmail.body.transaction.description).toBe('June #Rent #family');
    const byId = await transfer(a.id, { recipientId: b.id, assetSymbol: 'USD', amount: '1.00', pin: '1234' });
    expect(byId.body.transaction.description).toBe('#rent #family');
    const id = (await call(b.id, 'POST', '/requests', { payerId: a.id, assetSymbol: 'USD', amount: '2.00', description: 'Tickets' })).body.request.id;
    const paid = await call(a.id, 'POST', `/requests/${id}/pay`, { pin: '1234' }, idem());
    expect(paid.status).toBe(201);
    expect(paid.body.transaction.description).toBe('Tickets #rent #family');
    const stored = await getPool().query('SELECT description FROM transactions WHERE id = ANY($1) ORDER BY created_at', [[byEmail.body.transaction.id, byId.body.transaction.id, paid.body.transaction.id]]);
    expect(stored.rows.map((r) => r.description)).toEqual(['June #Rent #family', '#rent #family', 'Tickets #rent #family']);
  });
});

describe('the receiver paid no fee (issue 12): history, CSV and dashboard show each party the fee it paid', () => {
  it('sender sees the fee, receiver sees 0; books balance', async () => {
    const a = await createUser({ fullName: 'Ann' });
    const b = await createUser({ fullName: 'Ben' });
    await deposit(a.id, 'USD', '100.00');
    const t = await send(a.id, b.id, 'USD', '10.00');
    const mine = (await call(a.id, 'GET', '/transactions')).body.transactions.find((x: Json) => x.id === t.transactionId);
    const theirs = (await call(b.id, 'GET', '/transactions')).body.transactions.find((x: Json) => x.id === t.transactionId);
    expect(mine).toMatchObject({ amount: '10.00', fee: '0.05' });
    expect(theirs).toMatchObject({ amount: '10.00', fee: '0.00' });
    expect((await call(b.id, 'GET', '/dashboard')).body.recent_transactions[0]).toMatchObject({ id: t.transactionId, fee: '0.00' });
    expect((await call(b.id, 'GET', '/transactions.csv')).text).toContain(',USD,+10.00,0.00,completed,');
    expect((await call(a.id, 'GET', '/transactions.csv')).text).toContain(',USD,-10.00,0.05,completed,');
    expect((await checkBooks()).ok).toBe(true);
  });
});

describe('GET /transactions filters: type, asset, UTC date range (issue 12), also for the CSV statement', () => {
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
    await getPool().query(`UPDATE transactions SET created_at = '2025-03-15T23:30:00Z' WHERE id = $1`, [old.transactionId]);

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
      ['from=2026-02-30', 'from', 'Use a date as YYYY-MM-DD.'],
      ['to=yesterday', 'to', 'Use a date as YYYY-MM-DD.'],
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
