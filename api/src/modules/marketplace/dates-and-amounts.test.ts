import { describe, expect, it } from 'vitest';
import { getPool } from '../../platform/db/pool.js';
import { PIN, expectBooks, marketplaceTestClient, party, projectInput, type Json } from './testing.js';

// Project deadlines and milestone due dates are real calendar days that are not in the past, and
// amounts fit the columns (platform/http/fields.ts, docs/decisions.md "Amounts and dates in
// requests"): a 400 naming the field, never a 500, and nothing stored.
const { call, money } = marketplaceTestClient();

const projectsOf = async (clientId: string) =>
  (
    await getPool().query<{ deadline: string | null }>(
      `SELECT to_char(deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS deadline FROM projects WHERE client_id = $1`,
      [clientId],
    )
  ).rows;
const milestonesOf = async (contractId: string) =>
  (
    await getPool().query<{ due_date: string | null }>(
      `SELECT to_char(due_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS due_date FROM project_milestones WHERE contract_id = $1`,
      [contractId],
    )
  ).rows;

/** The USD balance as an exact decimal string. */
const usd = async (userId: string) =>
  (
    await getPool().query<{ b: string }>(
      `SELECT round(w.balance, 2)::text AS b FROM user_wallets w JOIN assets a ON a.id = w.asset_id WHERE w.user_id = $1 AND a.symbol = 'USD'`,
      [userId],
    )
  ).rows[0]?.b;

async function contractOf(client: { id: string }) {
  const freelancer = await party('Fern Freelancer');
  const project = await call(client.id, 'POST', '/projects', await projectInput());
  const proposal = await call(freelancer.id, 'POST', `/projects/${project.body.project.id}/proposals`, {
    proposal_text: 'Done it before.',
    proposed_amount: '400.00',
  });
  const accepted = await call(client.id, 'POST', `/proposals/${proposal.body.proposal.id}/accept`);
  expect(accepted.status).toBe(200);
  return accepted.body.contract_id as string;
}

const IMPOSSIBLE_DAYS: [string, string][] = [
  ['2026-02-30', 'This date does not exist.'],
  ['2027-02-29', 'This date does not exist.'],
  ['0000-01-01', 'This date does not exist.'],
  ['9999-12-31', 'Enter a date between 1900-01-01 and 2100-12-31.'],
  ['31/01/2027', 'Enter a date as YYYY-MM-DD.'],
];

describe('project deadlines: a real day, not in the past; stored as that day', () => {
  it('2026-02-30 (never stored as 2026-03-02), 0000-01-01, 9999-12-31 and a past day (1900-01-01) are 400 naming deadline, on post and on edit; nothing stored or changed', async () => {
    const client = await party('Cleo Client');
    const cases: [string, string][] = [
      ...IMPOSSIBLE_DAYS,
      ['1900-01-01', 'The deadline cannot be in the past.'],
      ['2020-06-15', 'The deadline cannot be in the past.'],
    ];
    for (const [deadline, reason] of cases) {
      const res = await call(client.id, 'POST', '/projects', await projectInput({ deadline }));
      expect({ deadline, status: res.status, fields: res.body.details?.fields }).toEqual({
        deadline,
        status: 400,
        fields: { deadline: reason },
      });
    }
    expect(await projectsOf(client.id)).toEqual([]);
    const posted = await call(client.id, 'POST', '/projects', await projectInput({ deadline: '2027-01-31' }));
    for (const [deadline, reason] of cases) {
      const res = await call(
        client.id,
        'PATCH',
        `/projects/${posted.body.project.id}`,
        await projectInput({ deadline }),
      );
      expect({ deadline, status: res.status, fields: res.body.details?.fields }).toEqual({
        deadline,
        status: 400,
        fields: { deadline: reason },
      });
    }
    expect(await projectsOf(client.id)).toEqual([{ deadline: '2027-01-31' }]);
  });

  it('the last day of February is stored as itself: 2028-02-29 (leap year) and 2027-02-28, never shifted into March', async () => {
    const client = await party('Cleo Client');
    for (const deadline of ['2028-02-29', '2027-02-28']) {
      const res = await call(client.id, 'POST', '/projects', await projectInput({ deadline }));
      expect(res.status).toBe(201);
      expect(res.body.project.deadline).toBe(deadline);
      expect((await call(client.id, 'GET', `/projects/${res.body.project.id}`)).body.project.deadline).toBe(deadline);
    }
    expect((await projectsOf(client.id)).map((p) => p.deadline).sort()).toEqual(['2027-02-28', '2028-02-29']);
  });

  it("a budget beyond what the columns hold, or finer than the currency, is 400 naming budget_amount in the asset's words", async () => {
    const client = await party('Cleo Client');
    const cases: [string, string][] = [
      ['999999999999999999999999', 'Amounts can be at most 999,999,999,999,999.'],
      ['500.001', 'USD amounts allow at most 2 decimal places.'],
    ];
    for (const [budget_amount, reason] of cases) {
      const res = await call(client.id, 'POST', '/projects', await projectInput({ budget_amount }));
      expect({ status: res.status, fields: res.body.details?.fields }).toEqual({
        status: 400,
        fields: { budget_amount: reason },
      });
    }
    expect(await projectsOf(client.id)).toEqual([]);
  });
});

