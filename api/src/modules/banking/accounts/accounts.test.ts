import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { openToken, plaid, plaidErrorOf } from '../../../platform/plaid/index.js';
import {
  FIRST_PLATYPUS,
  GINGHAM_LOGIN_FAILS,
  TATTERSALL_LOW_BALANCE,
  bankingHarness,
  person,
  usdId,
} from '../testing.js';

let h: Awaited<ReturnType<typeof bankingHarness>>;
beforeAll(async () => {
  h = await bankingHarness();
});
afterAll(async () => {
  await h.close();
});

const row = async (id: string) =>
  (await getPool().query('SELECT * FROM user_linked_accounts WHERE id = $1', [id])).rows[0];

describe('linked accounts (docs/product.md "Linked accounts, deposits and withdrawal" Linked payment methods, plaid-create-link-token / plaid-exchange-public-token)', () => {
  it('link -> exchange -> accounts: institution, account name, type, subtype, mask, status; the access token is stored encrypted and never answered', async () => {
    const u = await person();
    const token = await h.call(u.id, 'POST', '/link-token', {});
    expect(token.status).toBe(200);
    expect(token.body.link_token).toMatch(/^link-sandbox-/);
    expect(token.body.script_url).toMatch(/\/link\/v2\/stable\/link-initialize\.js$/);

    const accounts = await h.link(u.id, FIRST_PLATYPUS);
    expect(
      accounts.map((a) => [
        a.institution_name,
        a.account_name,
        a.account_type,
        a.account_subtype,
        a.account_mask,
        a.status,
        a.instant,
      ]),
    ).toEqual([
      ['First Platypus Bank', 'Plaid Checking', 'depository', 'checking', '0000', 'active', true],
      ['First Platypus Bank', 'Plaid Saving', 'depository', 'savings', '1111', 'active', false],
    ]);
    const list = await h.call(u.id, 'GET', '/accounts');
    expect(list.body.accounts).toHaveLength(2);
    const stored = await row(accounts[0]!.id);
    expect(stored.access_token_enc).toMatch(/^v1:/);
    const accessToken = openToken(stored.access_token_enc);
    expect(accessToken).toMatch(/^access-sandbox-/);
    expect(stored.access_token_enc).not.toContain(accessToken);
    expect(list.text).not.toContain(accessToken);
    expect(list.text).not.toContain(stored.plaid_item_id);
  });

  it('a bank whose login fails is linked as login_required; it cannot move money until Link in update mode repairs it (Reconnect)', async () => {
    const u = await person('100.00');
    const [account] = await h.link(u.id, GINGHAM_LOGIN_FAILS);
    expect(account!.status).toBe('login_required');
    const refused = await h.move(u.id, 'withdrawals', {
      linkedAccountId: account!.id,
      assetId: await usdId(),
      amount: '10.00',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Your bank needs you to sign in again: choose Reconnect first.');

    const update = await h.call(u.id, 'POST', '/link-token', { linked_account_id: account!.id });
    expect(update.status).toBe(200);
    // what the Link stand-in does when the user signs in again
    const sandboxUrl = new URL(update.body.script_url).origin;
    const done = await fetch(`${sandboxUrl}/link/sandbox/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ link_token: update.body.link_token, institution_id: GINGHAM_LOGIN_FAILS }),
    });
    expect(done.status).toBe(200);
    const repaired = await h.call(u.id, 'POST', `/accounts/${account!.id}/reconnected`);
    expect(repaired.status).toBe(200);
    expect(repaired.body.account.status).toBe('active');
  });

  it("unlinking another user's account is 404 and changes nothing; the owner's unlink removes the rows and, with the last one, the item at Plaid", async () => {
    const owner = await person();
    const stranger = await person();
    const accounts = await h.link(owner.id, FIRST_PLATYPUS);
    const token = openToken((await row(accounts[0]!.id)).access_token_enc);
    for (const a of accounts) {
      expect((await h.call(stranger.id, 'DELETE', `/accounts/${a.id}`)).status).toBe(404);
      expect((await h.call(stranger.id, 'POST', `/accounts/${a.id}/reconnected`)).status).toBe(404);
      expect((await h.call(stranger.id, 'POST', '/link-token', { linked_account_id: a.id })).status).toBe(404);
    }
    expect((await h.call(stranger.id, 'GET', '/accounts')).body.accounts).toEqual([]);
    expect(await row(accounts[0]!.id)).toBeTruthy();

    expect((await h.call(owner.id, 'DELETE', `/accounts/${accounts[0]!.id}`)).body).toEqual({
      message: 'Account unlinked.',
    });
    expect(await row(accounts[0]!.id)).toBeUndefined();
    await (await plaid()).accountsGet({ access_token: token }); // the item still has the savings account
    expect((await h.call(owner.id, 'DELETE', `/accounts/${accounts[1]!.id}`)).status).toBe(200);
    const gone = await (await plaid()).accountsGet({ access_token: token }).then(() => null, plaidErrorOf);
    expect(gone?.error_code).toBe('INVALID_ACCESS_TOKEN');
    expect((await h.call(owner.id, 'GET', '/accounts')).body.accounts).toEqual([]);
  });

  it('a bank without RTP is shown as not instant (withdrawals go by same-day ACH)', async () => {
    const u = await person();
    const [account] = await h.link(u.id, TATTERSALL_LOW_BALANCE);
    expect(account).toMatchObject({
      institution_name: 'Tattersall Federal Credit Union',
      account_mask: '3333',
      instant: false,
      status: 'active',
    });
  });

  it('an expired or used public token is a 400 that stores nothing', async () => {
    const u = await person();
    const res = await h.call(u.id, 'POST', '/exchange', {
      public_token: 'public-sandbox-nope',
      institution_id: FIRST_PLATYPUS,
      institution_name: 'First Platypus Bank',
      accounts: [],
    });
    expect(res.status).toBe(400);
    expect((await h.call(u.id, 'GET', '/accounts')).body.accounts).toEqual([]);
  });
});
