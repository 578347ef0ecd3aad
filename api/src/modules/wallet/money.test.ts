import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '../../platform/db/pool.js';
import { checkBooks, sendQueue } from '../../platform/ledger/index.js';
import { bearer, createTestApp, createUser, deposit, send, tableCounts } from '../../../test/helpers.js';

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
  return { status: res.status, body: json, text, headers: res.headers };
}
const key = () => crypto.randomUUID();
const transfer = (userId: string, body: Json, idemKey: string | null = key()) =>
  call(userId, 'POST', '/transfers', body, idemKey === null ? {} : { 'Idempotency-Key': idemKey });
const setPin = (userId: string, pin = '1234') => call(userId, 'POST', '/pin', { action: 'set_pin', pin });
const balanceOf = async (userId: string, symbol: string) => (await getPool().query(
  `SELECT w.balance::text FROM user_wallets w JOIN assets a ON a.id = w.asset_id WHERE w.user_id = $1 AND a.symbol = $2`, [userId, symbol])).rows[0]?.balance as string | undefined;
const moneyTables = ['transactions', 'ledger_entries', 'user_wallets', 'outgoing_usage', 'payment_requests'];

/** A user with a PIN (1234) and money. */
async function payer(fullName = 'Payer', funds: [string, string][] = [['USD', '1000.00']]) {
  const u = await createUser({ fullName });
  for (const [symbol, amount] of funds) await deposit(u.id, symbol, amount);
  expect((await setPin(u.id)).status).toBe(200);
  return u;
}

beforeAll(async () => {
  // The platform caps (issue 5 migration) apply when a profile has no limit of its own; the tests
  // below that are not about limits move more than the caps allow in a day.
  await getPool().query(`UPDATE transaction_limit_caps SET max_usd = 1000000000`);
});

describe('POST /api/wallet/pin (spec manage-pin: set_pin, change_pin, verify_pin)', () => {
  it('sets a 4-digit PIN once, verifies it, refuses a second set_pin, and changes it with the current PIN', async () => {
    const u = await createUser();
    expect((await call(u.id, 'GET', '/payment-settings')).body).toMatchObject({ pin_set: false });
    expect(await setPin(u.id, '4321')).toMatchObject({ status: 200, body: { message: 'Transaction PIN set.' } });
    expect((await call(u.id, 'GET', '/payment-settings')).body).toMatchObject({ pin_set: true, pin_locked_until: null });
    expect(await call(u.id, 'POST', '/pin', { action: 'verify_pin', pin: '4321' })).toMatchObject({ status: 200, body: { verified: true } });
    expect((await setPin(u.id, '1111')).status).toBe(409);
    expect((await call(u.id, 'POST', '/pin', { action: 'change_pin', current_pin: '4321', pin: '2468' })).status).toBe(200);
    expect((await call(u.id, 'POST', '/pin', { action: 'verify_pin', pin: '2468' })).status).toBe(200);
    expect((await call(u.id, 'POST', '/pin', { action: 'verify_pin', pin: '4321' })).body).toMatchObject({ code: 'PIN_INCORRECT', error: 'The PIN you entered is incorrect.' });
    // stored as a keyed, salted hash: never the digits
    const stored = (await getPool().query('SELECT transaction_pin_hash FROM profiles WHERE id = $1', [u.id])).rows[0].transaction_pin_hash as string;
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
    for (let i = 0; i < 4; i++) expect((await call(u.id, 'POST', '/pin', { action: 'verify_pin', pin: '0000' })).body.details.attempts_left).toBe(4 - i);
    expect((await call(u.id, 'POST', '/pin', { action: 'verify_pin', pin: '1234' })).status).toBe(200); // resets
    for (let i = 0; i < 4; i++) expect((await call(u.id, 'POST', '/pin', { action: 'verify_pin', pin: '0000' })).status).toBe(403);
    const fifth = await transfer(u.id, { recipientEmail: bob.email, assetSymbol: 'USD', amount: '1.00', pin: '9999' }); // wrong PIN on a transfer counts too
    expect(fifth.status).toBe(423);
    expect(fifth.body.code).toBe('PIN_LOCKED');
    // locked: even the right PIN is refused, for verify, change and transfer
    const verify = await call(u.id, 'POST', '/pin', { action: 'verify_pin', pin: '1234' });
    expect(verify.status).toBe(423);
    expect(Number(verify.headers.get('retry-after'))).toBeGreaterThan(890);
    expect((await call(u.id, 'POST', '/pin', { action: 'change_pin', current_pin: '1234', pin: '5555' })).status).toBe(423);
    const before = await balanceOf(u.id, 'USD');
    expect((await transfer(u.id, { recipientEmail: bob.email, assetSymbol: 'USD', amount: '1.00', pin: '1234' })).body.code).toBe('PIN_LOCKED');
    expect(await balanceOf(u.id, 'USD')).toBe(before);
    expect((await call(u.id, 'GET', '/payment-settings')).body.pin_locked_until).not.toBeNull();
    // 15 minutes later (moved back in the database) the right PIN works again
    await getPool().query(`UPDATE profiles SET pin_locked_until = now() - interval '1 second' WHERE id = $1`, [u.id]);
    expect((await transfer(u.id, { recipientEmail: bob.email, assetSymbol: 'USD', amount: '1.00', pin: '1234' })).status).toBe(201);
  });
});

