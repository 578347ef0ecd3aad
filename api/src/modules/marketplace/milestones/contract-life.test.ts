import { beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { createUser } from '../../../../test/helpers.js';
import { minus, plus } from '../../../../test/decimal.js';
import { PIN, balance, expectBooks, held, marketplaceTestClient, party, systemBalance, type Json } from '../testing.js';
import { autoReleaseDue } from './service.js';

// "Money": a milestone is funded into escrow when the client adds it, released minus the 1%
// fee when approved, refunded when cancelled, held while disputed until an admin resolves it; a
// submitted milestone is released automatically after 14 days. Every step checks the balances, the
// escrow and fee accounts and the books.
const { call, money, contractBetween } = marketplaceTestClient();
const NOT_YOURS = 'Contract not found or you do not have permission to view it.';

describe('the life of a contract: post, propose, accept, fund two milestones, submit, approve one, dispute the other, an admin splits it', () => {
  let client: { id: string }, freelancer: { id: string }, stranger: { id: string }, admin: { id: string };
  beforeAll(async () => {
    client = await party('Cleo Client', ['USD', '1000.00']);
    freelancer = await party('Fred Freelancer');
    stranger = await party('Sam Stranger', ['USD', '50.00']);
    admin = await createUser({ fullName: 'Ada Admin', admin: true });
  });

  it('every step moves exactly the money it should, and nobody else can see or touch the contract', async () => {
    const escrow0 = await systemBalance('escrow');
    const fees0 = await systemBalance('fees');
    const { contractId, projectId } = await contractBetween(client, freelancer);

    // accepting: proposal accepted, project in progress, contract active with the proposed amount
    const page = await call(freelancer.id, 'GET', `/contracts/${contractId}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      role: 'freelancer',
      contract: { status: 'active', agreed_amount: '400.00', asset: { symbol: 'USD' }, project: { id: projectId } },
      milestones: [],
      movements: [],
    });
    expect((await call(client.id, 'GET', `/projects/${projectId}`)).body.project.status).toBe('in_progress');

    // the quote states what will be held; then the client funds two milestones (PIN + Idempotency-Key)
    expect(
      (await call(client.id, 'GET', `/contracts/${contractId}/milestones/quote?amount=150.00`)).body,
    ).toMatchObject({ amount: '150.00', balance: '1000.00', balance_after: '850.00' });
    const design = await money(client.id, `/contracts/${contractId}/milestones`, {
      title: 'Design',
      amount: '150.00',
      description: 'Figma mock-ups',
      pin: PIN,
    });
    expect(design.status).toBe(201);
    const build = await money(client.id, `/contracts/${contractId}/milestones`, {
      title: 'Build',
      amount: '250.00',
      due_date: '2026-12-31',
      pin: PIN,
    });
    expect(build.status).toBe(201);
    const d = design.body.milestone as Json,
      b = build.body.milestone as Json;
    expect(d).toMatchObject({ status: 'pending', amount: '150.00' });
    expect(b).toMatchObject({ status: 'pending', amount: '250.00', due_date: '2026-12-31' });
    expect(await balance(client.id)).toBe('600');
    expect(minus(await systemBalance('escrow'), escrow0)).toBe('400');
    expect([await held(d.id), await held(b.id)]).toEqual(['150', '250']);
    await expectBooks();

    // the freelancer submits both; the client approves Design: 148.50 to the freelancer, 1.50 fee
    expect(
      (await call(freelancer.id, 'POST', `/milestones/${d.id}/submit`, { notes: 'Mock-ups attached' })).body.milestone,
    ).toMatchObject({ status: 'submitted_for_payment', freelancer_submission_notes: 'Mock-ups attached' });
    expect((await call(freelancer.id, 'POST', `/milestones/${b.id}/submit`, {})).status).toBe(200);
    expect((await call(client.id, 'GET', `/milestones/${d.id}/quote`)).body).toMatchObject({
      amount: '150.00',
      fee: '1.50',
      fee_percent: '1',
      freelancer_receives: '148.50',
    });
    const approved = await money(client.id, `/milestones/${d.id}/approve`, { pin: PIN });
    expect(approved.status).toBe(200);
    expect(approved.body.milestone.status).toBe('paid');
    expect(approved.body.milestone.paid_at).toEqual(expect.any(String));
    expect(await balance(freelancer.id)).toBe('148.5');
    expect(minus(await systemBalance('fees'), fees0)).toBe('1.5');
    expect(minus(await systemBalance('escrow'), escrow0)).toBe('250');
    expect(await held(d.id)).toBe('0');
    await expectBooks();

    // the client disputes Build with a reason; both parties see it; it stays held
    const disputed = await call(client.id, 'POST', `/milestones/${b.id}/dispute`, {
      reason: 'The contact form does not send.',
    });
    expect(disputed.body.milestone).toMatchObject({
      status: 'disputed',
      dispute_reason: 'The contact form does not send.',
    });
    expect((await call(freelancer.id, 'GET', `/contracts/${contractId}`)).body.milestones[1]).toMatchObject({
      status: 'disputed',
      dispute_reason: 'The contact form does not send.',
    });
    expect(await held(b.id)).toBe('250');

    // a third user: 404 everywhere, and nothing changes
    for (const [method, path] of [
      ['GET', `/contracts/${contractId}`],
      ['GET', `/contracts/${contractId}/milestones/quote?amount=1`],
      ['GET', `/milestones/${b.id}/quote`],
      ['POST', `/milestones/${b.id}/submit`],
      ['POST', `/milestones/${b.id}/request-changes`],
      ['POST', `/milestones/${b.id}/dispute`],
    ] as const) {
      const res = await call(
        stranger.id,
        method,
        path,
        method === 'POST' ? { notes: 'x', note: 'x', reason: 'x' } : undefined,
      );
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await call(stranger.id, 'GET', `/contracts/${contractId}`)).body.error).toBe(NOT_YOURS);
    for (const path of [
      `/contracts/${contractId}/milestones`,
      `/milestones/${b.id}/approve`,
      `/milestones/${b.id}/cancel`,
    ]) {
      expect((await money(stranger.id, path, { title: 'x', amount: '1.00', pin: PIN })).status, path).toBe(404);
    }
    // only admins resolve
    expect((await money(client.id, `/disputes/${b.id}/resolve`, { outcome: 'refund', note: 'mine' })).status).toBe(403);

    // the admin sees the dispute and splits it: 100 to the freelancer (99 after the 1%), 150 back to the client, audited
    const disputes = await call(admin.id, 'GET', '/disputes', undefined, {}, true);
    expect(disputes.body.disputes.map((x: Json) => x.milestone.id)).toContain(b.id);
    const resolved = await call(
      admin.id,
      'POST',
      `/disputes/${b.id}/resolve`,
      {
        outcome: 'split',
        freelancer_amount: '100.00',
        note: 'The form works after the fix; half the styling is missing.',
      },
      { 'Idempotency-Key': 'split-1' },
      true,
    );
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body.milestone).toMatchObject({
      status: 'resolved',
      resolution: { freelancer_amount: '100.00', client_amount: '150.00' },
    });
    expect(await balance(freelancer.id)).toBe(plus('148.5', '99'));
    expect(await balance(client.id)).toBe(plus('600', '150'));
    expect(minus(await systemBalance('fees'), fees0)).toBe('2.5');
    expect(minus(await systemBalance('escrow'), escrow0)).toBe('0');
    const audit = await getPool().query(
      `SELECT actor_id, after FROM audit_log WHERE action = 'admin.milestone.resolve' AND subject = $1`,
      [`milestone:${b.id}`],
    );
    expect(audit.rows).toEqual([
      { actor_id: admin.id, after: { status: 'resolved', outcome: 'split', freelancer_amount: '100.00' } },
    ]);
    await expectBooks();

    // the contract's history lists every escrow movement; both parties' history names them
    const movements = (await call(client.id, 'GET', `/contracts/${contractId}`)).body.movements as Json[];
    expect(movements.map((m) => [m.kind, m.amount, m.milestone_title])).toEqual([
      ['hold', '150.00', 'Design'],
      ['hold', '250.00', 'Build'],
      ['release', '150.00', 'Design'],
      ['release', '100.00', 'Build'],
      ['refund', '150.00', 'Build'],
    ]);
    expect(new Set(movements.map((m) => m.label))).toEqual(new Set(['Escrow: Design', 'Escrow: Build']));
  });

  it('cancel: a pending milestone returns its escrow to the client; a submitted one cannot be cancelled; only the client may', async () => {
    const { contractId } = await contractBetween(client, freelancer);
    const before = await balance(client.id);
    const m = (
      await money(client.id, `/contracts/${contractId}/milestones`, { title: 'Logo', amount: '40.00', pin: PIN })
    ).body.milestone as Json;
    expect(await balance(client.id)).toBe(minus(before, '40'));
    expect((await money(freelancer.id, `/milestones/${m.id}/cancel`, { pin: PIN })).status).toBe(404);
    const cancelled = await money(client.id, `/milestones/${m.id}/cancel`, { pin: PIN });
    expect(cancelled.body.milestone.status).toBe('cancelled');
    expect(await balance(client.id)).toBe(before);
    expect(await held(m.id)).toBe('0');
    const m2 = (
      await money(client.id, `/contracts/${contractId}/milestones`, { title: 'Icons', amount: '10.00', pin: PIN })
    ).body.milestone as Json;
    await call(freelancer.id, 'POST', `/milestones/${m2.id}/submit`, {});
    const refused = await money(client.id, `/milestones/${m2.id}/cancel`, { pin: PIN });
    expect(refused.status).toBe(409);
    expect(await held(m2.id)).toBe('10');
    await expectBooks();
  });

  it('request changes: a submitted milestone goes back to the freelancer with the note, still funded, and is submitted again', async () => {
    const { contractId } = await contractBetween(client, freelancer);
    const m = (
      await money(client.id, `/contracts/${contractId}/milestones`, { title: 'Copy', amount: '20.00', pin: PIN })
    ).body.milestone as Json;
    expect(
      (await call(client.id, 'POST', `/milestones/${m.id}/request-changes`, { note: 'x' })).status,
      'not submitted yet',
    ).toBe(409);
    await call(freelancer.id, 'POST', `/milestones/${m.id}/submit`, { notes: 'v1' });
    expect(
      (await call(freelancer.id, 'POST', `/milestones/${m.id}/request-changes`, { note: 'mine' })).status,
      'the freelancer may not',
    ).toBe(404);
    const back = await call(client.id, 'POST', `/milestones/${m.id}/request-changes`, {
      note: 'Shorter headline, please.',
    });
    expect(back.body.milestone).toMatchObject({
      status: 'pending',
      change_request_note: 'Shorter headline, please.',
      submitted_at: null,
    });
    expect(await held(m.id)).toBe('20');
    expect(
      (await call(freelancer.id, 'POST', `/milestones/${m.id}/submit`, { notes: 'v2' })).body.milestone,
    ).toMatchObject({ status: 'submitted_for_payment', freelancer_submission_notes: 'v2' });
    expect(
      (await call(client.id, 'POST', `/milestones/${m.id}/submit`, {})).status,
      'only the freelancer submits',
    ).toBe(404);
  });

  it("adding a milestone: 'Insufficient Balance' without the money, bad input 400 with the field, a wrong PIN 403; nothing changes", async () => {
    const poor = await party('Pat Poor', ['USD', '30.00']);
    const { contractId } = await contractBetween(poor, freelancer);
    const count = async () =>
      Number(
        (await getPool().query('SELECT count(*) FROM project_milestones WHERE contract_id = $1', [contractId])).rows[0]
          .count,
      );
    const short = await money(poor.id, `/contracts/${contractId}/milestones`, {
      title: 'All of it',
      amount: '31.00',
      pin: PIN,
    });
    const insufficient = {
      code: 'INSUFFICIENT_FUNDS',
      error: 'You do not have enough USD.',
      details: { title: 'Insufficient Balance', fields: { amount: 'You do not have enough USD.' } },
    };
    expect(short).toMatchObject({ status: 409, body: insufficient });
    expect(await call(poor.id, 'GET', `/contracts/${contractId}/milestones/quote?amount=31.00`)).toMatchObject({
      status: 409,
      body: insufficient,
    });
    for (const [body, field] of [
      [{ title: '', amount: '1.00', pin: PIN }, 'title'],
      [{ title: 'x', amount: '', pin: PIN }, 'amount'],
      [{ title: 'x', amount: '0', pin: PIN }, 'amount'],
      [{ title: 'x', amount: '1.001', pin: PIN }, 'amount'],
      [{ title: 'x', amount: '-5', pin: PIN }, 'amount'],
      [{ title: 'x', amount: '1.00', pin: '12' }, 'pin'],
      [{ title: 'x', amount: '1.00', due_date: 'soon', pin: PIN }, 'due_date'],
    ] as const) {
      const res = await money(poor.id, `/contracts/${contractId}/milestones`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.details.fields), JSON.stringify(body)).toContain(field);
    }
    expect(
      (await money(poor.id, `/contracts/${contractId}/milestones`, { title: 'x', amount: '1.00', pin: '0000' })).status,
    ).toBe(403);
    expect(
      (await call(poor.id, 'POST', `/contracts/${contractId}/milestones`, { title: 'x', amount: '1.00', pin: PIN }))
        .status,
      'no Idempotency-Key',
    ).toBe(400);
    expect(await count()).toBe(0);
    expect(await balance(poor.id)).toBe('30');
    await expectBooks();
  });

  it('auto-release: a submitted milestone left 14 days is paid to the freelancer by the job (the clock moved, not slept); not a day before', async () => {
    // a freelancer of their own: the job releases every due milestone, those of the other tests too
    const freelancer = await party('Finn Freelancer');
    const { contractId } = await contractBetween(client, freelancer);
    const m = (
      await money(client.id, `/contracts/${contractId}/milestones`, { title: 'Deploy', amount: '60.00', pin: PIN })
    ).body.milestone as Json;
    await call(freelancer.id, 'POST', `/milestones/${m.id}/submit`, {});
    const submittedAt = new Date(
      (await getPool().query('SELECT submitted_at FROM project_milestones WHERE id = $1', [m.id])).rows[0].submitted_at,
    );
    const freelancerBefore = await balance(freelancer.id);
    await autoReleaseDue(new Date(submittedAt.getTime() + 13.9 * 86_400_000));
    expect((await call(client.id, 'GET', `/contracts/${contractId}`)).body.milestones[0].status).toBe(
      'submitted_for_payment',
    );
    const later = new Date(submittedAt.getTime() + 14 * 86_400_000 + 1000);
    expect((await autoReleaseDue(later)).released).toBeGreaterThanOrEqual(1);
    const page = (await call(client.id, 'GET', `/contracts/${contractId}`)).body.milestones[0] as Json;
    expect(page).toMatchObject({ status: 'paid', paid_at: later.toISOString() });
    expect(await balance(freelancer.id)).toBe(plus(freelancerBefore, '59.4'));
    // a second run pays nothing twice
    await autoReleaseDue(later);
    expect(await balance(freelancer.id)).toBe(plus(freelancerBefore, '59.4'));
    await expectBooks();
  });
});
