import { describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { marketplaceTestClient, party, projectInput, type Json } from '../testing.js';

// docs/product.md "Marketplace" and Accepting a proposal: accepting is ONE transaction, and two
// accepts at once give exactly one contract.
const { call } = marketplaceTestClient();

async function openProject(client: { id: string }, over: Json = {}) {
  return (await call(client.id, 'POST', '/projects', await projectInput(over))).body.project as Json;
}
const propose = (
  freelancerId: string,
  projectId: string,
  body: Json = { proposal_text: 'I can do it.', proposed_amount: '300.00', estimated_duration_days: 5 },
) => call(freelancerId, 'POST', `/projects/${projectId}/proposals`, body);

describe('proposals: who may propose, one live proposal each, withdrawn counts as absent', () => {
  it('the owner may not propose; a freelancer proposes once; after withdrawing they may again', async () => {
    const client = await party('Client');
    const freelancer = await party('Freelancer');
    const project = await openProject(client);
    expect((await propose(client.id, project.id)).status).toBe(403);
    const first = await propose(freelancer.id, project.id);
    expect(first.status).toBe(201);
    expect(first.body.proposal).toMatchObject({
      status: 'submitted',
      proposed_amount: '300.00',
      estimated_duration_days: 5,
    });
    expect((await propose(freelancer.id, project.id)).status).toBe(409);
    expect(
      (await call(client.id, 'POST', `/proposals/${first.body.proposal.id}/withdraw`)).status,
      'only the freelancer withdraws',
    ).toBe(404);
    expect(
      (await call(freelancer.id, 'POST', `/proposals/${first.body.proposal.id}/withdraw`)).body.proposal.status,
    ).toBe('withdrawn');
    const again = await propose(freelancer.id, project.id, {
      proposal_text: 'Second try',
      proposed_amount: '',
      estimated_duration_days: null,
    });
    expect(again.status).toBe(201);
    expect(again.body.proposal).toMatchObject({ proposed_amount: null, estimated_duration_days: null });
    // the owner sees the live proposals only; the freelancer sees their own
    const asOwner = (await call(client.id, 'GET', `/projects/${project.id}`)).body;
    expect(asOwner).toMatchObject({ role: 'client', my_proposal: null });
    expect(asOwner.proposals.map((p: Json) => p.proposal_text)).toEqual(['Second try']);
    expect((await call(freelancer.id, 'GET', `/projects/${project.id}`)).body).toMatchObject({
      role: 'visitor',
      proposals: [],
      my_proposal: { proposal_text: 'Second try' },
    });
  });

  it("bad input: 400 with the field ('Please fill in all required fields.' for a missing text) and nothing stored", async () => {
    const client = await party('Client');
    const freelancer = await party('Freelancer');
    const project = await openProject(client);
    for (const [body, field] of [
      [{ proposal_text: '  ' }, 'proposal_text'],
      [{ proposal_text: 'x', proposed_amount: 'ten' }, 'proposed_amount'],
      [{ proposal_text: 'x', estimated_duration_days: 1.5 }, 'estimated_duration_days'],
      [{ proposal_text: 'x', proposed_amount: '1.001' }, 'proposed_amount'],
    ] as const) {
      const res = await propose(freelancer.id, project.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.details.fields)).toContain(field);
    }
    expect((await propose(freelancer.id, project.id, { proposal_text: '' })).body.details.fields.proposal_text).toBe(
      'Please fill in all required fields.',
    );
    const { rows } = await getPool().query('SELECT count(*)::int AS n FROM project_proposals WHERE project_id = $1', [
      project.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('accepting: proposal accepted, project in progress, contract with the proposed amount (else the budget), every other submitted proposal rejected', async () => {
    const client = await party('Client');
    const [a, b, c] = [await party('A'), await party('B'), await party('C')];
    const project = await openProject(client, { budget_amount: '750.00' });
    const pa = (await propose(a.id, project.id, { proposal_text: 'No amount' })).body.proposal as Json;
    const pb = (await propose(b.id, project.id)).body.proposal as Json;
    const pc = (await propose(c.id, project.id)).body.proposal as Json;
    await call(c.id, 'POST', `/proposals/${pc.id}/withdraw`);
    expect((await call(a.id, 'POST', `/proposals/${pa.id}/accept`)).status, 'only the client accepts').toBe(404);
    const accepted = await call(client.id, 'POST', `/proposals/${pa.id}/accept`);
    expect(accepted.status).toBe(200);
    const contract = (await call(a.id, 'GET', `/contracts/${accepted.body.contract_id}`)).body;
    expect(contract.contract).toMatchObject({
      agreed_amount: '750.00',
      status: 'active',
      client: { id: client.id },
      freelancer: { id: a.id },
    });
    const statuses = (
      await getPool().query('SELECT id, status::text, contract_id FROM project_proposals WHERE project_id = $1', [
        project.id,
      ])
    ).rows;
    expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toEqual({
      [pa.id]: 'accepted',
      [pb.id]: 'rejected',
      [pc.id]: 'withdrawn',
    });
    expect(statuses.find((r) => r.id === pa.id).contract_id).toBe(accepted.body.contract_id);
    expect((await call(client.id, 'GET', `/projects/${project.id}`)).body.project.status).toBe('in_progress');
    // no more proposals, edits or accepts on a project in progress
    expect((await propose((await party('D')).id, project.id)).status).toBe(409);
    expect((await call(client.id, 'PATCH', `/projects/${project.id}`, await projectInput())).status).toBe(409);
    expect((await call(client.id, 'POST', `/proposals/${pb.id}/accept`)).status).toBe(409);
    expect((await call(a.id, 'GET', '/my/contracts')).body.contracts.map((x: Json) => x.id)).toEqual([
      accepted.body.contract_id,
    ]);
    expect((await call(b.id, 'GET', '/my/proposals')).body.proposals).toMatchObject([
      { id: pb.id, status: 'rejected', project: { id: project.id } },
    ]);
  });

  it('two tabs accepting two proposals of one project at once: exactly one contract, the other gets 409', async () => {
    for (let round = 0; round < 5; round++) {
      const client = await party('Client');
      const project = await openProject(client);
      const p1 = (await propose((await party('F1')).id, project.id)).body.proposal as Json;
      const p2 = (await propose((await party('F2')).id, project.id)).body.proposal as Json;
      const answers = await Promise.all([
        call(client.id, 'POST', `/proposals/${p1.id}/accept`),
        call(client.id, 'POST', `/proposals/${p2.id}/accept`),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const { rows } = await getPool().query(
        `SELECT (SELECT count(*)::int FROM project_contracts WHERE project_id = $1) AS contracts,
        (SELECT count(*)::int FROM project_proposals WHERE project_id = $1 AND status = 'accepted') AS accepted`,
        [project.id],
      );
      expect(rows[0]).toEqual({ contracts: 1, accepted: 1 });
    }
  });

  it('reject: the client, on a submitted proposal of an open project', async () => {
    const client = await party('Client');
    const f = await party('F');
    const project = await openProject(client);
    const p = (await propose(f.id, project.id)).body.proposal as Json;
    expect((await call(f.id, 'POST', `/proposals/${p.id}/reject`)).status).toBe(404);
    expect((await call(client.id, 'POST', `/proposals/${p.id}/reject`)).body.proposal.status).toBe('rejected');
    expect((await call(client.id, 'POST', `/proposals/${p.id}/reject`)).status).toBe(409);
  });
});