describe('POST /api/wallet/transfers (perform-p2p-transfer)', () => {
  it('sends by e-mail: 201 with the transaction and the fee; the receiver sees the money at once; both histories show it', async () => {
    const alice = await payer('Alice');
    const bob = await createUser({ fullName: 'Bob' });
    const quote = await call(alice.id, 'GET', '/transfers/quote?amount=100.00&assetSymbol=USD');
    expect(quote.body).toEqual({ asset_symbol: 'USD', amount: '100.00', fee: '0.50', total: '100.50', recipient: null });
    const r = await transfer(alice.id, { recipientEmail: bob.email.toUpperCase(), assetSymbol: 'USD', amount: '100.00', description: 'Rent #home', pin: '1234' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      fee: '0.50', total: '100.50', sender_balance: '899.50',
      transaction: { amount: '100.00', fee: '0.50', status: 'completed', transaction_type: 'p2p_transfer', description: 'Rent #home',
        asset: { symbol: 'USD' }, sender: { id: alice.id, full_name: 'Alice' }, receiver: { id: bob.id, full_name: 'Bob' } },
    });
    expect(await balanceOf(bob.id, 'USD')).toBe('100.000000000000000000');
    const bobHistory = await call(bob.id, 'GET', '/transactions');
    expect(bobHistory.body.transactions[0]).toMatchObject({ id: r.body.transaction.id, amount: '100.00' });
    const dash = await call(bob.id, 'GET', '/dashboard');
    expect(dash.body.recent_transactions[0].id).toBe(r.body.transaction.id);
    expect((await checkBooks()).ok).toBe(true);
  });

  it('sends by recipient id (the keypad screen)', async () => {
    const a = await payer();
    const b = await createUser();
    const r = await transfer(a.id, { recipientId: b.id, assetSymbol: 'USD', amount: '5', pin: '1234' });
    expect(r.status).toBe(201);
    expect(r.body.transaction.amount).toBe('5.00');
  });

  it('refuses every bad transfer with { error, code, details } and changes no money', async () => {
    const a = await payer('A', [['USD', '10.00'], ['BTC', '0.001']]);
    const b = await createUser();
    const noPin = await createUser();
    await deposit(noPin.id, 'USD', '10.00');
    const before = await tableCounts(moneyTables);
    const cases: [Json, string, number, string, RegExp | string][] = [
      [{ recipientEmail: 'nobody@example.test', assetSymbol: 'USD', amount: '1.00', pin: '1234' }, a.id, 404, 'NOT_FOUND', 'Recipient not found.'],
      [{ recipientEmail: a.email, assetSymbol: 'USD', amount: '1.00', pin: '1234' }, a.id, 400, 'VALIDATION', 'You cannot send money to yourself.'],
      [{ recipientEmail: b.email, assetSymbol: 'USD', amount: '9.96', pin: '1234' }, a.id, 409, 'INSUFFICIENT_FUNDS', 'You do not have enough USD.'], // 9.96 + 0.05 > 10
      [{ recipientEmail: b.email, assetSymbol: 'USD', amount: '0', pin: '1234' }, a.id, 400, 'VALIDATION', 'Amount must be greater than zero.'],
      [{ recipientEmail: b.email, assetSymbol: 'USD', amount: '-5.00', pin: '1234' }, a.id, 400, 'VALIDATION', 'Amount must be greater than zero.'],
      [{ recipientEmail: b.email, assetSymbol: 'USD', amount: '1.001', pin: '1234' }, a.id, 400, 'VALIDATION', 'USD amounts allow at most 2 decimal places.'],
      [{ recipientEmail: b.email, assetSymbol: 'BTC', amount: '0.000000001', pin: '1234' }, a.id, 400, 'VALIDATION', 'BTC amounts allow at most 8 decimal places.'],
      [{ recipientEmail: b.email, assetSymbol: 'XYZ', amount: '1', pin: '1234' }, a.id, 400, 'VALIDATION', 'Unknown asset.'],
      [{ recipientEmail: b.email, assetSymbol: 'USD', amount: '1e3', pin: '1234' }, a.id, 400, 'VALIDATION', /Invalid request|Amount must be a number/],
      [{ recipientEmail: b.email, assetSymbol: 'USD', amount: 5, pin: '1234' }, a.id, 400, 'VALIDATION', /./],
      [{ recipientEmail: b.email, assetSymbol: 'USD', amount: '1.00', pin: '0000' }, a.id, 403, 'PIN_INCORRECT', 'The PIN you entered is incorrect.'],
      [{ recipientEmail: b.email, assetSymbol: 'USD', amount: '1.00', pin: '123' }, a.id, 400, 'VALIDATION', /./],
      [{ recipientEmail: b.email, assetSymbol: 'USD', amount: '1.00', pin: '1234' }, noPin.id, 403, 'PIN_NOT_SET', 'Please set up a transaction PIN in your profile first.'],
      [{ assetSymbol: 'USD', amount: '1.00', pin: '1234' }, a.id, 400, 'VALIDATION', /./],
    ];
    for (const [body, from, status, code, message] of cases) {
      const r = await transfer(from, body);
      expect({ body, status: r.status, code: r.body.code }).toEqual({ body, status, code });
      if (typeof message === 'string') expect(r.body.error).toBe(message);
      else expect(r.body.error).toMatch(message);
    }
    // without the header
    const noKey = await transfer(a.id, { recipientEmail: b.email, assetSymbol: 'USD', amount: '1.00', pin: '1234' }, null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.details.fields['Idempotency-Key']).toBeDefined();
    expect((await app.request('/api/wallet/transfers', { method: 'POST' })).status).toBe(401);
    expect(await tableCounts(moneyTables)).toEqual(before);
    expect(await balanceOf(a.id, 'USD')).toBe('10.000000000000000000');
  });

  it('insufficient balance counts amount + fee: exactly the balance passes, one cent more fails', async () => {
    const a = await payer('A', [['USD', '10.05']]);
    const b = await createUser();
    expect((await transfer(a.id, { recipientId: b.id, assetSymbol: 'USD', amount: '10.01', pin: '1234' })).body.code).toBe('INSUFFICIENT_FUNDS'); // 10.01 + 0.06
    const ok = await transfer(a.id, { recipientId: b.id, assetSymbol: 'USD', amount: '10.00', pin: '1234' }); // 10.00 + 0.05 = 10.05
    expect(ok.status).toBe(201);
    expect(await balanceOf(a.id, 'USD')).toBe('0.000000000000000000');
  });
});

