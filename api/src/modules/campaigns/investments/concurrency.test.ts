import { describe, expect, it } from 'vitest';
import { compare, minus, plus, times } from '../../../../test/decimal.js';
import { balance, campaignInput, campaignsTestClient, expectBooks, person, raisedAndSum } from '../testing.js';

// 50 concurrent investments near the max and the target: funds_raised equals the sum of
// the live investments, nobody goes over their balance, the target is never exceeded.
const { call, invest } = campaignsTestClient();

describe('concurrent investments', () => {
  it('50 at once near the max and the target: funds_raised = sum, no overdraft, target not exceeded, nothing lost or created', async () => {
    const owner = await person('Owner');
    const admin = await person('Admin', { admin: true });
    const id = (
      await call(
        owner.id,
        'POST',
        '/',
        await campaignInput({ target_amount: '10000.00', min_investment: '100.00', max_investment: '400.00' }),
      )
    ).body.campaign.id;
    await call(owner.id, 'POST', `/${id}/submit`);
    await call(admin.id, 'POST', `/review/${id}/approve`, undefined, {}, true);
    // 25 investors with 700 each invest 400 twice: the second of some must fail for money; the target (10,000) caps at 25 successes
    const investors = await Promise.all(
      Array.from({ length: 25 }, (_, i) => person(`Investor ${i}`, { usd: '700.00', investor: true })),
    );
    const answers = await Promise.all(
      investors.flatMap((u) => [invest(u.id, id, '400.00'), invest(u.id, id, '400.00')]),
    );
    const ok = answers.filter((r) => r.status === 201).length;
    expect(
      answers.every((r) => [201, 400, 409].includes(r.status)),
      JSON.stringify(answers.filter((r) => ![201, 400, 409].includes(r.status)).map((r) => r.body)),
    ).toBe(true);
    const { raised, sum } = await raisedAndSum(id);
    expect(raised).toBe(sum);
    expect(raised).toBe(times(String(ok), '400'));
    expect(compare(raised, '10000')).toBeLessThanOrEqual(0);
    for (const u of investors) expect(compare(await balance(u.id), '0')).toBeGreaterThanOrEqual(0);
    const spent = plus(...(await Promise.all(investors.map((u) => balance(u.id)))).map((b) => minus('700', b)));
    expect(spent).toBe(raised);
    await expectBooks();
  });
});
