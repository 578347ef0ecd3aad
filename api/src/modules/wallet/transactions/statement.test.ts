import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { checkBooks, hold, postTransfer, refund, release } from '../../../platform/ledger/index.js';
import { ESCROW_REFERENCE_KINDS, STATEMENT_KINDS } from '../../../platform/ledger/statement.js';
import { assetIdOf, createUser, deposit, send } from '../../../../test/helpers.js';
import { key, walletTestClient, type Json } from '../testing.js';
import { plus, rounded } from '../../../../test/decimal.js';

// The statement (prisma/sql/statement.sql, platform/ledger/statement.ts) as the history, the
// dashboard and the CSV show it. The money moves through the platform's ledger exactly as the
// banking, marketplace and campaigns modules move it; their rows are written here in SQL.

const { call, payer } = walletTestClient();
const db = getPool();
const line = async (userId: string, transactionId: string) =>
  ((await call(userId, 'GET', '/transactions')).body.transactions as Json[]).find((t) => t.id === transactionId);
const csvRow = async (userId: string, transactionId: string) =>
  (await call(userId, 'GET', '/transactions.csv')).text.split('\r\n').find((l) => l.endsWith(`,${transactionId}`));

/** A bank withdrawal as banking/transfers/booking.ts books it: amount + fee held for ('withdrawal', transfer id). */
async function bankWithdrawal(userId: string, amount: string, fee: string) {
  const id = crypto.randomUUID();
  const held = await hold(db, {
    reference: { type: 'withdrawal', id },
    payerId: userId,
    assetSymbol: 'USD',
    amount: rounded(plus(amount, fee), 2),
    description: 'Withdrawal to First Platypus Bank ••0000',
  });
  await db.query(
    `INSERT INTO bank_transfers (id, user_id, direction, asset_id, amount, fee, network, status, institution_name, account_name, account_mask, plaid_account_id, hold_transaction_id)
     VALUES ($1, $2, 'withdrawal', $3, $4::numeric, $5::numeric, 'rtp', 'requested', 'First Platypus Bank', 'Plaid Checking', '0000', 'acc-1', $6)`,
    [id, userId, await assetIdOf('USD'), amount, fee, held.transactionId],
  );
  return { id, holdId: held.transactionId };
}
const setBankStatus = (id: string, status: string, extra = '') =>
  db.query(
    `UPDATE bank_transfers SET status = $2::bank_transfer_status, plaid_transfer_id = coalesce(plaid_transfer_id, 'pt-' || id)${extra} WHERE id = $1`,
    [id, status],
  );

/** A contract between a client and a freelancer (as the marketplace writes it) with one milestone. */
async function milestone(clientId: string, freelancerId: string, title: string, amount: string) {
  const usd = await assetIdOf('USD');
  const project = (
    await db.query(
      `INSERT INTO projects (client_id, title, description, budget_amount, budget_type, budget_currency, status)
    VALUES ($1, 'Website', 'A website', 1000, 'fixed', $2, 'in_progress') RETURNING id`,
      [clientId, usd],
    )
  ).rows[0].id;
  const proposal = (
    await db.query(
      `INSERT INTO project_proposals (project_id, freelancer_id, proposal_text, status) VALUES ($1, $2, 'Me', 'accepted') RETURNING id`,
      [project, freelancerId],
    )
  ).rows[0].id;
  const contract = (
    await db.query(
      `INSERT INTO project_contracts (project_id, proposal_id, client_id, freelancer_id, agreed_amount, currency_asset_id)
    VALUES ($1, $2, $3, $4, 1000, $5) RETURNING id`,
      [project, proposal, clientId, freelancerId, usd],
    )
  ).rows[0].id as string;
  const id = (
    await db.query(
      `INSERT INTO project_milestones (contract_id, title, amount) VALUES ($1, $2, $3::numeric) RETURNING id`,
      [contract, title, amount],
    )
  ).rows[0].id as string;
  const held = await hold(db, {
    reference: { type: 'milestone', id },
    payerId: clientId,
    assetSymbol: 'USD',
    amount,
    description: `Escrow: ${title}`,
  });
  return { id, contract, holdId: held.transactionId };
}

