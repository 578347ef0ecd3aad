import { describe, expect, it } from 'vitest';
import { IdempotencyKeys, attemptSend, isUnanswered } from './idempotency';

/**
 * A server that keeps the API's idempotency rule (api/src/platform/idempotency): a key's first
 * answer is stored and replayed for the same body, the same key with another body is 422, and a
 * request whose answer is lost on the way still moved the money.
 */
function fakeServer(balance: bigint) {
  const answers = new Map<
    string,
    { body: string; answer: { ok: true; sent: string } | { status: number; code: string; error: string } }
  >();
  const state = { balance, moves: 0, loseNextAnswer: false, failNextWith500: false };
  const send = async (body: { amount: string }, key: string) => {
    const fingerprint = JSON.stringify(body);
    const prev = answers.get(key);
    if (prev && prev.body !== fingerprint)
      throw {
        status: 422,
        code: 'IDEMPOTENCY_MISMATCH',
        error: 'This Idempotency-Key was already used with a different request.',
      };
    if (state.failNextWith500) {
      state.failNextWith500 = false;
      throw { status: 503, code: 'UNAVAILABLE', error: 'Try again.' };
    }
    if (!prev) {
      const cents = BigInt(body.amount.replace('.', ''));
      const answer =
        cents > state.balance
          ? { status: 409, code: 'INSUFFICIENT_FUNDS', error: 'You do not have enough USD.' }
          : ((state.balance -= cents), (state.moves += 1), { ok: true as const, sent: body.amount });
      answers.set(key, { body: fingerprint, answer });
    }
    const { answer } = answers.get(key)!;
    if (state.loseNextAnswer) {
      state.loseNextAnswer = false;
      throw { status: 'FETCH_ERROR', error: 'Failed to fetch' };
    }
    if ('ok' in answer) return answer;
    throw answer;
  };
  return { state, send };
}

let n = 0;
const keys = () => new IdempotencyKeys(() => `key-${++n}`);

describe('the Idempotency-Key of a money action', () => {
  it('a refused amount, corrected and confirmed again, succeeds (a new body gets a new key, not a 422)', async () => {
    const server = fakeServer(10_000n); // 100.00
    const k = keys();
    const first = await attemptSend(k, { amount: '150.00' }, server.send);
    expect(first).toMatchObject({ outcome: 'refused', error: { code: 'INSUFFICIENT_FUNDS' } });
    const second = await attemptSend(k, { amount: '55.00' }, server.send);
    expect(second).toEqual({ outcome: 'done', result: { ok: true, sent: '55.00' } });
    expect(server.state).toMatchObject({ balance: 4_500n, moves: 1 });
  });

  it('the same body retried after a lost answer goes with the same key: the money moves once', async () => {
    const server = fakeServer(10_000n);
    const k = keys();
    server.state.loseNextAnswer = true;
    const lost = await attemptSend(k, { amount: '30.00' }, server.send);
    expect(lost.outcome).toBe('unanswered');
    const retried = await attemptSend(k, { amount: '30.00' }, server.send);
    expect(retried).toEqual({ outcome: 'done', result: { ok: true, sent: '30.00' } });
    expect(server.state).toMatchObject({ balance: 7_000n, moves: 1 });
  });

  it('while unanswered, the key follows the body: the same body (any key order) keeps it, a changed body gets a new one', () => {
    const k = keys();
    const a = k.keyFor({ amount: '10', id: 'x' });
    expect(k.keyFor({ id: 'x', amount: '10' })).toBe(a); // key order does not matter
    expect(k.keyFor({ amount: '11', id: 'x' })).not.toBe(a);
  });

  it('after an answer (success or refusal) the next request gets a new key, even with the same body', async () => {
    const server = fakeServer(10_000n);
    const k = keys();
    await attemptSend(k, { amount: '10.00' }, server.send);
    const again = await attemptSend(k, { amount: '10.00' }, server.send);
    expect(again.outcome).toBe('done');
    expect(server.state).toMatchObject({ balance: 8_000n, moves: 2 }); // sent twice on purpose: two transfers

    server.state.failNextWith500 = true;
    expect((await attemptSend(k, { amount: '1.00' }, server.send)).outcome).toBe('unanswered');
    expect((await attemptSend(k, { amount: '1.00' }, server.send)).outcome).toBe('done');
    expect(server.state).toMatchObject({ balance: 7_900n, moves: 3 });
  });

  it('which failures are retried with the same key', () => {
    expect(isUnanswered({ status: 'FETCH_ERROR', error: 'Failed to fetch' })).toBe(true);
    expect(isUnanswered({ status: 502 })).toBe(true);
    expect(isUnanswered({ status: 429 })).toBe(true);
    expect(isUnanswered({ status: 409, code: 'CONFLICT', details: { retry_after: 1 } })).toBe(true); // still in flight
    expect(isUnanswered({ status: 409, code: 'INSUFFICIENT_FUNDS' })).toBe(false);
    expect(isUnanswered({ status: 400, code: 'VALIDATION' })).toBe(false);
    expect(isUnanswered({ status: 403, code: 'PIN_INCORRECT' })).toBe(false);
  });
});
