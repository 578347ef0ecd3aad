import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '../db/pool.js';
import { setPin } from '../pin/index.js';
import { checkBooks } from './index.js';
import { sendAlone, SendQueue, sendTogether, type SendAnswer, type SendRequest } from './send.js';
import { stepUpTerms } from '../second-factor/step-up.js';
import { createUser, deposit } from '../../../test/helpers.js';
import { minus } from '../../../test/decimal.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const balanceOf = async (userId: string, symbol = 'USD') =>
  (
    await getPool().query(
      `SELECT w.balance::text FROM user_wallets w JOIN assets a ON a.id = w.asset_id WHERE w.user_id = $1 AND a.symbol = $2`,
      [userId, symbol],
    )
  ).rows[0]?.balance as string | undefined;
const exactly = async (a: string | undefined, b: string) =>
  (await getPool().query('SELECT $1::numeric = $2::numeric AS ok', [a, b])).rows[0].ok as boolean;
const body = (a: SendAnswer) => JSON.parse(a.json) as Json;

/** A user with PIN 1234 and the given US dollars. */
async function sender(usd = '100.00') {
  const u = await createUser();
  if (Number(usd) > 0) await deposit(u.id, 'USD', usd);
  await setPin(u.id, '1234');
  return u;
}
const idem = () => ({ key: crypto.randomUUID(), requestHash: crypto.randomUUID() });
const usd = (
  senderId: string,
  recipientId: string | null,
  amount: string,
  more: Partial<SendRequest> = {},
): SendRequest => ({
  senderId,
  recipientId,
  assetSymbol: 'USD',
  amount,
  description: 'batch test',
  pin: '1234',
  idempotency: idem(),
  ...more,
});

beforeAll(async () => {
  await getPool().query(`UPDATE transaction_limit_caps SET max_usd = 1000000000`);
});