/** An active campaign and one investment held in escrow (as the campaigns module does). */
async function investment(ownerId: string, investorId: string, company: string, amount: string) {
  const campaign = (
    await db.query(
      `INSERT INTO funding_campaigns (created_by_profile_id, company_name, description, target_amount, min_investment, equity_offered_percentage, asset_currency_id, status)
    VALUES ($1, $2, 'Solar roofs', 100000, 10, 5, $3, 'active') RETURNING id`,
      [ownerId, company, await assetIdOf('USD')],
    )
  ).rows[0].id as string;
  const id = crypto.randomUUID();
  const held = await hold(db, {
    reference: { type: 'investment', id },
    payerId: investorId,
    assetSymbol: 'USD',
    amount,
    description: `Investment: ${company}`,
  });
  await db.query(
    `INSERT INTO investments (id, investor_profile_id, campaign_id, amount_invested, status, transaction_id) VALUES ($1, $2, $3, $4::numeric, 'pending_verification', $5)`,
    [id, investorId, campaign, amount, held.transactionId],
  );
  return { id, campaign, holdId: held.transactionId };
}

describe("statement lines in people's words (history, CSV, dashboard)", () => {
  it('a withdrawal shows the bank, its amount and its fee separately (-100.00, fee 1.50, total -101.50), pending until the bank settles; the Withdrawals filter finds it', async () => {
    const u = await createUser({ fullName: 'Wanda' });
    const other = await createUser({ fullName: 'Otto' });
    await deposit(u.id, 'USD', '500.00');
    await send(u.id, other.id, 'USD', '10.00');
    const w = await bankWithdrawal(u.id, '100.00', '1.50');
    expect(await line(u.id, w.holdId)).toMatchObject({
      kind: 'withdrawal',
      direction: 'out',
      label: 'Withdrawal to First Platypus Bank ••0000',
      counterparty: 'First Platypus Bank ••0000',
      link: '/linked-accounts',
      amount: '100.00',
      fee: '1.50',
      total: '-101.50',
      status: 'pending',
      description: null,
      transaction_type: 'escrow_hold',
    });
    const withdrawals = (await call(u.id, 'GET', '/transactions?type=withdrawal')).body;
    expect(withdrawals.transactions.map((t: Json) => t.id)).toEqual([w.holdId]);
    expect(withdrawals.total).toBe(1);
    expect(withdrawals.kinds).toContainEqual({ value: 'withdrawal', label: 'Withdrawals' });
    expect((await call(u.id, 'GET', '/transactions?type=p2p_transfer')).body.total).toBe(1);

    // the bank settles: the hold goes to the withdrawals account, which is no line of the user's; the hold's line is completed
    await release(db, {
      reference: { type: 'withdrawal', id: w.id },
      to: { system: 'withdrawals' },
      amount: '100.00',
      fee: '1.50',
      feeType: 'withdrawal',
    });
    await setBankStatus(w.id, 'settled');
    expect((await call(u.id, 'GET', '/transactions')).body.total).toBe(3);
    expect(await line(u.id, w.holdId)).toMatchObject({
      amount: '100.00',
      fee: '1.50',
      total: '-101.50',
      status: 'completed',
    });
    expect(await csvRow(u.id, w.holdId)).toMatch(
      /,Withdrawal,Withdrawal to First Platypus Bank ••0000,First Platypus Bank ••0000,,USD,-100\.00,1\.50,-101\.50,completed,/,
    );
    expect((await checkBooks()).ok).toBe(true);
  });

  it('a declined withdrawal: the hold shows failed and the refund says what came back and why; a returned one comes back as "returned"', async () => {
    const u = await createUser({ fullName: 'Wanda' });
    await deposit(u.id, 'USD', '500.00');
    const declined = await bankWithdrawal(u.id, '100.00', '1.50');
    const back = await refund(db, { reference: { type: 'withdrawal', id: declined.id } });
    await db.query(
      `UPDATE bank_transfers SET status = 'declined', failure_reason = 'The bank declined the transfer.', undo_transaction_id = $2 WHERE id = $1`,
      [declined.id, back.transactionId],
    );
    expect(await line(u.id, declined.holdId)).toMatchObject({ status: 'failed', amount: '100.00', fee: '1.50' });
    expect(await line(u.id, back.transactionId)).toMatchObject({
      kind: 'withdrawal',
      direction: 'in',
      label: 'Refund of withdrawal to First Platypus Bank ••0000',
      amount: '101.50',
      fee: '0.00',
      total: '101.50',
      description: 'The bank declined the transfer.',
      status: 'completed',
    });

    const returned = await bankWithdrawal(u.id, '20.00', '0.30');
    await release(db, {
      reference: { type: 'withdrawal', id: returned.id },
      to: { system: 'withdrawals' },
      amount: '20.00',
      fee: '0.30',
      feeType: 'withdrawal',
    });
    const reversal = await postTransfer({
      type: 'bank_reversal',
      assetSymbol: 'USD',
      from: { system: 'withdrawals' },
      to: { userId: u.id },
      amount: '20.00',
    });
    await setBankStatus(returned.id, 'settled');
    await setBankStatus(
      returned.id,
      'returned',
      `, failure_reason = 'Account closed.', undo_transaction_id = '${reversal.transactionId}'`,
    );
    expect(await line(u.id, returned.holdId)).toMatchObject({ status: 'returned' });
    expect(await line(u.id, reversal.transactionId)).toMatchObject({
      kind: 'withdrawal',
      direction: 'in',
      label: 'Withdrawal to First Platypus Bank ••0000 returned',
      amount: '20.00',
      total: '20.00',
      description: 'Account closed.',
    });
    expect((await call(u.id, 'GET', '/transactions?type=withdrawal')).body.total).toBe(4);
  });

  it('a deposit from a bank names it; a deposit without one is "Deposit" with its note', async () => {
    const u = await createUser({ fullName: 'Dee' });
    const plain = await deposit(u.id, 'USD', '5.00');
    const booked = await postTransfer({
      type: 'deposit',
      assetSymbol: 'USD',
      from: { system: 'deposits' },
      to: { userId: u.id },
      amount: '250.00',
      description: 'Deposit from First Platypus Bank ••0000',
    });
    await db.query(
      `INSERT INTO bank_transfers (user_id, direction, asset_id, amount, network, status, institution_name, account_name, account_mask, plaid_account_id, plaid_transfer_id, booked_transaction_id)
      VALUES ($1, 'deposit', $2, 250, 'same-day-ach', 'settled', 'First Platypus Bank', 'Plaid Checking', '0000', 'acc-1', 'pt-d', $3)`,
      [u.id, await assetIdOf('USD'), booked.transactionId],
    );
    expect(await line(u.id, booked.transactionId)).toMatchObject({
      kind: 'deposit',
      direction: 'in',
      label: 'Deposit from First Platypus Bank ••0000',
      counterparty: 'First Platypus Bank ••0000',
      link: '/linked-accounts',
      amount: '250.00',
      fee: '0.00',
      total: '250.00',
      status: 'completed',
      description: null,
    });
    expect(await line(u.id, plain.transactionId)).toMatchObject({
      kind: 'deposit',
      label: 'Deposit',
      counterparty: null,
      link: null,
      description: 'Test deposit',
    });
    expect((await call(u.id, 'GET', '/transactions?type=deposit')).body.total).toBe(2);
  });

  it('milestone funding names the milestone and the freelancer; its payment names the client, with the 1% fee; a refund says so; links go to the contract', async () => {
    const client = await createUser({ fullName: 'Carla Client' });
    const freelancer = await createUser({ fullName: 'Fred Freelancer' });
    await deposit(client.id, 'USD', '1000.00');
    const polish = await milestone(client.id, freelancer.id, 'Polish', '250.00');
    expect(await line(client.id, polish.holdId)).toMatchObject({
      kind: 'milestone_payment',
      direction: 'out',
      label: 'Milestone funded: "Polish" for Fred Freelancer',
      counterparty: 'Fred Freelancer',
      link: `/contract/${polish.contract}`,
      amount: '250.00',
      fee: '0.00',
      total: '-250.00',
      description: null,
    });
    const paid = await release(db, {
      reference: { type: 'milestone', id: polish.id },
      to: { userId: freelancer.id },
      feeType: 'milestone_payment',
    });
    expect(await line(freelancer.id, paid.transactionId)).toMatchObject({
      kind: 'milestone_payment',
      direction: 'in',
      label: 'Milestone paid: "Polish" by Carla Client',
      counterparty: 'Carla Client',
      link: `/contract/${polish.contract}`,
      amount: '250.00',
      fee: '2.50',
      total: '247.50',
    });
    const logo = await milestone(client.id, freelancer.id, 'Logo', '40.00');
    const back = await refund(db, { reference: { type: 'milestone', id: logo.id } });
    expect(await line(client.id, back.transactionId)).toMatchObject({
      kind: 'milestone_payment',
      direction: 'in',
      label: 'Refund of milestone "Logo"',
      counterparty: 'Fred Freelancer',
      total: '40.00',
    });
    expect((await call(client.id, 'GET', '/transactions?type=milestone_payment')).body.total).toBe(3);
    const dashboard = (await call(client.id, 'GET', '/dashboard')).body.recent_transactions as Json[];
    expect(dashboard.find((t) => t.id === polish.holdId)).toMatchObject({
      label: 'Milestone funded: "Polish" for Fred Freelancer',
      amount: '250.00',
      asset: { symbol: 'USD', scale: 2 },
    });
  });

  it('an investment names the company and links the campaign; the owner sees who invested and the fee; a refund says so', async () => {
    const owner = await createUser({ fullName: 'Olive Owner' });
    const investor = await createUser({ fullName: 'Ivan Investor' });
    await deposit(investor.id, 'USD', '1000.00');
    const inv = await investment(owner.id, investor.id, 'Walk Solar', '300.00');
    expect(await line(investor.id, inv.holdId)).toMatchObject({
      kind: 'investment',
      direction: 'out',
      label: 'Investment in Walk Solar',
      counterparty: 'Walk Solar',
      link: `/campaign/${inv.campaign}`,
      amount: '300.00',
      total: '-300.00',
    });
    const paid = await release(db, {
      reference: { type: 'investment', id: inv.id },
      to: { userId: owner.id },
      feeType: 'investment',
    });
    expect(await line(owner.id, paid.transactionId)).toMatchObject({
      kind: 'investment',
      direction: 'in',
      label: 'Investment in Walk Solar from Ivan Investor',
      counterparty: 'Ivan Investor',
      amount: '300.00',
      fee: '6.00',
      total: '294.00',
    });
    const second = await investment(owner.id, investor.id, 'Walk Solar', '50.00');
    const back = await refund(db, { reference: { type: 'investment', id: second.id } });
    expect(await line(investor.id, back.transactionId)).toMatchObject({
      kind: 'investment',
      label: 'Refund of investment in Walk Solar',
      direction: 'in',
      total: '50.00',
    });
  });

  it('P2P both sides: "Sent to" with the fee the sender paid, "Received from" without; notes kept; a paid request says so on both sides', async () => {
    const ann = await payer('Ann Sender');
    const ben = await createUser({ fullName: 'Ben Receiver' });
    const t = await send(ann.id, ben.id, 'USD', '10.00', 'Lunch');
    expect(await line(ann.id, t.transactionId)).toMatchObject({
      kind: 'p2p_transfer',
      direction: 'out',
      label: 'Sent to Ben Receiver',
      counterparty: 'Ben Receiver',
      amount: '10.00',
      fee: '0.05',
      total: '-10.05',
      description: 'Lunch',
      link: null,
    });
    expect(await line(ben.id, t.transactionId)).toMatchObject({
      kind: 'p2p_transfer',
      direction: 'in',
      label: 'Received from Ann Sender',
      counterparty: 'Ann Sender',
      amount: '10.00',
      fee: '0.00',
      total: '10.00',
    });

    const asked = await call(ben.id, 'POST', '/requests', {
      payerId: ann.id,
      assetSymbol: 'USD',
      amount: '4.00',
      description: 'Cinema',
    });
    expect(asked.status).toBe(201);
    const paid = await call(
      ann.id,
      'POST',
      `/requests/${asked.body.request?.id ?? asked.body.id}/pay`,
      { pin: '1234' },
      { 'Idempotency-Key': key() },
    );
    expect(paid.status).toBe(201);
    const txId = paid.body.transaction.id as string;
    expect(await line(ann.id, txId)).toMatchObject({
      kind: 'p2p_transfer',
      direction: 'out',
      label: 'Paid request from Ben Receiver',
      counterparty: 'Ben Receiver',
      amount: '4.00',
    });
    expect(await line(ben.id, txId)).toMatchObject({
      kind: 'p2p_transfer',
      direction: 'in',
      label: 'Request paid by Ann Sender',
    });
    expect((await call(ann.id, 'GET', '/transactions?type=p2p_transfer')).body.total).toBe(2); // a paid request is a transfer
  });

  it('an invoice payment names the invoice and the other party and links the invoice', async () => {
    const creator = await createUser({ fullName: 'Cora Creator' });
    const client = await createUser({ fullName: 'Pat Payer' });
    await deposit(client.id, 'USD', '100.00');
    const paid = await postTransfer({
      type: 'invoice_payment',
      assetSymbol: 'USD',
      from: { userId: client.id },
      to: { userId: creator.id },
      amount: '60.00',
      description: 'Invoice INV-000042',
    });
    const invoice = (
      await db.query(
        `WITH inv AS (
        INSERT INTO invoices (creator_id, client_profile_id, invoice_number, subtotal_amount, total_amount, asset_id)
        VALUES ($1, $2, 'INV-000042', 60, 60, $3) RETURNING id
      ), item AS (INSERT INTO invoice_items (invoice_id, position, description, quantity, unit_price, total) SELECT id, 1, 'Design', 1, 60, 60 FROM inv)
      SELECT id FROM inv`,
        [creator.id, client.id, await assetIdOf('USD')],
      )
    ).rows[0].id;
    await db.query(`UPDATE invoices SET status = 'sent', sent_at = now() WHERE id = $1`, [invoice]);
    await db.query(`UPDATE invoices SET status = 'paid', paid_at = now(), payment_transaction_id = $2 WHERE id = $1`, [
      invoice,
      paid.transactionId,
    ]);
    expect(await line(client.id, paid.transactionId)).toMatchObject({
      kind: 'invoice_payment',
      direction: 'out',
      label: 'Invoice INV-000042 paid to Cora Creator',
      counterparty: 'Cora Creator',
      link: `/invoice/${invoice}`,
      description: null,
    });
    expect(await line(creator.id, paid.transactionId)).toMatchObject({
      kind: 'invoice_payment',
      direction: 'in',
      label: 'Invoice INV-000042 paid by Pat Payer',
      counterparty: 'Pat Payer',
    });
  });

  it('amounts at the asset scale everywhere (USD 2, BTC 8): history, dashboard and CSV', async () => {
    const a = await createUser({ fullName: 'Ann' });
    const b = await createUser({ fullName: 'Ben' });
    await deposit(a.id, 'USD', '200.00');
    await deposit(a.id, 'BTC', '1');
    const usd = await send(a.id, b.id, 'USD', '129.89');
    const btc = await send(a.id, b.id, 'BTC', '0.0025');
    expect(await line(a.id, usd.transactionId)).toMatchObject({ amount: '129.89', asset: { scale: 2 } });
    expect(await line(a.id, btc.transactionId)).toMatchObject({ amount: '0.00250000', asset: { scale: 8 } });
    const recent = (await call(a.id, 'GET', '/dashboard')).body.recent_transactions as Json[];
    expect(recent.find((t) => t.id === usd.transactionId)).toMatchObject({ amount: '129.89', label: 'Sent to Ben' });
    expect(await csvRow(a.id, usd.transactionId)).toMatch(
      /,Transfer,Sent to Ben,Ben,Test transfer,USD,-129\.89,0\.65,-130\.54,completed,/,
    );
  });
});