describe('milestone due dates: a real day, not in the past; nothing held when refused', () => {
  it('2026-02-30, 0000-01-01, 9999-12-31 and 1900-01-01 are 400 naming due_date; no milestone, no money held', async () => {
    const client = await party('Cleo Client', ['USD', '100.00']);
    const contractId = await contractOf(client);
    const cases: [string, string][] = [...IMPOSSIBLE_DAYS, ['1900-01-01', 'The due date cannot be in the past.']];
    for (const [due_date, reason] of cases) {
      const res = await money(client.id, `/contracts/${contractId}/milestones`, {
        title: 'Design',
        amount: '10.00',
        due_date,
        pin: PIN,
      });
      expect({ due_date, status: res.status, fields: res.body.details?.fields }).toEqual({
        due_date,
        status: 400,
        fields: { due_date: reason },
      });
    }
    expect(await milestonesOf(contractId)).toEqual([]);
    expect(await usd(client.id)).toBe('100.00');
    await expectBooks();
  });

  it('a milestone due on 2028-02-29 is stored and shown as 2028-02-29', async () => {
    const client = await party('Cleo Client', ['USD', '100.00']);
    const contractId = await contractOf(client);
    const res = await money(client.id, `/contracts/${contractId}/milestones`, {
      title: 'Design',
      amount: '10.00',
      due_date: '2028-02-29',
      pin: PIN,
    });
    expect(res.status).toBe(201);
    expect((res.body.milestone as Json).due_date).toBe('2028-02-29');
    expect(await milestonesOf(contractId)).toEqual([{ due_date: '2028-02-29' }]);
  });

  it('an amount beyond the columns is 400 naming amount, on the quote and on adding; nothing held', async () => {
    const client = await party('Cleo Client', ['USD', '100.00']);
    const contractId = await contractOf(client);
    const huge = '999999999999999999999999';
    const quote = await call(client.id, 'GET', `/contracts/${contractId}/milestones/quote?amount=${huge}`);
    expect({ status: quote.status, fields: quote.body.details?.fields }).toEqual({
      status: 400,
      fields: { amount: 'Amounts can be at most 999,999,999,999,999.' },
    });
    const add = await money(client.id, `/contracts/${contractId}/milestones`, {
      title: 'Design',
      amount: huge,
      pin: PIN,
    });
    expect({ status: add.status, fields: add.body.details?.fields }).toEqual({
      status: 400,
      fields: { amount: 'Amounts can be at most 999,999,999,999,999.' },
    });
    expect(await milestonesOf(contractId)).toEqual([]);
    expect(await usd(client.id)).toBe('100.00');
  });
});
