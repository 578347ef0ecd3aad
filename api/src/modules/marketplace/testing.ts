import crypto from 'node:crypto';
import { expect } from 'vitest';
import { getPool } from '../../platform/db/pool.js';
import { checkBooks } from '../../platform/ledger/index.js';
import { hashPin } from '../../platform/pin/index.js';
import { exact } from '../../../test/decimal.js';
import { bearer, createTestApp, createUser, deposit } from '../../../test/helpers.js';

/** What the marketplace's API tests share: an app with the module, calls as a user, the parties and the money checks. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export const PIN = '2468';
export const key = () => crypto.randomUUID();

export function marketplaceTestClient() {
  const app = createTestApp(['marketplace']);
  async function call(
    userId: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    admin = false,
  ) {
    const res = await app.request(`/api/marketplace${path}`, {
      method,
      headers: {
        ...(await bearer(userId, admin)),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Json };
  }
  const money = (userId: string, path: string, body: Json, idem = key()) =>
    call(userId, 'POST', path, body, { 'Idempotency-Key': idem });
  /** client posts, freelancer proposes `proposed`, client accepts: the contract id. */
  async function contractBetween(
    client: { id: string },
    freelancer: { id: string },
    proposed: string | null = '400.00',
  ) {
    const project = await call(client.id, 'POST', '/projects', await projectInput());
    expect(project.status).toBe(201);
    const proposal = await call(freelancer.id, 'POST', `/projects/${project.body.project.id}/proposals`, {
      proposal_text: 'I have built twelve of these.',
      proposed_amount: proposed,
      estimated_duration_days: 10,
    });
    expect(proposal.status).toBe(201);
    const accepted = await call(client.id, 'POST', `/proposals/${proposal.body.proposal.id}/accept`);
    expect(accepted.status).toBe(200);
    return { contractId: accepted.body.contract_id as string, projectId: project.body.project.id as string };
  }
  return { app, call, money, contractBetween };
}

/** A user with a PIN and, optionally, money. */
export async function party(fullName: string, funds?: [string, string]) {
  const u = await createUser({ fullName });
  await getPool().query('UPDATE profiles SET transaction_pin_hash = $2 WHERE id = $1', [u.id, hashPin(u.id, PIN)]);
  if (funds) await deposit(u.id, funds[0], funds[1]);
  return u;
}

export const usdId = async () =>
  (await getPool().query(`SELECT id FROM assets WHERE symbol = 'USD'`)).rows[0].id as string;

export const projectInput = async (over: Json = {}) => ({
  title: 'Landing page for a bakery',
  description: 'A one-page site with the menu and opening hours.',
  skills: 'React, CSS, Figma',
  budget_amount: '500.00',
  budget_type: 'fixed',
  budget_currency: await usdId(),
  deadline: null,
  ...over,
});

export const balance = async (userId: string, symbol = 'USD') =>
  exact(
    (
      await getPool().query(
        `SELECT coalesce((SELECT w.balance FROM user_wallets w JOIN assets a ON a.id = w.asset_id WHERE w.user_id = $1 AND a.symbol = $2), 0)::text AS b`,
        [userId, symbol],
      )
    ).rows[0].b,
  );
export const systemBalance = async (code: 'escrow' | 'fees', symbol = 'USD') =>
  exact(
    (
      await getPool().query(
        `SELECT b.balance::text AS b FROM system_account_balances b JOIN assets a ON a.id = b.asset_id WHERE b.code = $1 AND a.symbol = $2`,
        [code, symbol],
      )
    ).rows[0].b,
  );
export const expectBooks = async () => expect((await checkBooks()).problems).toEqual([]);
export const held = async (milestoneId: string) =>
  exact(
    (
      await getPool().query(
        `SELECT coalesce((SELECT held FROM escrow_holds WHERE reference_type = 'milestone' AND reference_id = $1), 0)::text AS h`,
        [milestoneId],
      )
    ).rows[0].h,
  );