describe('every transaction type and escrow reference kind has words (S1, prisma/sql/statement.sql)', () => {
  const words = async (tx: string, viewer: string) =>
    (
      await db.query<{ kind: string; label: string | null }>('SELECT kind, label FROM statement_line($1, $2)', [
        tx,
        viewer,
      ])
    ).rows[0]!;

  it('each type of the schema, seen by its sender and by its receiver, has a label and a kind the filter offers', async () => {
    const { rows } = await db.query<{ type: string }>(
      'SELECT unnest(enum_range(NULL::transaction_type))::text AS type',
    );
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const a = await createUser({ fullName: 'Ann' });
    const b = await createUser({ fullName: 'Ben' });
    await deposit(a.id, 'USD', '100000.00');
    await db.query('DELETE FROM fee_schedule'); // any type may be posted plainly here, whatever its schedule says
    for (const { type } of rows) {
      // an escrow movement always carries what it holds money for (ledger_hold / ledger_pay_out_hold)
      const reference = type.startsWith('escrow_') ? ['withdrawal', crypto.randomUUID()] : [null, null];
      const t = (
        await db.query<{ transaction_id: string }>(
          `SELECT transaction_id FROM ledger_post_transfer($1::transaction_type, 'USD', $2, NULL, $3, NULL, 1, NULL, $4, $5)`,
          [type, a.id, b.id, ...reference],
        )
      ).rows[0]!;
      for (const viewer of [a.id, b.id]) {
        const w = await words(t.transaction_id, viewer);
        expect({ type, label: w.label }).toEqual({ type, label: expect.stringMatching(/^[A-Z][^_]+$/) });
        expect(Object.keys(STATEMENT_KINDS)).toContain(w.kind);
      }
    }
  });

  it('money held for each reference kind: its hold and its refund have a label and a kind the filter offers', async () => {
    const a = await createUser({ fullName: 'Ann' });
    await deposit(a.id, 'USD', '1000.00');
    for (const kind of ESCROW_REFERENCE_KINDS) {
      const reference = { type: kind, id: crypto.randomUUID() };
      const held = await hold(db, { reference, payerId: a.id, assetSymbol: 'USD', amount: '10.00' });
      const back = await refund(db, { reference });
      for (const tx of [held.transactionId, back.transactionId]) {
        const w = await words(tx, a.id);
        expect(w.label).toMatch(/^[A-Z][^_]+$/);
        expect(Object.keys(STATEMENT_KINDS)).toContain(w.kind);
      }
    }
  });

  it('every reference kind the modules hold money for is one the statement knows', () => {
    const modules = path.resolve(import.meta.dirname, '../..');
    const used = new Set<string>();
    const walk = (dir: string): void => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (p.endsWith('.ts') && !p.endsWith('.test.ts')) {
          // reference: { type: 'x' ... } and const reference = (t) => ({ type: 'x', ... })
          for (const m of fs
            .readFileSync(p, 'utf8')
            .matchAll(/reference(?::\s*|\s*=\s*(?:\([^)]*\)\s*=>\s*\(?)?)\{\s*type:\s*'([a-z_]+)'/g))
            used.add(m[1]!);
        }
      }
    };
    walk(modules);
    expect([...used].sort()).toEqual(expect.arrayContaining(['investment', 'milestone', 'withdrawal']));
    for (const kind of used) expect(ESCROW_REFERENCE_KINDS).toContain(kind);
  });
});
