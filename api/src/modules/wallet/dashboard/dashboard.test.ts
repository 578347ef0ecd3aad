import { describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { bearer, createTestApp, createUser, deposit, send } from '../../../../test/helpers.js';

const app = createTestApp(['wallet']);
type Dashboard = {
  profile: { id: string; full_name: string | null; email: string };
  wallets: { id: string; balance: string; asset: { symbol: string; scale: number; logo_url: string | null } }[];
  recent_transactions: {
    id: string;
    amount: string;
    fee: string;
    transaction_type: string;
    status: string;
    asset: { symbol: string };
    sender: { id: string; full_name: string | null } | null;
    receiver: { id: string; full_name: string | null } | null;
  }[];
};
const getDashboard = async (userId: string) => app.request('/api/wallet/dashboard', { headers: await bearer(userId) });

describe('GET /api/wallet/dashboard (docs/product.md "Dashboard")', () => {
  it("shows only the caller's own profile, wallets and transactions where the caller is sender or receiver", async () => {
    const alice = await createUser({ fullName: 'Alice' });
    const bob = await createUser({ fullName: 'Bob' });
    const carol = await createUser({ fullName: 'Carol' });
    await deposit(alice.id, 'USD', '100.00');
    await deposit(bob.id, 'EUR', '50.00');
    await deposit(carol.id, 'BTC', '1');
    const aliceToBob = await send(alice.id, bob.id, 'USD', '10.00');
    const bobToCarol = await send(bob.id, carol.id, 'EUR', '5.00');

    const res = await getDashboard(alice.id);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Dashboard;
    expect(body.profile).toMatchObject({ id: alice.id, full_name: 'Alice', email: alice.email });

    const aliceWalletIds = (
      await getPool().query('SELECT id FROM user_wallets WHERE user_id = $1', [alice.id])
    ).rows.map((r) => r.id);
    expect(body.wallets.map((w) => w.id).sort()).toEqual(aliceWalletIds.sort());
    expect(body.wallets.map((w) => w.asset.symbol)).toEqual(['USD']);

    const ids = body.recent_transactions.map((t) => t.id);
    expect(ids).toContain(aliceToBob.transactionId);
    expect(ids).not.toContain(bobToCarol.transactionId);
    for (const t of body.recent_transactions) expect([t.sender?.id, t.receiver?.id]).toContain(alice.id);
  });

  it('lists the 5 newest transactions, newest first, with sender and receiver names and amounts at the asset scale', async () => {
    const dana = await createUser({ fullName: 'Dana' });
    const erin = await createUser({ fullName: 'Erin' });
    await deposit(dana.id, 'USD', '1000.00');
    const posted = [];
    for (let i = 1; i <= 6; i++) posted.push(await send(dana.id, erin.id, 'USD', `${i}.00`));

    const body = (await (await getDashboard(dana.id)).json()) as Dashboard;
    expect(body.recent_transactions).toHaveLength(5);
    expect(body.recent_transactions.map((t) => t.amount)).toEqual(['6.00', '5.00', '4.00', '3.00', '2.00']);
    const newest = body.recent_transactions[0]!;
    expect(newest).toMatchObject({
      transaction_type: 'p2p_transfer',
      status: 'completed',
      fee: '0.03',
      asset: { symbol: 'USD' },
      sender: { id: dana.id, full_name: 'Dana' },
      receiver: { id: erin.id, full_name: 'Erin' },
    });
    // 1000 - (1+2+...+6) - fees (0.5% each, at least 0.01): 0.01+0.01+0.02+0.02+0.03+0.03 = 0.12
    expect(body.wallets[0]).toMatchObject({
      balance: '978.88',
      asset: { symbol: 'USD', scale: 2, logo_url: '/api/platform/assets/logo/USD.svg' },
    });
  });

  it('shows a deposit with no sender and balances with the asset scale (BTC 8 decimals)', async () => {
    const fay = await createUser();
    await deposit(fay.id, 'BTC', '0.5');
    const body = (await (await getDashboard(fay.id)).json()) as Dashboard;
    expect(body.wallets[0]!.balance).toBe('0.50000000');
    expect(body.recent_transactions[0]).toMatchObject({
      transaction_type: 'deposit',
      sender: null,
      receiver: { id: fay.id },
    });
  });

  it("answers 404 'Could not load profile. Please try again.' when the user has no profile", async () => {
    const { rows } = await getPool().query(`INSERT INTO users (email) VALUES ('noprofile@example.test') RETURNING id`);
    const res = await getDashboard(rows[0].id);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Could not load profile. Please try again.', code: 'NOT_FOUND' });
  });

  it('refuses a visitor without a valid token (401)', async () => {
    expect((await app.request('/api/wallet/dashboard')).status).toBe(401);
    const res = await app.request('/api/wallet/dashboard', { headers: { authorization: 'Bearer not-a-jwt' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