describe('Idempotency-Key on money-moving requests', () => {
  it('a retry with the same key and body returns the first answer and posts once; another body is refused with 422', async () => {
    const a = await payer();
    const b = await createUser();
    const k = key();
    const body = { recipientEmail: b.email, assetSymbol: 'USD', amount: '10.00', description: 'once', pin: '1234' };
    const first = await transfer(a.id, body, k);
    const again = await transfer(a.id, { ...body }, k);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await balanceOf(b.id, 'USD')).toBe('10.000000000000000000');
    const other = await transfer(a.id, { ...body, amount: '11.00' }, k);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await balanceOf(b.id, 'USD')).toBe('10.000000000000000000');
    // the same key belongs to its user: another user's request with it is independent
    const c = await payer();
    expect((await transfer(c.id, body, k)).status).toBe(201);
  });

  it('an error answer is replayed too (a wrong PIN is counted once)', async () => {
    const a = await payer();
    const b = await createUser();
    const k = key();
    const body = { recipientEmail: b.email, assetSymbol: 'USD', amount: '1.00', pin: '0000' };
    const first = await transfer(a.id, body, k);
    const again = await transfer(a.id, body, k);
    expect(first.status).toBe(403);
    expect(again.status).toBe(403);
    expect(again.body).toEqual(first.body);
    expect((await getPool().query('SELECT pin_failed_attempts FROM profiles WHERE id = $1', [a.id])).rows[0].pin_failed_attempts).toBe(1);
  });

  it('the PIN is not part of the fingerprint: a retry after a wrong PIN needs a new key (and never leaks the PIN into the key table)', async () => {
    const a = await payer();
    const b = await createUser();
    const k = key();
    await transfer(a.id, { recipientEmail: b.email, assetSymbol: 'USD', amount: '1.00', pin: '0000' }, k);
    const sameKey = await transfer(a.id, { recipientEmail: b.email, assetSymbol: 'USD', amount: '1.00', pin: '1234' }, k);
    expect(sameKey.body.code).toBe('PIN_INCORRECT'); // first answer
    expect((await transfer(a.id, { recipientEmail: b.email, assetSymbol: 'USD', amount: '1.00', pin: '1234' })).status).toBe(201);
  });

  it('20 concurrent duplicates post once and all get the same transaction', async () => {
    const a = await payer();
    const b = await createUser();
    const k = key();
    const body = { recipientId: b.id, assetSymbol: 'USD', amount: '3.00', pin: '1234' };
    const results = await Promise.all(Array.from({ length: 20 }, () => transfer(a.id, body, k)));
    const ids = new Set(results.filter((r) => r.status === 201).map((r) => r.body.transaction.id));
    for (const r of results) expect([201, 409]).toContain(r.status);
    expect(ids.size).toBe(1);
    expect(await balanceOf(b.id, 'USD')).toBe('3.000000000000000000');
    expect((await getPool().query('SELECT count(*)::int AS n FROM transactions WHERE receiver_id = $1', [b.id])).rows[0].n).toBe(1);
  });
});

