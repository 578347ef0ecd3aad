import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, deposit } from '../../test/helpers.js';
import { getPool } from '../platform/db/pool.js';
import { RealtimeListener } from '../platform/realtime/index.js';
import { LiveSockets, SOCKET_PATH, type ServerEvent } from '../platform/realtime/sockets.js';
import { LIVE_TOPICS, MAX_TOPICS_PER_SOCKET } from '../platform/realtime/topics.js';
import { createCampaign } from './campaigns/campaigns/service.js';
import { campaignInput } from './campaigns/testing.js';
import { invoicesTestClient, person } from './invoices/testing.js';
import { key, marketplaceTestClient, party, projectInput } from './marketplace/testing.js';
import { connect } from './messages/testing.js';
import { createTicket } from './support/tickets/service.js';
import { moduleServices } from './index.js';

// Live pages (docs/decisions.md "Live pages"): the database names the object that changed, on commit
// (prisma/sql/live.sql); a socket hears it only when its user may read that object by the object's GET
// rule, and admins alone hear the admin queues.

const AREAS = ['marketplace', 'support', 'invoices', 'campaigns', 'wallet'];
let url: string;
let live: LiveSockets;
let stop: () => Promise<void>;

beforeAll(async () => {
  const listener = new RealtimeListener();
  const server = serve({ fetch: createTestApp(AREAS).fetch, port: 0, hostname: '127.0.0.1' }) as unknown as Server;
  await new Promise<void>((r) => (server.listening ? r() : server.once('listening', () => r())));
  live = new LiveSockets([], listener, moduleServices(AREAS).liveTopics).attach(server);
  await listener.start();
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}${SOCKET_PATH}`;
  stop = async () => {
    await live.close();
    await listener.stop();
    await new Promise((r) => server.close(r));
  };
});
afterAll(() => stop());

type Socket = Awaited<ReturnType<typeof connect>>;
const isTopic = (topic: string) => (e: ServerEvent) => e.type === 'topic' && e.topic === topic;
const topicsHeard = (s: Socket) => s.events.filter((e) => e.type === 'topic').map((e) => e.topic);
/** Every one of `sockets` hears `topic`. */
async function allHear(topic: string, ...sockets: Socket[]) {
  for (const s of sockets) await s.next(isTopic(topic));
}
const closeAll = (...sockets: Socket[]) => {
  for (const s of sockets) s.close();
};

/** A signed-in socket of `userId` (an admin's token says so) watching `topics`, each allowed. */
async function watching(userId: string, ...topics: string[]) {
  const s = await connect(url, userId);
  s.send({ type: 'watch', topics });
  for (const topic of topics) await s.next((e) => e.type === 'watching' && e.topic === topic);
  return s;
}
/** `userId` asks to watch `topic` and is told 'not found', as the object's GET says to them. */
async function refused(userId: string, topic: string) {
  const s = await connect(url, userId);
  s.send({ type: 'watch', topics: [topic] });
  expect(await s.next((e) => e.type === 'error' && e.topic === topic)).toMatchObject({ code: 'NOT_FOUND' });
  return s;
}
/** After the socket that should hear `topic` heard it, a short wait: what the others would have got is in by then. */
const settle = () => new Promise((r) => setTimeout(r, 150));
async function until(ok: () => boolean) {
  for (const started = Date.now(); !ok(); await new Promise((r) => setTimeout(r, 10)))
    if (Date.now() - started > 3000) throw new Error('not within 3 s');
}

describe('the contract page: its two parties hear its milestones, nobody else', () => {
  const m = marketplaceTestClient();

  it('a milestone added (funded) is told to the freelancer and the client; an outsider may not watch it and hears nothing', async () => {
    const client = await party('Clara Client', ['USD', '1000.00']);
    const freelancer = await party('Fred Freelancer');
    const outsider = await party('Otto Outsider');
    const { contractId } = await m.contractBetween(client, freelancer);
    const topic = `contract:${contractId}`;
    const fred = await watching(freelancer.id, topic);
    const clara = await watching(client.id, topic);
    const otto = await refused(outsider.id, topic);
    expect(live.topics.watchers(topic)).toBe(2);

    const added = await m.money(
      client.id,
      `/contracts/${contractId}/milestones`,
      { title: 'Design', amount: '100.00', pin: '2468' },
      key(),
    );
    expect(added.status).toBe(201);
    await allHear(topic, fred, clara);
    await settle();
    expect(topicsHeard(otto)).toEqual([]);
    expect(topicsHeard(fred)).toEqual([]); // told once for the whole transaction (hold + row), not per row
    closeAll(fred, clara, otto);
  });

  it('a change rolled back is told to nobody; the same change committed is', async () => {
    const client = await party('Rolf Rollback', ['USD', '500.00']);
    const freelancer = await party('Freya Waiting');
    const { contractId } = await m.contractBetween(client, freelancer);
    const topic = `contract:${contractId}`;
    const fred = await watching(freelancer.id, topic);
    const db = await getPool().connect();
    try {
      await db.query('BEGIN');
      await db.query(`UPDATE project_contracts SET status = 'completed' WHERE id = $1`, [contractId]);
      await db.query('ROLLBACK');
      await settle();
      expect(topicsHeard(fred)).toEqual([]);
      await db.query(`UPDATE project_contracts SET contract_terms = 'Signed again' WHERE id = $1`, [contractId]);
    } finally {
      db.release();
    }
    await fred.next(isTopic(topic));
    fred.close();
  });
});

describe("the project's proposals: whoever may read the project", () => {
  it('a proposal sent is told to the project page of the client and of a visitor', async () => {
    const m = marketplaceTestClient();
    const client = await party('Pia Poster');
    const visitor = await party('Vic Visitor');
    const project = await m.call(client.id, 'POST', '/projects', await projectInput());
    const topic = `project:${project.body.project.id}`;
    const pia = await watching(client.id, topic);
    const vic = await watching(visitor.id, topic);
    const sent = await m.call(visitor.id, 'POST', `/projects/${project.body.project.id}/proposals`, {
      proposal_text: 'I can do it.',
      proposed_amount: '300.00',
      estimated_duration_days: 5,
    });
    expect(sent.status).toBe(201);
    await allHear(topic, pia, vic);
    closeAll(pia, vic);
  });
});

describe('the ticket page: its owner and the admins', () => {
  it("an answer is told to the ticket's owner and to an admin watching it; another user may not watch it", async () => {
    const owner = await createUser();
    const other = await createUser();
    const admin = await createUser({ admin: true });
    const { ticket } = await createTicket(owner.id, {
      subject: 'Card declined',
      description: 'It says declined.',
      priority: 'high',
    });
    const topic = `ticket:${ticket.id}`;
    const mine = await watching(owner.id, topic);
    const staff = await watching(admin.id, topic);
    const theirs = await refused(other.id, topic);
    await getPool().query(
      `INSERT INTO ticket_responses (ticket_id, responder_id, response_text, is_admin_response) VALUES ($1, $2, 'We are on it.', true)`,
      [ticket.id, admin.id],
    );
    await allHear(topic, mine, staff);
    await settle();
    expect(topicsHeard(theirs)).toEqual([]);
    closeAll(mine, staff, theirs);
  });
});

describe('the admin queues: admins only', () => {
  it('a new ticket, a KYC submission, a campaign sent to review and a dispute reach the admins; a user may not watch a queue', async () => {
    const admin = await createUser({ admin: true });
    const user = await createUser();
    const queues = ['admin:tickets', 'admin:kyc', 'admin:campaigns', 'admin:disputes'];
    const staff = await watching(admin.id, ...queues);
    const nosy = await connect(url, user.id);
    nosy.send({ type: 'watch', topics: queues });
    for (const q of queues)
      expect(await nosy.next((e) => e.type === 'error' && e.topic === q)).toMatchObject({ code: 'NOT_FOUND' });

    await createTicket(user.id, { subject: 'Help', description: 'Please.', priority: 'low' });
    await staff.next(isTopic('admin:tickets'));
    await getPool().query(
      `INSERT INTO kyc_submissions (user_id, legal_name, date_of_birth, country, document_type, document_number, document_path, document_content_type)
       VALUES ($1, 'Una User', '1990-01-01', 'US', 'passport', 'X123', 'k/doc.png', 'image/png')`,
      [user.id],
    );
    await staff.next(isTopic('admin:kyc'));
    const { campaign } = await createCampaign(user.id, (await campaignInput()) as never);
    await settle();
    expect(topicsHeard(staff)).toEqual([]); // a draft is in no queue
    await getPool().query(
      `UPDATE funding_campaigns SET status = 'pending_approval', submitted_at = now() WHERE id = $1`,
      [campaign.id],
    );
    await staff.next(isTopic('admin:campaigns'));

    const m = marketplaceTestClient();
    const client = await party('Dora Disputer', ['USD', '300.00']);
    const freelancer = await party('Dan Delivered');
    const { contractId } = await m.contractBetween(client, freelancer);
    const added = await m.money(
      client.id,
      `/contracts/${contractId}/milestones`,
      { title: 'Build', amount: '50.00', pin: '2468' },
      key(),
    );
    await m.call(freelancer.id, 'POST', `/milestones/${added.body.milestone.id}/submit`, { notes: 'Done' });
    await settle();
    expect(topicsHeard(staff)).toEqual([]);
    const disputed = await m.call(client.id, 'POST', `/milestones/${added.body.milestone.id}/dispute`, {
      reason: 'Not what we agreed.',
    });
    expect(disputed.status).toBe(200);
    await staff.next(isTopic('admin:disputes'));

    await settle();
    expect(topicsHeard(nosy)).toEqual([]);
    closeAll(staff, nosy);
  });
});

describe('the invoice page: its creator, and its client once sent', () => {
  it("the client's first look (viewed) and the payment are told to the creator; the client may not watch a draft, a stranger never", async () => {
    const inv = invoicesTestClient();
    const creator = await person('Cora Creator');
    const client = await person('Cliff Payer', '500.00');
    const stranger = await person('Stan Stranger');
    const draft = await inv.draftFor(creator.id, client.id);
    const topic = `invoice:${draft.id}`;
    (await refused(client.id, topic)).close();
    const cora = await watching(creator.id, topic);
    expect((await inv.call(creator.id, 'POST', `/${draft.id}/send`)).status).toBe(200);
    await cora.next(isTopic(topic));
    const cliff = await watching(client.id, topic);
    const stan = await refused(stranger.id, topic);
    expect((await inv.call(client.id, 'GET', `/${draft.id}`)).body.invoice.status).toBe('viewed');
    await cora.next(isTopic(topic));
    expect((await inv.pay(client.id, draft.id)).status).toBe(200);
    await allHear(topic, cora, cliff);
    await settle();
    expect(topicsHeard(stan)).toEqual([]);
    closeAll(cora, cliff, stan);
  });
});

describe('the campaign page: everyone once public, its owner before', () => {
  it('a draft is watched by its owner only; an active campaign by anyone, who hears its comments', async () => {
    const owner = await createUser();
    const visitor = await createUser();
    const { campaign } = await createCampaign(owner.id, (await campaignInput()) as never);
    const topic = `campaign:${campaign.id}`;
    (await refused(visitor.id, topic)).close();
    const own = await watching(owner.id, topic);
    await getPool().query(`UPDATE funding_campaigns SET status = 'active', submitted_at = now() WHERE id = $1`, [
      campaign.id,
    ]);
    await own.next(isTopic(topic));
    const vis = await watching(visitor.id, topic);
    await getPool().query(
      `INSERT INTO campaign_comments (campaign_id, commenter_profile_id, comment_text) VALUES ($1, $2, 'Great idea')`,
      [campaign.id, visitor.id],
    );
    await allHear(topic, own, vis);
    closeAll(own, vis);
  });
});

describe('the dashboard: money arriving, for its owner only', () => {
  it("a deposit is told on the receiver's wallets topic; nobody may watch another user's wallets", async () => {
    const me = await createUser();
    const other = await createUser();
    const mine = await watching(me.id, `wallets:${me.id}`);
    const spy = await refused(other.id, `wallets:${me.id}`);
    await deposit(me.id, 'USD', '25.00');
    await mine.next(isTopic(`wallets:${me.id}`));
    await settle();
    expect(topicsHeard(spy)).toEqual([]);
    closeAll(mine, spy);
  });

  it('money moving for someone with no socket open is told to nobody (no NOTIFY, which would serialize the commit)', async () => {
    const offline = await createUser();
    const online = await createUser();
    const heard: string[] = [];
    const raw = new RealtimeListener();
    raw.subscribe(LIVE_TOPICS, ({ topic }) => heard.push(topic));
    await raw.start();
    try {
      const socket = await connect(url, online.id); // presence: a socket on some process
      await deposit(offline.id, 'USD', '5.00');
      await deposit(online.id, 'USD', '5.00');
      await until(() => heard.includes(`wallets:${online.id}`));
      expect(heard).not.toContain(`wallets:${offline.id}`);
      socket.close();
    } finally {
      await raw.stop();
    }
  });
});

describe('watch frames', () => {
  it('an unknown kind, a malformed id and a malformed topic are refused; a socket watches at most its limit; unwatch stops the events', async () => {
    const me = await createUser();
    const s = await connect(url, me.id);
    s.send({ type: 'watch', topics: ['nothing:1'] });
    expect(await s.next((e) => e.type === 'error' && e.topic === 'nothing:1')).toMatchObject({ code: 'NOT_FOUND' });
    s.send({ type: 'watch', topics: ['contract:not-a-uuid'] });
    expect(await s.next((e) => e.type === 'error' && e.topic === 'contract:not-a-uuid')).toMatchObject({
      code: 'NOT_FOUND',
    });
    s.send({ type: 'watch', topics: ['Contract; DROP'] });
    expect(await s.next((e) => e.type === 'error')).toMatchObject({ code: 'BAD_FRAME', frame_type: 'watch' });

    // projects may be read by every signed-in user: fill the socket's limit with them
    const m = marketplaceTestClient();
    const projects: string[] = [];
    for (let i = 0; i <= MAX_TOPICS_PER_SOCKET; i += 1)
      projects.push(`project:${(await m.call(me.id, 'POST', '/projects', await projectInput())).body.project.id}`);
    for (let i = 0; i < MAX_TOPICS_PER_SOCKET - 1; i += 8)
      s.send({ type: 'watch', topics: projects.slice(i, Math.min(i + 8, MAX_TOPICS_PER_SOCKET - 1)) });
    for (const t of projects.slice(0, MAX_TOPICS_PER_SOCKET - 1))
      await s.next((e) => e.type === 'watching' && e.topic === t);
    s.send({
      type: 'watch',
      topics: [`wallets:${me.id}`, projects[MAX_TOPICS_PER_SOCKET - 1]!, projects[MAX_TOPICS_PER_SOCKET]!],
    });
    await s.next((e) => e.type === 'watching' && e.topic === `wallets:${me.id}`);
    expect(await s.next((e) => e.type === 'error' && e.topic === projects[MAX_TOPICS_PER_SOCKET - 1])).toMatchObject({
      code: 'TOO_MANY_TOPICS',
    });
    expect(live.topics.watchers(projects[MAX_TOPICS_PER_SOCKET]!)).toBe(0);

    s.send({ type: 'unwatch', topics: [`wallets:${me.id}`] });
    await settle();
    expect(live.topics.watchers(`wallets:${me.id}`)).toBe(0);
    await deposit(me.id, 'USD', '1.00');
    await settle();
    expect(topicsHeard(s)).toEqual([]);
    s.close();
    await s.closing;
    await settle();
    expect(live.topics.watchers(projects[0]!)).toBe(0); // a closed socket watches nothing
  });
});
