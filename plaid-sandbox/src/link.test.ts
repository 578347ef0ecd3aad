import { Script } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeLink,
  createLinkToken,
  linkItem,
  plaidErrorOf,
  startTestSandbox,
  startWebhookReceiver,
  type TestSandbox,
} from './test-helpers.js';

let test: TestSandbox;
beforeAll(async () => {
  test = await startTestSandbox();
});
afterAll(() => test.sandbox.close());

const linkToken = (accessToken?: string) => createLinkToken(test.plaid, accessToken);

const postJson = (path: string, body: unknown) =>
  fetch(`${test.sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://portal.test' },
    body: JSON.stringify(body),
  });

describe('Link stand-in', () => {
  it('link-initialize.js is served as uncached, cross-origin JavaScript that parses', async () => {
    expect(test.sandbox.linkScriptUrl).toBe(`${test.sandbox.url}/link/v2/stable/link-initialize.js`);
    const response = await fetch(test.sandbox.linkScriptUrl, { headers: { Origin: 'http://portal.test' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const source = await response.text();
    expect(() => new Script(source)).not.toThrow();
    expect(source).not.toContain('innerHTML');
  });

  it('/link/sandbox/complete answers a CORS preflight', async () => {
    const response = await fetch(`${test.sandbox.url}/link/sandbox/complete`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://portal.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
  });

  it('completing Link returns a public token and Link’s onSuccess metadata, with CORS', async () => {
    const response = await postJson('/link/sandbox/complete', {
      link_token: await linkToken(),
      institution_id: 'ins_109508',
      link_session_id: 'session-1',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const { public_token, metadata } = (await response.json()) as {
      public_token: string;
      metadata: Record<string, unknown>;
    };
    expect(public_token).toMatch(/^public-sandbox-/);
    const account = {
      id: expect.any(String),
      name: 'Plaid Checking',
      mask: '0000',
      type: 'depository',
      subtype: 'checking',
      verification_status: null,
      class_type: null,
    };
    expect(metadata).toEqual({
      institution: { name: 'First Platypus Bank', institution_id: 'ins_109508' },
      accounts: [account, { ...account, name: 'Plaid Saving', mask: '1111', subtype: 'savings' }],
      account,
      account_id: expect.any(String),
      link_session_id: 'session-1',
      transfer_status: null,
      public_token,
    });
    const { data } = await test.plaid.itemPublicTokenExchange({ public_token });
    expect(data.access_token).toMatch(/^access-sandbox-/);
  });

  it('an unknown link token is INVALID_LINK_TOKEN', async () => {
    const response = await postJson('/link/sandbox/complete', {
      link_token: 'link-sandbox-unknown',
      institution_id: 'ins_109508',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toMatchObject({
      error_type: 'INVALID_INPUT',
      error_code: 'INVALID_LINK_TOKEN',
      request_id: expect.any(String),
    });
  });

  it('a Link session lists the three institutions', async () => {
    const response = await postJson('/link/sandbox/session', { link_token: await linkToken() });
    expect(await response.json()).toMatchObject({
      mode: 'create',
      link_session_id: expect.any(String),
      update_institution: null,
      institutions: [
        { institution_id: 'ins_109508', name: 'First Platypus Bank' },
        { institution_id: 'ins_109509', name: 'First Gingham Credit Union' },
        { institution_id: 'ins_109510', name: 'Tattersall Federal Credit Union' },
      ],
    });
  });

  it('Link in update mode repairs an ITEM_LOGIN_REQUIRED item and sends LOGIN_REPAIRED', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const item = await linkItem(test.plaid, test.sandbox.url, 'ins_109509', receiver.url);
      expect((await plaidErrorOf(test.plaid.accountsGet({ access_token: item.accessToken }))).error.error_code).toBe(
        'ITEM_LOGIN_REQUIRED',
      );

      const token = await linkToken(item.accessToken);
      const session = await (await postJson('/link/sandbox/session', { link_token: token })).json();
      expect(session).toMatchObject({
        mode: 'update',
        update_institution: { institution_id: 'ins_109509', name: 'First Gingham Credit Union' },
      });

      const completed = await completeLink(test.sandbox.url, { link_token: token });
      expect(completed.metadata.institution.institution_id).toBe('ins_109509');
      const { data: exchanged } = await test.plaid.itemPublicTokenExchange({ public_token: completed.public_token });
      expect(exchanged).toMatchObject({ access_token: item.accessToken, item_id: item.itemId });

      const { data } = await test.plaid.accountsGet({ access_token: item.accessToken });
      expect(data.accounts.map(({ mask, balances }) => [mask, balances.available])).toEqual([['2222', 1000]]);
      const [webhook] = await receiver.waitFor(1);
      expect(JSON.parse(webhook!.body)).toEqual({
        webhook_type: 'ITEM',
        webhook_code: 'LOGIN_REPAIRED',
        item_id: item.itemId,
        environment: 'sandbox',
      });
    } finally {
      await receiver.close();
    }
  });
});