describe('daily, weekly and monthly limits in US dollars (spec 000 §3 profile limits)', () => {
  it('daily: exactly at the limit passes, one cent over fails; other assets are valued at their reference price', async () => {
    const a = await payer('A', [['USD', '1000.00'], ['EUR', '1000.00']]);
    const b = await createUser();
    await getPool().query('UPDATE profiles SET daily_transaction_limit = 208 WHERE id = $1', [a.id]);
    expect((await transfer(a.id, { recipientId: b.id, assetSymbol: 'USD', amount: '60.00', pin: '1234' })).status).toBe(201);
    expect((await transfer(a.id, { recipientId: b.id, assetSymbol: 'USD', amount: '40.00', pin: '1234' })).status).toBe(201); // 100
    const over = await transfer(a.id, { recipientId: b.id, assetSymbol: 'EUR', amount: '100.01', pin: '1234' }); // 108.0108 USD > 108 left
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'LIMIT_EXCEEDED', details: { period: 'daily', limit_usd: '208.00', used_usd: '100.00', remaining_usd: '108.00' } });
    expect(over.body.error).toBe('This transfer would exceed your daily transaction limit of $208.00. You can still send $108.00 today.');
    expect((await transfer(a.id, { recipientId: b.id, assetSymbol: 'EUR', amount: '100.00', pin: '1234' })).status).toBe(201); // exactly 108.00 USD
    expect((await transfer(a.id, { recipientId: b.id, assetSymbol: 'USD', amount: '0.01', pin: '1234' })).body.code).toBe('LIMIT_EXCEEDED');
  });

  it('weekly and monthly windows count the days before today', async () => {
    const a = await payer('A', [['USD', '5000.00']]);
    const b = await createUser();
    await getPool().query(`UPDATE profiles SET weekly_transaction_limit = 500, monthly_transaction_limit = 900 WHERE id = $1`, [a.id]);
    // earlier outgoing money: 6 days ago counts for the week; 20 days ago only for the month; 30 days ago for neither
    await getPool().query(`INSERT INTO outgoing_usage (user_id, day, usd) VALUES
      ($1, (now() AT TIME ZONE 'UTC')::date - 6, 300), ($1, (now() AT TIME ZONE 'UTC')::date - 20, 350), ($1, (now() AT TIME ZONE 'UTC')::date - 30, 1000)`, [a.id]);
    expect((await transfer(a.id, { recipientId: b.id, assetSymbol: 'USD', amount: '200.01', pin: '1234' })).body.details?.period).toBe('weekly');
    expect((await transfer(a.id, { recipientId: b.id, assetSymbol: 'USD', amount: '200.00', pin: '1234' })).status).toBe(201); // week = 500
    await getPool().query(`UPDATE profiles SET weekly_transaction_limit = NULL WHERE id = $1`, [a.id]);
    const month = await transfer(a.id, { recipientId: b.id, assetSymbol: 'USD', amount: '50.01', pin: '1234' }); // 300+350+200 = 850
    expect(month.body.details?.period).toBe('monthly');
    expect((await transfer(a.id, { recipientId: b.id, assetSymbol: 'USD', amount: '50.00', pin: '1234' })).status).toBe(201); // month = 900
  });

  it('without a limit of its own the platform cap applies', async () => {
    const a = await payer('A', [['USD', '500.00']]);
    const b = await createUser();
    const client = await getPool().connect();
    try {
      await client.query(`UPDATE transaction_limit_caps SET max_usd = 100 WHERE period = 'daily'`);
      expect((await transfer(a.id, { recipientId: b.id, assetSymbol: 'USD', amount: '100.01', pin: '1234' })).body.details?.limit_usd).toBe('100.00');
      expect((await transfer(a.id, { recipientId: b.id, assetSymbol: 'USD', amount: '100.00', pin: '1234' })).status).toBe(201);
    } finally {
      await client.query(`UPDATE transaction_limit_caps SET max_usd = 1000000000`);
      client.release();
    }
  });

  it('concurrent transfers cannot together pass a limit (decided under the sender lock)', async () => {
    const a = await payer('A', [['USD', '5000.00']]);
    const b = await createUser();
    await getPool().query('UPDATE profiles SET daily_transaction_limit = 100 WHERE id = $1', [a.id]);
    const results = await Promise.all(Array.from({ length: 30 }, () => transfer(a.id, { recipientId: b.id, assetSymbol: 'USD', amount: '10.00', pin: '1234' })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'LIMIT_EXCEEDED')).toBe(true);
    expect(await balanceOf(b.id, 'USD')).toBe('100.000000000000000000');
  });
});

