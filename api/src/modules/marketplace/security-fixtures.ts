import crypto from 'node:crypto';
import { getPool } from '../../platform/db/pool.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { hold } from '../../platform/ledger/escrow.js';
import { hashPin } from '../../platform/pin/index.js';
import { createUser, deposit } from '../../../test/helpers.js';
import type { SecurityFixtures, SecurityParty } from '../../../test/security/fixtures.js';
import { ProjectInput } from './projects/routes.js';
import { postProject } from './projects/service.js';
import { acceptProposal, propose } from './proposals/service.js';

/**
 * Security-suite fixtures (test/security/fixtures.ts): real projects, proposals, contracts and funded
 * milestones owned by the party the matrix names, and valid bodies for the callers. Parties whose
 * PIN the call needs get it (re)set and unlocked first.
 */
const PIN = '1357';
const withPin = async (id: string) => {
  await getPool().query(
    'UPDATE profiles SET transaction_pin_hash = $2, pin_failed_attempts = 0, pin_locked_until = NULL WHERE id = $1',
    [id, hashPin(id, PIN)],
  );
};
const idem = () => ({ 'idempotency-key': crypto.randomUUID() });
const usd = async () => (await getPool().query(`SELECT id FROM assets WHERE symbol = 'USD'`)).rows[0].id as string;
const projectBody = async () => ({
  title: 'Security suite project',
  description: 'Made by the security suite',
  skills: 'Testing',
  budget_amount: '100.00',
  budget_type: 'fixed',
  budget_currency: await usd(),
});

const projectOf = async (clientId: string) =>
  (await postProject(clientId, ProjectInput.parse(await projectBody()))).project.id;
const proposalOn = async (projectId: string, freelancerId: string) =>
  (await propose(freelancerId, projectId, { proposal_text: 'security suite', proposed_amount: '50.00' })).proposal.id;

/** A contract between the two (a fresh user for the missing side). */
async function contract(opts: { client?: string; freelancer?: string }) {
  const client = opts.client ?? (await createUser()).id;
  const freelancer = opts.freelancer ?? (await createUser()).id;
  const { contract_id } = await acceptProposal(client, await proposalOn(await projectOf(client), freelancer));
  return { id: contract_id, client, freelancer };
}

/** A funded milestone of a contract in the given state. */
async function milestone(
  c: { id: string; client: string },
  status: 'pending' | 'submitted_for_payment' | 'disputed' = 'pending',
) {
  await deposit(c.client, 'USD', '20.00');
  const id = crypto.randomUUID();
  await inTransaction(async (db) => {
    await db.query(
      `INSERT INTO project_milestones (id, contract_id, title, amount, status, submitted_at, dispute_reason)
      VALUES ($1, $2, 'Security suite milestone', 10, $3::milestone_status, CASE WHEN $3 <> 'pending' THEN now() END, CASE WHEN $3 = 'disputed' THEN 'suite' END)`,
      [id, c.id, status],
    );
    await hold(db, {
      reference: { type: 'milestone', id },
      payerId: c.client,
      assetSymbol: 'USD',
      amount: '10.00',
      description: 'Escrow: Security suite milestone',
    });
  });
  return id;
}

const asClient = (owner: SecurityParty, status?: 'pending' | 'submitted_for_payment') =>
  contract({ client: owner.id }).then((c) => milestone(c, status));

export const securityFixtures: SecurityFixtures = {
  'POST /api/marketplace/projects': async () => ({ body: await projectBody(), expect: [201] }),
  'GET /api/marketplace/projects/{id}': async () => ({ params: { id: await projectOf((await createUser()).id) } }),
  'PATCH /api/marketplace/projects/{id}': async ({ owner }) => {
    const id = await projectOf(owner.id);
    return { params: { id }, body: await projectBody(), secrets: [id] };
  },
  'POST /api/marketplace/projects/{id}/proposals': async () => ({
    params: { id: await projectOf((await createUser()).id) },
    body: { proposal_text: 'security suite', proposed_amount: '10.00', estimated_duration_days: 3 },
    expect: [201],
  }),
  'POST /api/marketplace/proposals/{id}/accept': async ({ owner }) => {
    const id = await proposalOn(await projectOf(owner.id), (await createUser()).id);
    return { params: { id }, secrets: [id] };
  },
  'POST /api/marketplace/proposals/{id}/reject': async ({ owner }) => {
    const id = await proposalOn(await projectOf(owner.id), (await createUser()).id);
    return { params: { id }, secrets: [id] };
  },
  'POST /api/marketplace/proposals/{id}/withdraw': async ({ owner }) => {
    const id = await proposalOn(await projectOf((await createUser()).id), owner.id);
    return { params: { id }, secrets: [id] };
  },
  'GET /api/marketplace/contracts/{id}': async ({ owner }) => {
    const { id } = await contract({ client: owner.id });
    return { params: { id }, secrets: [id] };
  },
  'GET /api/marketplace/contracts/{id}/milestones/quote': async ({ owner }) => {
    const { id } = await contract({ client: owner.id });
    await deposit(owner.id, 'USD', '5.00');
    return { params: { id }, query: { amount: '1.00' }, secrets: [id] };
  },
  'POST /api/marketplace/contracts/{id}/milestones': async ({ owner, caller }) => {
    const { id } = await contract({ client: owner.id });
    await deposit(owner.id, 'USD', '5.00');
    if (caller) await withPin(caller.id);
    return {
      params: { id },
      headers: idem(),
      body: { title: 'Suite milestone', amount: '1.00', pin: PIN },
      secrets: [id],
      expect: [201],
    };
  },
  'GET /api/marketplace/milestones/{id}/quote': async ({ owner }) => {
    const id = await asClient(owner);
    return { params: { id }, secrets: [id] };
  },
  'POST /api/marketplace/milestones/{id}/submit': async ({ owner }) => {
    const id = await milestone(await contract({ freelancer: owner.id }));
    return { params: { id }, body: { notes: 'suite' }, secrets: [id] };
  },
  'POST /api/marketplace/milestones/{id}/approve': async ({ owner, caller }) => {
    const id = await asClient(owner, 'submitted_for_payment');
    if (caller) await withPin(caller.id);
    return { params: { id }, headers: idem(), body: { pin: PIN }, secrets: [id] };
  },
  'POST /api/marketplace/milestones/{id}/cancel': async ({ owner, caller }) => {
    const id = await asClient(owner);
    if (caller) await withPin(caller.id);
    return { params: { id }, headers: idem(), body: { pin: PIN }, secrets: [id] };
  },
  'POST /api/marketplace/milestones/{id}/request-changes': async ({ owner }) => {
    const id = await asClient(owner, 'submitted_for_payment');
    return { params: { id }, body: { note: 'suite' }, secrets: [id] };
  },
  'POST /api/marketplace/milestones/{id}/dispute': async ({ owner }) => {
    const id = await asClient(owner, 'submitted_for_payment');
    return { params: { id }, body: { reason: 'suite' }, secrets: [id] };
  },
  'POST /api/marketplace/disputes/{milestoneId}/resolve': async () => {
    const id = await milestone(await contract({}), 'disputed');
    return { params: { milestoneId: id }, headers: idem(), body: { outcome: 'refund', note: 'suite' } };
  },
};
