import crypto from 'node:crypto';
import type { TransferEvent } from 'plaid';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, deposit, givePin } from '../helpers.js';
import { getPool } from '../../src/platform/db/pool.js';
import { Prisma } from '../../src/platform/db/prisma.js';
import { inTransaction } from '../../src/platform/db/transaction.js';
import { notify } from '../../src/platform/notifications/index.js';
import { applyEvent } from '../../src/modules/banking/events/apply.js';
import { holdWithdrawal } from '../../src/modules/banking/transfers/booking.js';
import { closeEndedCampaigns } from '../../src/modules/campaigns/closing.js';
import { markOverdueInvoices } from '../../src/modules/invoices/overdue.js';
import { autoReleaseDue } from '../../src/modules/marketplace/milestones/service.js';

// Every kind of notification, made by its real event (HTTP, or the job / bank event that makes it),
// and then the whole table compared with what the events should have written: each entry once, for
// its person, saying who and what. A rolled-back event writes none.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const PIN = '2580';
const app = createTestApp();
const DAY = 86_400_000;

async function call(
  userId: string,
  method: string,
  path: string,
  body?: unknown,
  opts: { admin?: boolean; idem?: boolean; form?: FormData } = {},
) {
  const res = await app.request(`/api${path}`, {
    method,
    headers: {
      ...(await bearer(userId, opts.admin)),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.idem ? { 'idempotency-key': crypto.randomUUID() } : {}),
    },
    body: opts.form ?? (body !== undefined ? JSON.stringify(body) : undefined),
  });
  const out = { status: res.status, body: (await res.json().catch(() => ({}))) as Json };
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(out.body)}`);
  return out.body;
}

async function person(fullName: string, opts: { usd?: string; admin?: boolean; investor?: boolean } = {}) {
  const u = await createUser({ fullName, admin: opts.admin, kyc: opts.investor ? 'verified' : undefined });
  await givePin(u.id, PIN);
  if (opts.investor) await getPool().query('UPDATE profiles SET is_accredited_investor = true WHERE id = $1', [u.id]);
  if (opts.usd) await deposit(u.id, 'USD', opts.usd);
  return u;
}
const usd = async () => (await getPool().query(`SELECT id FROM assets WHERE symbol = 'USD'`)).rows[0].id as string;

/** What each event must have written: one entry per line. */
const expected: { user: string; kind: string; text: string; link: string }[] = [];
const expectEntry = (user: { id: string }, kind: string, text: string, link: string) =>
  expected.push({ user: user.id, kind, text, link });

async function entriesOf(userId: string) {
  const pages: Json[] = [];
  let cursor: string | null = null;
  do {
    const page: Json = await call(userId, 'GET', `/notifications${cursor ? `?cursor=${cursor}` : ''}`);
    pages.push(...page.notifications);
    cursor = page.next_cursor;
  } while (cursor);
  return pages;
}

describe('every event that involves a person writes its notification once, in its own transaction', () => {
  let admin: { id: string };
  beforeAll(async () => {
    admin = await person('Ada Admin', { admin: true });
  });

  it('wallet: money received names its sender; a request received and paid (not also money received)', async () => {
    const dana = await person('Dana Sender', { usd: '100.00' });
    const bob = await person('Bob Receiver');
    await call(
      dana.id,
      'POST',
      '/wallet/transfers',
      { amount: '12.5', recipientId: bob.id, assetSymbol: 'USD', pin: PIN },
      { idem: true },
    );
    expectEntry(bob, 'money_received', 'Dana Sender sent you 12.50 USD.', '/transactions');
    const { request } = await call(bob.id, 'POST', '/wallet/requests', {
      payerId: dana.id,
      assetSymbol: 'USD',
      amount: '3.00',
    });
    expectEntry(dana, 'request_received', 'Bob Receiver requested 3.00 USD from you.', '/pay');
    await call(dana.id, 'POST', `/wallet/requests/${request.id}/pay`, { pin: PIN }, { idem: true });
    expectEntry(bob, 'request_paid', 'Dana Sender paid your request: 3.00 USD.', '/pay');
  });

  it('marketplace: proposals, every step of a milestone, a resolved dispute and the auto-release job', async () => {
    const client = await person('Cleo Client', { usd: '1000.00' });
    const freelancer = await person('Finn Freelancer');
    const other = await person('Olga Other');
    const { project } = await call(client.id, 'POST', '/marketplace/projects', {
      title: 'Bakery site',
      description: 'A one-page site.',
      skills: 'React',
      budget_amount: '500.00',
      budget_type: 'fixed',
      budget_currency: await usd(),
      deadline: null,
    });
    const proposal = (
      await call(freelancer.id, 'POST', `/marketplace/projects/${project.id}/proposals`, {
        proposal_text: 'I can do it.',
        proposed_amount: '400.00',
        estimated_duration_days: 5,
      })
    ).proposal;
    await call(other.id, 'POST', `/marketplace/projects/${project.id}/proposals`, {
      proposal_text: 'Me too.',
      proposed_amount: '450.00',
      estimated_duration_days: 5,
    });
    expectEntry(
      client,
      'proposal_received',
      'Finn Freelancer sent a proposal for "Bakery site".',
      `/project/${project.id}`,
    );
    expectEntry(client, 'proposal_received', 'Olga Other sent a proposal for "Bakery site".', `/project/${project.id}`);
    const { contract_id: contract } = await call(client.id, 'POST', `/marketplace/proposals/${proposal.id}/accept`);
    expectEntry(
      freelancer,
      'proposal_accepted',
      'Cleo Client accepted your proposal for "Bakery site".',
      `/contract/${contract}`,
    );
    expectEntry(
      other,
      'proposal_rejected',
      'Cleo Client rejected your proposal for "Bakery site".',
      `/project/${project.id}`,
    );

    const link = `/contract/${contract}`;
    const fund = async (title: string, amount: string) => {
      const { milestone } = await call(
        client.id,
        'POST',
        `/marketplace/contracts/${contract}/milestones`,
        { title, amount, pin: PIN },
        { idem: true },
      );
      expectEntry(
        freelancer,
        'milestone_funded',
        `Cleo Client funded the milestone "${title}": ${amount} USD in escrow.`,
        link,
      );
      return milestone.id as string;
    };
    const submit = async (id: string, title: string) => {
      await call(freelancer.id, 'POST', `/marketplace/milestones/${id}/submit`, { notes: 'Done.' });
      expectEntry(
        client,
        'milestone_submitted',
        `Finn Freelancer submitted the milestone "${title}" for payment.`,
        link,
      );
    };
    const design = await fund('Design', '100.00');
    await submit(design, 'Design');
    await call(client.id, 'POST', `/marketplace/milestones/${design}/request-changes`, { note: 'Bigger logo.' });
    expectEntry(
      freelancer,
      'milestone_changes_requested',
      'Cleo Client asked for changes to the milestone "Design".',
      link,
    );
    await submit(design, 'Design');
    await call(client.id, 'POST', `/marketplace/milestones/${design}/approve`, { pin: PIN }, { idem: true });
    expectEntry(
      freelancer,
      'milestone_approved',
      'Cleo Client approved the milestone "Design": 100.00 USD paid to you, less the fee.',
      link,
    );

    const build = await fund('Build', '200.00');
    await submit(build, 'Build');
    await call(client.id, 'POST', `/marketplace/milestones/${build}/dispute`, { reason: 'Not what we agreed.' });
    expectEntry(freelancer, 'milestone_disputed', 'Cleo Client disputed the milestone "Build".', link);
    await call(
      admin.id,
      'POST',
      `/marketplace/disputes/${build}/resolve`,
      { outcome: 'split', freelancer_amount: '120.00', note: 'Half done.' },
      { admin: true, idem: true },
    );
    const resolved =
      'The dispute about the milestone "Build" was resolved: 120.00 USD to the freelancer, the rest back to the client.';
    expectEntry(freelancer, 'milestone_resolved', resolved, link);
    expectEntry(client, 'milestone_resolved', resolved, link);

    const launch = await fund('Launch', '50.00');
    await submit(launch, 'Launch');
    expect(await autoReleaseDue(new Date(Date.now() + 15 * DAY))).toEqual({ released: 1 });
    expectEntry(
      freelancer,
      'milestone_auto_released',
      'The milestone "Launch" was paid to you automatically, 14 days after you submitted it: 50.00 USD, less the fee.',
      link,
    );
    expectEntry(
      client,
      'milestone_auto_released',
      'The milestone "Launch" was paid to Finn Freelancer automatically, 14 days after it was submitted: 50.00 USD.',
      link,
    );
  });

  it('campaigns: approved, rejected, and the closing job: funded with investments confirmed, failed with investments refunded', async () => {
    const owner = await person('Otto Owner');
    const investor = await person('Ivy Investor', { usd: '1000.00', investor: true });
    const draft = async (company: string) => {
      const { campaign } = await call(owner.id, 'POST', '/campaigns', {
        company_name: company,
        tagline: 'Bread',
        description: 'We bake sourdough.',
        target_amount: '100.00',
        min_investment: '50.00',
        max_investment: '100.00',
        equity_offered_percentage: '10',
        valuation: '10000.00',
        campaign_end_date: new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10),
        asset_currency_id: await usd(),
      });
      await call(owner.id, 'POST', `/campaigns/${campaign.id}/submit`);
      return campaign.id as string;
    };
    const funded = await draft('Sunny Bakery');
    const failed = await draft('Rainy Bakery');
    const refused = await draft('Cloudy Bakery');
    for (const id of [funded, failed]) {
      await call(admin.id, 'POST', `/campaigns/review/${id}/approve`, undefined, { admin: true });
    }
    expectEntry(
      owner,
      'campaign_approved',
      'Your campaign Sunny Bakery was approved and is live.',
      `/campaign/${funded}`,
    );
    expectEntry(
      owner,
      'campaign_approved',
      'Your campaign Rainy Bakery was approved and is live.',
      `/campaign/${failed}`,
    );
    await call(admin.id, 'POST', `/campaigns/review/${refused}/reject`, { reason: 'No accounts.' }, { admin: true });
    expectEntry(owner, 'campaign_rejected', 'Your campaign Cloudy Bakery was not approved.', `/campaign/${refused}`);
    await call(investor.id, 'POST', `/campaigns/${funded}/investments`, { amount: '100.00', pin: PIN }, { idem: true });
    await call(investor.id, 'POST', `/campaigns/${failed}/investments`, { amount: '50.00', pin: PIN }, { idem: true });

    expect(await closeEndedCampaigns(new Date(Date.now() + 11 * DAY))).toEqual({ funded: 1, closed: 1 });
    expectEntry(
      owner,
      'campaign_funded',
      'Your campaign Sunny Bakery reached its target and is funded.',
      `/campaign/${funded}`,
    );
    expectEntry(
      investor,
      'investment_confirmed',
      'Sunny Bakery reached its target: your investment of 100.00 USD is confirmed.',
      `/campaign/${funded}`,
    );
    expectEntry(
      owner,
      'campaign_failed',
      'Your campaign Rainy Bakery ended below its target; every investment was returned.',
      `/campaign/${failed}`,
    );
    expectEntry(
      investor,
      'investment_refunded',
      'Rainy Bakery did not reach its target: your 50.00 USD was returned to your wallet.',
      `/campaign/${failed}`,
    );
  });

  it('invoices: received, viewed (once), paid, and overdue for both sides', async () => {
    const creator = await person('Rita Creator');
    const client = await person('Lars Client', { usd: '500.00' });
    const invoice = async (number: string, due: string | null) => {
      const { invoice: i } = await call(creator.id, 'POST', '/invoices', {
        invoice_number: number,
        asset_id: await usd(),
        tax_rate: '0',
        client_profile_id: client.id,
        due_date: due,
        items: [{ description: 'Logo', quantity: '2', unit_price: '50.00' }],
      });
      await call(creator.id, 'POST', `/invoices/${i.id}/send`);
      expectEntry(
        client,
        'invoice_received',
        `Rita Creator sent you invoice ${number} for 100.00 USD.`,
        `/invoice/${i.id}`,
      );
      return i.id as string;
    };
    const paid = await invoice('INV-N1', null);
    await call(client.id, 'GET', `/invoices/${paid}`);
    await call(client.id, 'GET', `/invoices/${paid}`); // a second look changes nothing
    expectEntry(creator, 'invoice_viewed', 'Lars Client viewed invoice INV-N1.', `/invoice/${paid}`);
    await call(client.id, 'POST', `/invoices/${paid}/pay`, { pin: PIN }, { idem: true });
    expectEntry(creator, 'invoice_paid', 'Lars Client paid invoice INV-N1: 100.00 USD.', `/invoice/${paid}`);

    const late = await invoice('INV-N2', new Date(Date.now() + DAY).toISOString().slice(0, 10));
    expect(await markOverdueInvoices(new Date(Date.now() + 3 * DAY))).toBe(1);
    expectEntry(creator, 'invoice_overdue', 'Invoice INV-N2 (100.00 USD) is overdue.', `/invoice/${late}`);
    expectEntry(
      client,
      'invoice_overdue',
      'Invoice INV-N2 from Rita Creator (100.00 USD) is overdue.',
      `/invoice/${late}`,
    );
  });

  it('bank transfers: a deposit settled or failed, a withdrawal paid or returned (Plaid events)', async () => {
    const saver = await person('Sam Saver', { usd: '300.00' });
    const transfer = async (direction: 'deposit' | 'withdrawal') => {
      const id = crypto.randomUUID();
      const plaidId = `tr-${id}`;
      await inTransaction(async (db) => {
        const t = {
          id,
          userId: saver.id,
          direction,
          amount: new Prisma.Decimal('40.00'),
          fee: new Prisma.Decimal('0'),
          asset: { symbol: 'USD' },
          institutionName: 'First Platypus Bank',
          accountMask: '0000',
        };
        const hold = direction === 'withdrawal' ? await holdWithdrawal(db, t) : null;
        await db.query(
          `INSERT INTO bank_transfers (id, user_id, direction, asset_id, amount, network, status, institution_name, account_name, account_mask, plaid_account_id, plaid_transfer_id, hold_transaction_id)
           VALUES ($1, $2, $3, $4, 40, 'ach', 'posted', 'First Platypus Bank', 'Checking', '0000', 'acc-1', $5, $6)`,
          [id, saver.id, direction, await usd(), plaidId, hold],
        );
      });
      return plaidId;
    };
    const event = (transferId: string, type: string) =>
      inTransaction((db, tx) => applyEvent(db, tx, { transfer_id: transferId, event_type: type } as TransferEvent));
    expect(await event(await transfer('deposit'), 'settled')).toBe(true);
    expectEntry(
      saver,
      'deposit_settled',
      'Your deposit of 40.00 USD from First Platypus Bank arrived in your wallet.',
      '/linked-accounts',
    );
    expect(await event(await transfer('deposit'), 'failed')).toBe(true);
    expectEntry(
      saver,
      'deposit_failed',
      'Your deposit of 40.00 USD from First Platypus Bank failed.',
      '/linked-accounts',
    );
    const paidOut = await transfer('withdrawal');
    expect(await event(paidOut, 'settled')).toBe(true);
    expect(await event(paidOut, 'funds_available')).toBe(true); // settled already: told once
    expectEntry(
      saver,
      'withdrawal_paid',
      'Your withdrawal of 40.00 USD to First Platypus Bank was paid.',
      '/linked-accounts',
    );
    expect(await event(await transfer('withdrawal'), 'returned')).toBe(true);
    expectEntry(
      saver,
      'withdrawal_returned',
      'Your withdrawal of 40.00 USD to First Platypus Bank did not go through; the money is back in your wallet.',
      '/linked-accounts',
    );
  });

  it('support, identity verification, friends and messages while away', async () => {
    const user = await person('Uma User');
    const form = new FormData();
    form.append('subject', 'Card declined');
    form.append('description', 'Twice.');
    const { ticket } = await call(user.id, 'POST', '/support/tickets', undefined, { form });
    const answer = new FormData();
    answer.append('response_text', 'We fixed it.');
    await call(admin.id, 'POST', `/support/admin/tickets/${ticket.id}/responses`, undefined, {
      admin: true,
      form: answer,
    });
    expectEntry(
      user,
      'ticket_answered',
      `Support answered your ticket ${ticket.ticket_id}.`,
      `/support/ticket/${ticket.id}`,
    );
    await call(
      admin.id,
      'PATCH',
      `/support/admin/tickets/${ticket.id}`,
      { status: 'in_progress', priority: 'medium' },
      { admin: true },
    );
    await call(
      admin.id,
      'PATCH',
      `/support/admin/tickets/${ticket.id}`,
      { status: 'resolved', priority: 'medium' },
      { admin: true },
    );
    expectEntry(
      user,
      'ticket_resolved',
      `Your ticket ${ticket.ticket_id} was resolved.`,
      `/support/ticket/${ticket.id}`,
    );

    for (const decision of ['approve', 'reject'] as const) {
      const person_ = await person(`Kim ${decision}`);
      const { rows } = await getPool().query<{ id: string }>(
        `INSERT INTO kyc_submissions (user_id, status, legal_name, date_of_birth, country, document_type, document_number, document_path, document_content_type)
         VALUES ($1, 'pending', 'Kim', '1990-01-01', 'FR', 'passport', 'Q1234567', 'none.png', 'image/png') RETURNING id`,
        [person_.id],
      );
      await getPool().query(`UPDATE profiles SET kyc_status = 'pending' WHERE id = $1`, [person_.id]);
      await call(
        admin.id,
        'POST',
        `/admin/kyc/${rows[0]!.id}/review`,
        { decision, reason: decision === 'reject' ? 'Blurred photo.' : undefined },
        { admin: true },
      );
      expectEntry(
        person_,
        decision === 'approve' ? 'kyc_approved' : 'kyc_rejected',
        decision === 'approve'
          ? 'Your identity verification was approved.'
          : 'Your identity verification was rejected. Open your profile to see why.',
        '/profile',
      );
    }

    const friend = await person('Fred Friend');
    await call(friend.id, 'POST', `/social/users/${user.id}/friend`);
    await call(friend.id, 'POST', `/social/users/${user.id}/friend`); // asked again: no second entry
    expectEntry(user, 'friend_request', 'Fred Friend sent you a friend request.', `/profile/${friend.id}`);
    await call(user.id, 'POST', `/social/users/${friend.id}/friend`); // accepting is no request

    const sent = await call(friend.id, 'POST', `/messages/with/${user.id}`, {
      content: 'Hi!',
      client_message_id: crypto.randomUUID(),
    });
    expectEntry(user, 'message_received', 'Fred Friend sent you a message.', `/messages/${sent.thread_id}`);
    // online (a socket open on some API process): the chat shows it live, no entry
    await getPool().query(`INSERT INTO socket_presence (node_id, user_id) VALUES ('test-node', $1)`, [user.id]);
    await call(friend.id, 'POST', `/messages/with/${user.id}`, {
      content: 'Still there?',
      client_message_id: crypto.randomUUID(),
    });
  });

  it('the table holds exactly the expected entries (each once) and every kind is among them', async () => {
    // release_rolled_back (to admins, by the canary rule) is checked where that rule is: modules/composition/canaries/canary.test.ts
    const { rows } = await getPool().query<{ kind: string }>(
      `SELECT k::text AS kind FROM unnest(enum_range(NULL::notification_kind)) AS k WHERE k <> 'release_rolled_back'`,
    );
    expect(new Set(expected.map((e) => e.kind))).toEqual(new Set(rows.map((r) => r.kind)));
    const users = [...new Set(expected.map((e) => e.user))];
    const actual = [];
    for (const u of users)
      for (const n of await entriesOf(u)) actual.push({ user: u, kind: n.kind, text: n.text, link: n.link });
    const order = (l: typeof expected) => l.map((e) => JSON.stringify(e)).sort();
    expect(order(actual)).toEqual(order(expected));
    const {
      rows: [total],
    } = await getPool().query<{ n: number }>('SELECT count(*)::int AS n FROM notifications');
    expect(total!.n).toBe(expected.length); // nobody else got anything (the admin acted, nobody told them)
  });
});

describe('a rolled-back event writes no notification', () => {
  it('notify() inside a transaction that fails leaves nothing; the same after a commit leaves one', async () => {
    const u = await createUser();
    const count = async () =>
      (await getPool().query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1', [u.id]))
        .rows[0]!.n;
    await expect(
      inTransaction(async (db) => {
        await notify(db, { userId: u.id, kind: 'kyc_approved', link: '/profile' });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await count()).toBe(0);
    await inTransaction((db) => notify(db, { userId: u.id, kind: 'kyc_approved', link: '/profile' }));
    expect(await count()).toBe(1);
  });

  it('a send refused by the ledger (not enough money) tells the receiver nothing', async () => {
    const poor = await person('Pat Poor', { usd: '1.00' });
    const rich = await person('Rory Receiver');
    const res = await app.request('/api/wallet/transfers', {
      method: 'POST',
      headers: {
        ...(await bearer(poor.id)),
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ amount: '50.00', recipientId: rich.id, assetSymbol: 'USD', pin: PIN }),
    });
    expect(res.status).toBe(409);
    expect((await getPool().query('SELECT 1 FROM notifications WHERE user_id = $1', [rich.id])).rowCount).toBe(0);
  });
});