describe('GET /api/wallet/transactions, transactions.csv (spec 000 §2 Transaction History)', () => {
  it('10 per page, newest first, exact total, has_next; only the caller\'s rows', async () => {
    const a = await createUser({ fullName: 'Ann' });
    const b = await createUser({ fullName: 'Ben' });
    const c = await createUser({ fullName: 'Cid' });
    await deposit(a.id, 'USD', '1000.00');
    await deposit(b.id, 'USD', '1000.00');
    const mine: string[] = [];
    for (let i = 1; i <= 12; i++) mine.push((await send(i % 3 ? a.id : b.id, i % 3 ? b.id : a.id, 'USD', `${i}.00`)).transactionId);
    const others = await send(b.id, c.id, 'USD', '7.77');
    const p1 = await call(a.id, 'GET', '/transactions');
    expect(p1.body).toMatchObject({ total: 13, page: 1, page_size: 10, has_next: true }); // 12 transfers + the deposit
    expect(p1.body.transactions.map((t: Json) => t.amount)).toEqual(['12.00', '11.00', '10.00', '9.00', '8.00', '7.00', '6.00', '5.00', '4.00', '3.00']);
    const p2 = await call(a.id, 'GET', '/transactions?page=2');
    expect(p2.body).toMatchObject({ total: 13, page: 2, has_next: false });
    expect(p2.body.transactions.map((t: Json) => t.amount)).toEqual(['2.00', '1.00', '1000.00']);
    expect(p2.body.transactions[2]).toMatchObject({ transaction_type: 'deposit', sender: null, receiver: { id: a.id, full_name: 'Ann' } });
    const all = [...p1.body.transactions, ...p2.body.transactions].map((t: Json) => t.id);
    expect(all).not.toContain(others.transactionId);
    for (const id of mine) expect(all).toContain(id);
    expect((await call(a.id, 'GET', '/transactions?page=3')).body).toMatchObject({ transactions: [], total: 13, has_next: false });
    expect((await call(a.id, 'GET', '/transactions?page=0')).status).toBe(400);
    expect((await call(c.id, 'GET', '/transactions')).body.transactions.map((t: Json) => t.id)).toEqual([others.transactionId]);
  });

  it('CSV statement: header and every row of the caller, signed amounts, no one else\'s rows', async () => {
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
    expect(lines[0]).toBe('Date (UTC),Type,Direction,Counterparty,Description,Asset,Amount,Fee,Status,Transaction ID');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(",p2p_transfer,Received,'=cmd,Test transfer,USD,+2.50,0.00,completed,"); // the sender paid the fee
    expect(lines[2]).toContain(`,p2p_transfer,Sent,'=cmd,"Lunch, with ""quotes""",USD,-10.00,0.05,completed,`);
    expect(lines[3]).toContain(',deposit,Received,Deposit,Test deposit,USD,+100.00,0.00,completed,');
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
    const ids = r.text.trim().split('\r\n').slice(1).map((l) => l.split(',').pop());
    expect(ids).toHaveLength(2100);
    expect(new Set(ids).size).toBe(2100);
    expect((await call(b.id, 'GET', '/transactions')).body.total).toBe(2100);
  });
});