describe('sends in batches (wallet_send_batch): each send answered as if the sends ran one by one', () => {
  it('plain sends at once, then the others through wallet_send in item order: successes, refusals, replay, payment of a request', async () => {
    const [a, b, c, d, e, f, g, h, k, l, m, n] = await Promise.all([
      sender(),
      sender('0.50'),
      sender('0'),
      sender(),
      sender(),
      sender(),
      createUser(),
      sender(),
      sender('10.00'),
      sender(),
      createUser(),
      sender(),
    ]);
    await getPool().query(`UPDATE profiles SET daily_transaction_limit = 10 WHERE id = $1`, [e.id]);
    const {
      rows: [request],
    } = await getPool().query(
      `INSERT INTO payment_requests (requester_id, payer_id, asset_id, amount, description) SELECT $1, $2, id, 7.00, 'dinner' FROM assets WHERE symbol = 'USD' RETURNING id`,
      [g.id, f.id],
    );
    const replayKey = idem();
    const items: SendRequest[] = [
      usd(a.id, b.id, '10.00'), //                                 0 plain
      usd(b.id, c.id, '5.00'), //                                  1 B had 0.50: not plain, made after 0 with its 10.00
      usd(d.id, a.id, '1.00', { pin: '9999' }), //                 2 wrong PIN
      usd(e.id, a.id, '20.00'), //                                 3 over E's daily limit of $10
      usd(h.id, a.id, '2.00', { idempotency: replayKey }), //      4 H twice with one key: made once ...
      usd(h.id, a.id, '2.00', { idempotency: replayKey }), //      5 ... and replayed
      usd(n.id, null, '1.00', { recipientEmail: 'nobody@example.test' }), // 6 unknown recipient
      usd(n.id, n.id, '1.00'), //                                  7 to oneself (N's second send: not plain either)
      { senderId: f.id, pin: '1234', paymentRequestId: request.id, idempotency: idem() }, // 8 pays G's request
      usd(k.id, a.id, '50.00'), //                                 9 K has 10.00
      usd(l.id, m.id, '1.00'), //                                  10 plain, M's first USD
      usd(c.id, a.id, '1.00', { recipientId: null, recipientEmail: ` ${a.email.toUpperCase()} ` }), // 11 C has nothing yet when checked
    ];
    const answers = await sendTogether(items);

    expect(answers.map((x) => x.status)).toEqual([201, 201, 403, 409, 201, 201, 404, 400, 201, 409, 201, 201]);
    expect(answers.map((x) => x.replayed)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(answers.map((x) => x.plain)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
      false,
    ]);
    const [b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11] = answers.map(body);
    expect(b0!.sender_balance).toBe('89.95'); // 100 - 10.00 - fee 0.05
    expect(b1!.sender_balance).toBe('5.47'); // 0.50 + item 0's 10.00 - 5.00 - fee 0.03
    expect(b2!.code).toBe('PIN_INCORRECT');
    expect(b2!.details.attempts_left).toBe(4);
    expect(b3!.code).toBe('LIMIT_EXCEEDED');
    expect(b5).toEqual(b4);
    expect(b6!.code).toBe('NOT_FOUND');
    expect(b7!.error).toBe('You cannot send money to yourself.');
    expect(b8!.payment_request_id).toBe(request.id);
    expect(b8!.transaction.receiver.id).toBe(g.id);
    expect(b9!.code).toBe('INSUFFICIENT_FUNDS');
    expect(b11!.sender_balance).toBe('3.99'); // C had nothing before the batch, then item 1's 5.00
    // The plain sends (0, 10) were made before the others (1 .. 9, 11), in item order.
    const microseconds = async (x: Json | undefined) =>
      BigInt(
        (
          await getPool().query(
            `SELECT (extract(epoch FROM created_at) * 1000000)::bigint::text AS us FROM transactions WHERE id = $1`,
            [x!.transaction.id],
          )
        ).rows[0].us,
      );
    const times = await Promise.all([b0, b10, b1, b4, b8, b11].map(microseconds));
    expect(times).toEqual([...times].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));

    // Balances: what the one-by-one order gives.
    expect(await exactly(await balanceOf(a.id), '92.95')).toBe(true); // 100 - 10.05 + H's 2.00 + C's 1.00
    expect(await exactly(await balanceOf(b.id), '5.47')).toBe(true);
    expect(await exactly(await balanceOf(c.id), '3.99')).toBe(true);
    expect(await exactly(await balanceOf(h.id), minus(minus('100', '2'), b4!.fee))).toBe(true);
    expect(await exactly(await balanceOf(m.id), '1.00')).toBe(true);
    expect(await exactly(await balanceOf(g.id), '7.00')).toBe(true);
    expect(
      (await getPool().query('SELECT status FROM payment_requests WHERE id = $1', [request.id])).rows[0].status,
    ).toBe('paid');
    expect(
      (await getPool().query('SELECT pin_failed_attempts FROM profiles WHERE id = $1', [d.id])).rows[0]
        .pin_failed_attempts,
    ).toBe(1);
    // Every keyed answer is stored under its key: a retry replays it.
    const stored = await getPool().query(`SELECT key, response_status FROM idempotency_keys WHERE key = ANY($1)`, [
      items.map((x) => x.idempotency?.key),
    ]);
    expect(stored.rowCount).toBe(11); // 12 items, one key used twice
    expect((await checkBooks()).problems).toEqual([]);
  });
});

describe('sends in batches: the answer of a plain send', () => {
  it('is the body wallet_send gives for the same send', async () => {
    const [a, b, c] = await Promise.all([sender(), sender(), createUser()]);
    const alone = body(await sendAlone(usd(a.id, c.id, '3.30', { description: 'same' })));
    const answers = await sendTogether([usd(a.id, c.id, '3.30', { description: 'same' }), usd(b.id, c.id, '1.00')]);
    expect(answers.map((x) => x.plain)).toEqual([true, true]);
    const together = body(answers[0]!);
    const shape = (x: Json) => ({
      ...x,
      transaction: { ...x.transaction, id: 'id', created_at: 'at' },
      sender_balance: 'balance',
    });
    expect(shape(together)).toEqual(shape(alone));
    expect(alone.sender_balance).toBe('96.68'); // 100 - 3.30 - fee 0.02
    expect(together.sender_balance).toBe('93.36');
  });
});

