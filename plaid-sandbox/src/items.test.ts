import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CountryCode, Products } from 'plaid';
import { SANDBOX_INSTITUTIONS } from './index.js';
import {
  linkItem,
  linkTokenRequest,
  plaidClient,
  plaidErrorOf,
  startTestSandbox,
  type TestSandbox,
} from './test-helpers.js';

let test: TestSandbox;
beforeAll(async () => {
  test = await startTestSandbox();
});
afterAll(() => test.sandbox.close());

describe('items', () => {
  it('/link/token/create answers a link-sandbox token that expires in 4 hours', async () => {
    const { data } = await test.plaid.linkTokenCreate(linkTokenRequest());
    expect(data.link_token).toMatch(/^link-sandbox-[0-9a-f-]{36}$/);
    expect(Date.parse(data.expiration) - Date.now()).toBeGreaterThan(4 * 3600_000 - 60_000);
    expect(data.request_id).toMatch(/^[A-Za-z0-9]{15}$/);
  });

  it('/link/token/create reports missing required fields as MISSING_FIELDS', async () => {
    const { status, error } = await plaidErrorOf(
      test.plaid.linkTokenCreate({ client_name: 'Portal', language: 'en', country_codes: [CountryCode.Us] }),
    );
    expect(status).toBe(400);
    expect(error).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'MISSING_FIELDS' });
    expect(error.error_message).toContain('user.client_user_id');
  });

  it('a sandbox public token exchanges for an access token whose accounts have the institution names, masks and balances', async () => {
    const { data: created } = await test.plaid.sandboxPublicTokenCreate({
      institution_id: 'ins_109508',
      initial_products: [Products.Transfer],
    });
    expect(created.public_token).toMatch(/^public-sandbox-/);
    const { data: exchanged } = await test.plaid.itemPublicTokenExchange({ public_token: created.public_token });
    expect(exchanged.access_token).toMatch(/^access-sandbox-[0-9a-f-]{36}$/);

    const { data } = await test.plaid.accountsGet({ access_token: exchanged.access_token });
    expect(
      data.accounts.map(({ name, mask, type, subtype, balances }) => ({ name, mask, type, subtype, balances })),
    ).toEqual([
      {
        name: 'Plaid Checking',
        mask: '0000',
        type: 'depository',
        subtype: 'checking',
        balances: {
          available: 5000,
          current: 5110,
          iso_currency_code: 'USD',
          limit: null,
          unofficial_currency_code: null,
        },
      },
      {
        name: 'Plaid Saving',
        mask: '1111',
        type: 'depository',
        subtype: 'savings',
        balances: {
          available: 200,
          current: 210,
          iso_currency_code: 'USD',
          limit: null,
          unofficial_currency_code: null,
        },
      },
    ]);
    expect(data.item).toMatchObject({
      item_id: exchanged.item_id,
      institution_id: 'ins_109508',
      webhook: null,
      error: null,
      billed_products: ['transfer'],
      consent_expiration_time: null,
      update_type: 'background',
    });
  });

  it('a public token can be exchanged only once (INVALID_PUBLIC_TOKEN afterwards)', async () => {
    const { data: created } = await test.plaid.sandboxPublicTokenCreate({
      institution_id: 'ins_109508',
      initial_products: [Products.Transfer],
    });
    await test.plaid.itemPublicTokenExchange({ public_token: created.public_token });
    const { error } = await plaidErrorOf(test.plaid.itemPublicTokenExchange({ public_token: created.public_token }));
    expect(error).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_PUBLIC_TOKEN' });
  });

  it('an item at First Gingham answers ITEM_LOGIN_REQUIRED with Plaid’s error object', async () => {
    const item = await linkItem(test.plaid, test.sandbox.url, 'ins_109509');
    const { status, error } = await plaidErrorOf(test.plaid.accountsGet({ access_token: item.accessToken }));
    expect(status).toBe(400);
    expect(error).toEqual({
      error_type: 'ITEM_ERROR',
      error_code: 'ITEM_LOGIN_REQUIRED',
      error_message:
        "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
      display_message: 'Your bank needs you to sign in again.',
      request_id: expect.stringMatching(/^[A-Za-z0-9]{15}$/),
    });
  });

  it('/sandbox/item/reset_login puts a working item into ITEM_LOGIN_REQUIRED', async () => {
    const item = await linkItem(test.plaid, test.sandbox.url, 'ins_109508');
    const { data } = await test.plaid.sandboxItemResetLogin({ access_token: item.accessToken });
    expect(data.reset_login).toBe(true);
    const { error } = await plaidErrorOf(test.plaid.accountsGet({ access_token: item.accessToken }));
    expect(error.error_code).toBe('ITEM_LOGIN_REQUIRED');
  });

  it('Tattersall has one low-balance checking account', async () => {
    const item = await linkItem(test.plaid, test.sandbox.url, 'ins_109510');
    const { data } = await test.plaid.accountsGet({ access_token: item.accessToken });
    expect(data.accounts).toHaveLength(1);
    expect(data.accounts[0]).toMatchObject({ mask: '3333', balances: { available: 20, current: 20 } });
  });

  it('/item/remove makes the access token INVALID_ACCESS_TOKEN', async () => {
    const item = await linkItem(test.plaid, test.sandbox.url, 'ins_109508');
    const { data } = await test.plaid.itemRemove({ access_token: item.accessToken });
    expect(data.request_id).toBeTruthy();
    const { error } = await plaidErrorOf(test.plaid.accountsGet({ access_token: item.accessToken }));
    expect(error).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ACCESS_TOKEN' });
  });

  it('an unknown access token is INVALID_ACCESS_TOKEN', async () => {
    const { status, error } = await plaidErrorOf(test.plaid.accountsGet({ access_token: 'access-sandbox-unknown' }));
    expect(status).toBe(400);
    expect(error.error_code).toBe('INVALID_ACCESS_TOKEN');
  });

  it('wrong API keys are INVALID_API_KEYS', async () => {
    const stranger = plaidClient(test.sandbox.url, 'someone-else', 'wrong-secret');
    const { status, error } = await plaidErrorOf(
      stranger.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Transfer] }),
    );
    expect(status).toBe(400);
    expect(error).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_API_KEYS', display_message: null });
  });

  it('API keys may also come as client_id and secret in the body', async () => {
    const response = await fetch(`${test.sandbox.url}/sandbox/public_token/create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_id: 'portal-sandbox-client',
        secret: 'portal-sandbox-secret',
        institution_id: 'ins_109510',
        initial_products: ['transfer'],
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ public_token: expect.stringMatching(/^public-sandbox-/) });
  });

  it('an unknown institution is INVALID_INSTITUTION', async () => {
    const { error } = await plaidErrorOf(
      test.plaid.sandboxPublicTokenCreate({ institution_id: 'ins_1', initial_products: [Products.Transfer] }),
    );
    expect(error.error_code).toBe('INVALID_INSTITUTION');
  });

  it('an unknown path answers 404 with a Plaid error object', async () => {
    const response = await fetch(`${test.sandbox.url}/transactions/sync`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      error_type: 'INVALID_REQUEST',
      error_code: 'NOT_FOUND',
      request_id: expect.any(String),
    });
  });

  it('a body that is not JSON is INVALID_BODY', async () => {
    const response = await fetch(`${test.sandbox.url}/accounts/get`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: 'INVALID_BODY' });
  });

  it('exports the three test institutions', () => {
    expect(SANDBOX_INSTITUTIONS.map(({ institution_id, name }) => [institution_id, name])).toEqual([
      ['ins_109508', 'First Platypus Bank'],
      ['ins_109509', 'First Gingham Credit Union'],
      ['ins_109510', 'Tattersall Federal Credit Union'],
    ]);
  });

  it('access tokens never reach the log', () => {
    expect(test.logLines.join('\n')).not.toContain('access-sandbox-');
  });
});