describe('assets, user search', () => {
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
    expect(mine.body.wallets.map((w: Json) => [w.asset.symbol, w.balance])).toEqual([['BTC', '0.50000000'], ['EUR', '0.99'], ['USD', '5.00']]);
  });

  it('GET /users/search: name, username or e-mail, case-insensitive, never oneself, at most 10, wildcards are literal', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const me = await createUser({ fullName: `Zed ${tag}`, username: `zed_${tag}` });
    const named = await createUser({ fullName: `Quinn ${tag}` });
    const byUsername = await createUser({ fullName: 'Other', username: `qq_${tag}` });
    const byEmail = await createUser({ fullName: 'Mail', email: `found.${tag}@example.test` });
    for (let i = 0; i < 12; i++) await createUser({ fullName: `Many ${tag} ${i}` });
    const s = async (q: string) => (await call(me.id, 'GET', `/users/search?q=${encodeURIComponent(q)}`)).body.users as Json[];
    expect((await s(`QUINN ${tag}`)).map((u) => u.id)).toEqual([named.id]);
    expect((await s(`QQ_${tag}`)).map((u) => u.id)).toEqual([byUsername.id]);
    expect((await s(`FOUND.${tag}`)).map((u) => u.id)).toEqual([byEmail.id]);
    expect(await s(`Zed ${tag}`)).toEqual([]);
    expect(await s(`Many ${tag}`)).toHaveLength(10);
    expect(await s('%')).toEqual([]); // a literal percent sign: nobody's name has one
    expect((await s(`quinn ${tag}`))[0]).toEqual({ id: named.id, full_name: `Quinn ${tag}`, username: expect.any(String), avatar_url: null });
    expect((await call(me.id, 'GET', '/users/search?q=')).status).toBe(400);
  });

  it('GET /users/search with a text hundreds of users match (the ordered walk): the first 10 by name, never oneself nor a closed account', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const me = await createUser({ fullName: `Aaa ${tag}` }); // would sort first
    const closed = await createUser({ fullName: `Aab ${tag}` });
    await getPool().query('UPDATE users SET disabled_at = now() WHERE id = $1', [closed.id]);
    await getPool().query(
      `WITH nu AS (INSERT INTO users (email, email_confirmed_at) SELECT 'walk' || g || '.' || $1 || '@bulk.test', now() FROM generate_series(1, 700) g RETURNING id, email)
       INSERT INTO profiles (id, full_name) SELECT id, 'Walker ' || $1 || ' ' || lpad(substring(email FROM 'walk(\\d+)\\.'), 3, '0') FROM nu`, [tag]);
    const found = (await call(me.id, 'GET', `/users/search?q=${encodeURIComponent(tag)}`)).body.users as Json[];
    expect(found.map((u) => u.full_name)).toEqual(Array.from({ length: 10 }, (_, i) => `Walker ${tag} ${String(i + 1).padStart(3, '0')}`));
  });
});

