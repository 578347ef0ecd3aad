import { describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { minus, times } from '../../../../test/decimal.js';
import {
  PIN,
  balance,
  expectBooks,
  held,
  marketplaceTestClient,
  party,
  projectInput,
  systemBalance,
  type Json,
} from '../testing.js';
import { autoReleaseDue } from './service.js';

// Two clicks at once get one outcome; the money is paid once and nothing is lost or created.
const { call, money } = marketplaceTestClient();

async function submittedMilestones(n: number, amount = '10.00') {
  const client = await party('Client', ['USD', '1000.00']);
  const freelancer = await party('Freelancer');
  const project = (await call(client.id, 'POST', '/projects', await projectInput())).body.project as Json;
  const proposal = (await call(freelancer.id, 'POST', `/projects/${project.id}/proposals`, { proposal_text: 'ok' }))
    .body.proposal as Json;
  const contractId = (await call(client.id, 'POST', `/proposals/${proposal.id}/accept`)).body.contract_id as string;
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const m = (await money(client.id, `/contracts/${contractId}/milestones`, { title: `M${i}`, amount, pin: PIN })).body
      .milestone as Json;
    await call(freelancer.id, 'POST', `/milestones/${m.id}/submit`, {});
    ids.push(m.id);
  }
  return { client, freelancer, ids };
}

describe('concurrent money actions on one milestone', () => {
  it('approve twice at once (two tabs, two keys): paid once, the freelancer gets 9.90 once', async () => {
    const { client, freelancer, ids } = await submittedMilestones(3);
    const fees0 = await systemBalance('fees');
    for (const id of ids) {
      const answers = await Promise.all([
        money(client.id, `/milestones/${id}/approve`, { pin: PIN }),
        money(client.id, `/milestones/${id}/approve`, { pin: PIN }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(await held(id)).toBe('0');
    }
    expect(await balance(freelancer.id)).toBe(times('3', '9.9'));
    expect(minus(await systemBalance('fees'), fees0)).toBe('0.3');
    const { rows } = await getPool().query(
      `SELECT count(*)::int AS n FROM transactions WHERE transaction_type = 'milestone_payment' AND receiver_id = $1`,
      [freelancer.id],
    );
    expect(rows[0].n).toBe(3);
    await expectBooks();
  });

  it('approve, dispute, request changes and the auto-release job at once: exactly one wins, the money matches its outcome', async () => {
    const far = new Date(Date.now() + 30 * 86_400_000);
    for (let round = 0; round < 4; round++) {
      // one milestone per round: the job releases every due milestone it finds
      const { client, freelancer, ids } = await submittedMilestones(1);
      const id = ids[0]!;
      const before = await balance(freelancer.id);
      const results = await Promise.all([
        money(client.id, `/milestones/${id}/approve`, { pin: PIN }),
        call(client.id, 'POST', `/milestones/${id}/dispute`, { reason: 'late' }),
        call(client.id, 'POST', `/milestones/${id}/request-changes`, { note: 'again' }),
        autoReleaseDue(far).then(() => ({ status: 0 })),
      ]);
      const [approve, dispute, changes] = results;
      const status = (await getPool().query('SELECT status::text FROM project_milestones WHERE id = $1', [id])).rows[0]
        .status as string;
      const paid = status === 'paid';
      expect(
        [approve!.status === 200, dispute!.status === 200, changes!.status === 200].filter(Boolean).length,
      ).toBeLessThanOrEqual(1);
      expect(minus(await balance(freelancer.id), before)).toBe(paid ? '9.9' : '0');
      expect(await held(id)).toBe(paid ? '0' : '10');
    }
    await expectBooks();
  });
});