describe('sends given step-up terms (money.sql M6)', () => {
  it('a large send without a fresh second factor is refused first, in a batch and alone, and leaves nothing under its key', async () => {
    const [a, b, c] = await Promise.all([sender('5000.00'), sender(), createUser()]);
    await getPool().query(`INSERT INTO totp_factors (user_id, secret, enabled_at) VALUES ($1, 'secret', now())`, [
      a.id,
    ]);
    const sid = crypto.randomUUID();
    const terms = stepUpTerms({ id: a.id, sid, adm: false });
    const large = usd(a.id, c.id, '1500.00', { pin: '9999', stepUp: terms }); // a wrong PIN too: step-up answers first
    const answers = await sendTogether([
      large,
      usd(b.id, c.id, '10.00', { stepUp: stepUpTerms({ id: b.id, sid, adm: false }) }),
    ]);
    expect(answers.map((x) => [x.status, x.plain])).toEqual([
      [403, false],
      [201, true],
    ]);
    expect(body(answers[0]!).code).toBe('STEP_UP_REQUIRED');
    expect((await sendAlone(large)).status).toBe(403);
    expect(await exactly(await balanceOf(a.id), '5000.00')).toBe(true);
    const pinAndKey = async () =>
      (
        await getPool().query(
          `SELECT p.pin_failed_attempts, (SELECT count(*)::int FROM idempotency_keys k WHERE k.user_id = p.id) AS keys FROM profiles p WHERE p.id = $1`,
          [a.id],
        )
      ).rows[0];
    expect(await pinAndKey()).toEqual({ pin_failed_attempts: 0, keys: 0 });

    // stepped up within the window: the same key sends (the refusal was stored nowhere)
    await getPool().query(`INSERT INTO session_second_factors (family_id, user_id, method) VALUES ($1, $2, 'totp')`, [
      sid,
      a.id,
    ]);
    const sent = await sendTogether([{ ...large, pin: '1234' }, usd(b.id, c.id, '1.00')]);
    expect(sent.map((x) => [x.status, x.replayed, x.plain])).toEqual([
      [201, false, true],
      [201, false, true],
    ]);
    expect(await exactly(await balanceOf(a.id), minus(minus('5000.00', '1500.00'), body(sent[0]!).fee as string))).toBe(
      true,
    );
  });
});

describe('SendQueue: sends that arrive while a batch is in the database go together', () => {
  it('a batch that raises an error keeps nothing, and each of its sends is then made alone', async () => {
    const [a, b, c, d] = await Promise.all([sender(), sender(), sender(), createUser()]);
    const queue = new SendQueue({ atOnce: 1 });
    const first = queue.send(usd(a.id, d.id, '1.00')); // goes at once; the next three wait for it
    const rest = [
      queue.send(usd(b.id, d.id, '2.00')),
      queue.send(usd(c.id, d.id, 'twelve')),
      queue.send(usd(a.id, d.id, '4.00')),
    ];
    const results = await Promise.allSettled([first, ...rest]);

    expect(queue.stats).toEqual({ batches: 1, batchedSends: 3, plainSends: 0, fallbacks: 1 });
    expect(
      results.map((r) => (r.status === 'fulfilled' ? r.value.status : (r.reason as { code?: string }).code)),
    ).toEqual([201, 201, '22P02', 201]); // 'twelve' is no number: PostgreSQL's error, for that send only
    expect(await exactly(await balanceOf(d.id), '7.00')).toBe(true); // each good send exactly once
    expect(await exactly(await balanceOf(c.id), '100.00')).toBe(true);
    expect((await checkBooks()).problems).toEqual([]);
  });

  it('an idle queue sends at once, one send per database transaction', async () => {
    const [a, b] = await Promise.all([sender(), createUser()]);
    const queue = new SendQueue();
    for (const amount of ['1.00', '2.00']) expect((await queue.send(usd(a.id, b.id, amount))).status).toBe(201);
    expect(queue.stats.batches).toBe(0);
  });

  it('an outage fails the batch and every send waiting behind it at once (503s to retry), with no second try', async () => {
    const outage = new Error('Query read timeout'); // what pg says when the database stops answering
    const calls: number[] = [];
    const queue = new SendQueue({
      atOnce: 1,
      maxBatch: 2,
      alone: async () => {
        calls.push(1);
        return { status: 201, json: '{}', replayed: false, retryAfter: null };
      },
      together: async (reqs) => {
        calls.push(reqs.length);
        throw outage;
      },
    });
    const sends = Array.from({ length: 5 }, (_, i) =>
      queue.send(usd(crypto.randomUUID(), crypto.randomUUID(), `${i + 1}.00`)),
    );
    const results = await Promise.allSettled(sends);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected', 'rejected']);
    expect(calls).toEqual([1, 2]); // the first alone, then a batch of two; the last two never reached the database
    expect(queue.stats.fallbacks).toBe(0);
  });
});