describe('payment requests (spec 001 Request money; beyond the spec: pay and decline)', () => {
  it('request -> the payer sees it -> pays with PIN through the transfer path -> the requester sees it paid', async () => {
    const requester = await createUser({ fullName: 'Rita' });
    const payerUser = await payer('Paul');
    const created = await call(requester.id, 'POST', '/requests', { payerId: payerUser.id, assetSymbol: 'USD', amount: '25.00', description: 'Tickets #fun' });
    expect(created.status).toBe(201);
    expect(created.body.request).toMatchObject({ status: 'pending', amount: '25.00', requester: { id: requester.id }, payer: { id: payerUser.id } });
    const id = created.body.request.id;
    expect((await call(payerUser.id, 'GET', '/requests')).body.incoming.map((r: Json) => r.id)).toEqual([id]);
    expect((await call(requester.id, 'GET', '/requests')).body.outgoing.map((r: Json) => r.id)).toEqual([id]);

    // only the payer can pay or decline it; for anyone else it does not exist
    expect((await call(requester.id, 'POST', `/requests/${id}/pay`, { pin: '1234' }, { 'Idempotency-Key': key() })).status).toBe(404);
    expect((await call(requester.id, 'POST', `/requests/${id}/decline`)).status).toBe(404);
    expect((await call(payerUser.id, 'POST', `/requests/${id}/pay`, { pin: '0000' }, { 'Idempotency-Key': key() })).body.code).toBe('PIN_INCORRECT');

    const k = key();
    const paid = await call(payerUser.id, 'POST', `/requests/${id}/pay`, { pin: '1234' }, { 'Idempotency-Key': k });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ fee: '0.13', payment_request_id: id, transaction: { amount: '25.00', description: 'Tickets #fun', receiver: { id: requester.id } } });
    expect(await balanceOf(requester.id, 'USD')).toBe('25.000000000000000000');
    expect((await call(payerUser.id, 'POST', `/requests/${id}/pay`, { pin: '1234' }, { 'Idempotency-Key': k })).body).toEqual(paid.body);
    const twice = await call(payerUser.id, 'POST', `/requests/${id}/pay`, { pin: '1234' }, { 'Idempotency-Key': key() });
    expect(twice).toMatchObject({ status: 409, body: { code: 'CONFLICT', error: 'This payment request is already paid.' } });
    expect(await balanceOf(requester.id, 'USD')).toBe('25.000000000000000000');
    expect((await call(requester.id, 'GET', '/requests')).body.outgoing[0]).toMatchObject({ status: 'paid', transaction_id: paid.body.transaction.id });
  });

  it('decline and cancel: pending only; the requester sees the status', async () => {
    const r = await createUser();
    const p = await createUser();
    const a = (await call(r.id, 'POST', '/requests', { payerEmail: p.email, assetSymbol: 'EUR', amount: '3', description: null })).body.request;
    const b = (await call(r.id, 'POST', '/requests', { payerId: p.id, assetSymbol: 'BTC', amount: '0.001' })).body.request;
    expect((await call(p.id, 'POST', `/requests/${a.id}/decline`)).body.request.status).toBe('declined');
    expect((await call(p.id, 'POST', `/requests/${a.id}/decline`)).status).toBe(409);
    expect((await call(p.id, 'POST', `/requests/${b.id}/cancel`)).status).toBe(404);
    expect((await call(r.id, 'POST', `/requests/${b.id}/cancel`)).body.request.status).toBe('cancelled');
    expect((await call(r.id, 'GET', '/requests')).body.outgoing.map((x: Json) => x.status).sort()).toEqual(['cancelled', 'declined']);
  });

  it('refuses requests from oneself, to nobody, of nothing', async () => {
    const r = await createUser();
    expect((await call(r.id, 'POST', '/requests', { payerId: r.id, assetSymbol: 'USD', amount: '1' })).status).toBe(400);
    expect((await call(r.id, 'POST', '/requests', { payerEmail: 'nobody@example.test', assetSymbol: 'USD', amount: '1' })).status).toBe(404);
    const p = await createUser();
    expect((await call(r.id, 'POST', '/requests', { payerId: p.id, assetSymbol: 'USD', amount: '0' })).body.error).toBe('Amount must be greater than zero.');
    expect((await call(r.id, 'POST', '/requests', { payerId: p.id, assetSymbol: 'USD', amount: '0.001' })).status).toBe(400);
  });
});

/**
 * N transfers among `wallets` users in opposite directions, 10% retried with the same key, 64 in
 * flight: then no overdraft, books balance, totals conserved except fees, nothing applied twice.
 * Returns the send queue's counts for the run (batches formed, batches that had to be redone alone).
 */
async function race(wallets: number, N: number) {
  const users = await Promise.all(Array.from({ length: wallets }, () => payer('Concurrent', [['USD', '2000.00'], ['BTC', '0.1']])));
  const tokens = await Promise.all(users.map((u) => bearer(u.id)));
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const jobs = Array.from({ length: N }, (_, i) => {
    const a = i % wallets, b = (i + 1 + (i % 4)) % wallets;
    const [from, to] = i % 2 ? [a, b] : [b, a];
    const btc = i % 6 === 0;
    const amount = btc ? ((1 + Math.floor(rand() * 200000)) / 1e8).toFixed(8) : ((1 + Math.floor(rand() * 5000)) / 100).toFixed(2);
    return { from, to, key: key(), body: { recipientId: users[to]!.id, assetSymbol: btc ? 'BTC' : 'USD', amount, pin: '1234' } };
  });
  const retries = jobs.filter((_, i) => i % 10 === 0);
  const fire = async (j: (typeof jobs)[number]) => {
    const r = await app.request('/api/wallet/transfers', {
      method: 'POST', body: JSON.stringify(j.body),
      headers: { ...tokens[j.from]!, 'content-type': 'application/json', 'Idempotency-Key': j.key },
    });
    return { key: j.key, status: r.status, body: (await r.json()) as Json };
  };

  const stats0 = { ...sendQueue.stats };
  const started = performance.now();
  // 64 in flight at a time, retries interleaved (some race their original, some come after it)
  const queue = [...jobs, ...retries].sort(() => rand() - 0.5);
  const results: Awaited<ReturnType<typeof fire>>[] = [];
  await Promise.all(Array.from({ length: 64 }, async () => {
    for (let j = queue.pop(); j; j = queue.pop()) results.push(await fire(j));
  }));
  const seconds = (performance.now() - started) / 1000;
  const stats = Object.fromEntries(Object.entries(sendQueue.stats).map(([k, v]) => [k, v - stats0[k as keyof typeof stats0]])) as typeof stats0;
  console.log(`money: ${results.length} HTTP transfer requests among ${wallets} wallets in ${seconds.toFixed(2)} s = ${Math.round(results.length / seconds)}/s; ${stats.batchedSends} of them in ${stats.batches} batches, ${stats.plainSends} plain`);

  for (const r of results) expect([201, 409]).toContain(r.status);
  for (const r of results.filter((x) => x.status === 409)) expect(['INSUFFICIENT_FUNDS', 'CONFLICT']).toContain(r.body.code);
  // every key -> at most one transaction; all answers for one key agree
  const byKey = new Map<string, Set<string>>();
  for (const r of results.filter((x) => x.status === 201)) (byKey.get(r.key) ?? byKey.set(r.key, new Set()).get(r.key)!).add(r.body.transaction.id);
  for (const ids of byKey.values()) expect(ids.size).toBe(1);
  const posted = new Set([...byKey.values()].flatMap((s) => [...s]));
  const { rows } = await getPool().query(`SELECT count(*)::int AS n FROM transactions WHERE transaction_type = 'p2p_transfer' AND sender_id = ANY($1)`, [users.map((u) => u.id)]);
  expect(rows[0].n).toBe(posted.size);
  expect(posted.size).toBeGreaterThan(N * 0.8);

  const books = await checkBooks();
  expect(books.problems).toEqual([]);
  const sum = async (symbol: string) => (await getPool().query(
    `SELECT sum(w.balance)::text AS s, count(*) FILTER (WHERE w.balance < 0)::int AS neg FROM user_wallets w JOIN assets a ON a.id = w.asset_id
      WHERE a.symbol = $1 AND w.user_id = ANY($2)`, [symbol, users.map((u) => u.id)])).rows[0];
  const fees = async (symbol: string) => (await getPool().query(
    `SELECT coalesce(sum(t.fee), 0)::text AS f FROM transactions t JOIN assets a ON a.id = t.asset_id WHERE a.symbol = $1 AND t.sender_id = ANY($2)`,
    [symbol, users.map((u) => u.id)])).rows[0].f;
  const usd = await sum('USD');
  const btc = await sum('BTC');
  expect(usd.neg + btc.neg).toBe(0);
  const exact = async (a: string, b: string, c: string) => (await getPool().query('SELECT $1::numeric + $2::numeric = $3::numeric AS ok', [a, b, c])).rows[0].ok;
  expect(await exact(usd.s, await fees('USD'), String(2000 * wallets))).toBe(true);
  expect(await exact(btc.s, await fees('BTC'), String(0.1 * wallets))).toBe(true);
  return stats;
}

describe('concurrency through the HTTP API (issue 4 "Must show")', () => {
  it('2,400 transfers among 5 wallets, opposite directions, 10% retried with the same key: no overdraft, books balance, totals conserved except fees, nothing applied twice', async () => {
    const stats = await race(5, 2400);
    expect(stats.batches).toBeGreaterThan(0); // many sends of one sender per batch: made one by one inside it
    expect(stats.fallbacks).toBe(0); // batches never deadlock with each other or with single sends
  });

  it('the same among 100 wallets: many senders per batch, so many sends are plain (made all at once)', async () => {
    const stats = await race(100, 2000);
    expect(stats.plainSends).toBeGreaterThan(500); // ~900 here: a sender often has 2 sends in one batch of ~30
    expect(stats.fallbacks).toBe(0);
  });
});

describe('hostile text never reaches PostgreSQL as a 5xx', () => {
  it('NUL and lone surrogates in search, description and e-mail are refused with 400', async () => {
    const a = await payer();
    const b = await createUser();
    expect((await call(a.id, 'GET', `/users/search?q=${encodeURIComponent('a\u0000b')}`)).status).toBe(400);
    expect((await transfer(a.id, { recipientId: b.id, assetSymbol: 'USD', amount: '1.00', description: 'x\u0000', pin: '1234' })).status).toBe(400);
    expect((await transfer(a.id, { recipientEmail: 'a\u0000@example.test', assetSymbol: 'USD', amount: '1.00', pin: '1234' })).status).toBe(400);
    expect((await call(a.id, 'POST', '/requests', { payerId: b.id, assetSymbol: 'USD', amount: '1', description: '\uDC00' })).status).toBe(400);
  });
});
