import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Products } from 'plaid';
import type { SecurityFixtures, SecurityParty } from '../../../test/security/fixtures.js';
import { getPool } from '../../platform/db/pool.js';
import { openToken, plaid } from '../../platform/plaid/index.js';
import { assetIdOf, deposit, givePin } from '../../../test/helpers.js';
import { exchangePublicToken } from './link-token/service.js';

/**
 * Security-suite fixtures (test/security/fixtures.ts): the party's own bank linked in the process's
 * local Plaid sandbox, a PIN and dollars; the webhook route gets a webhook the sandbox really signed.
 */
const PIN = '1357';
const INSTITUTION = 'ins_109508';

async function linkedAccount(party: SecurityParty, webhook?: string) {
  const { public_token } = (
    await (
      await plaid()
    ).sandboxPublicTokenCreate({
      institution_id: INSTITUTION,
      initial_products: [Products.Transfer],
      ...(webhook ? { options: { webhook } } : {}),
    })
  ).data;
  const { accounts } = await exchangePublicToken(party.id, {
    public_token,
    institution_id: INSTITUTION,
    institution_name: 'First Platypus Bank',
    accounts: [],
  });
  return accounts[0]!;
}

async function readyToMove(party: SecurityParty) {
  await givePin(party.id, PIN);
  await deposit(party.id, 'USD', '50.00');
  const account = await linkedAccount(party);
  return { linkedAccountId: account.id, assetId: await assetIdOf('USD'), amount: '5.00' };
}

const move = async ({ caller, owner }: { caller: SecurityParty | null; owner: SecurityParty }) => ({
  body: { ...(await readyToMove(caller ?? owner)), pin: PIN },
  headers: { 'Idempotency-Key': crypto.randomUUID() },
  expect: [201],
});
const ownersAccount = async ({ owner }: { owner: SecurityParty }) => {
  const account = await linkedAccount(owner);
  return { params: { id: account.id }, secrets: [account.id, account.account_mask ?? ''] };
};

/** An ITEM webhook the sandbox signed (its item asked to sign in again), caught before it reaches the API. */
async function signedWebhook(party: SecurityParty) {
  let resolve!: (v: { body: string; jwt: string }) => void;
  const caught = new Promise<{ body: string; jwt: string }>((r) => (resolve = r));
  const server = http.createServer((req, res) => {
    let body = '';
    req
      .on('data', (c) => (body += c))
      .on('end', () => {
        resolve({ body, jwt: String(req.headers['plaid-verification']) });
        res.end();
      });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  try {
    const account = await linkedAccount(party, `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`);
    const { rows } = await getPool().query('SELECT access_token_enc FROM user_linked_accounts WHERE id = $1', [
      account.id,
    ]);
    await (await plaid()).sandboxItemResetLogin({ access_token: openToken(rows[0].access_token_enc) });
    return await caught;
  } finally {
    server.close();
  }
}

export const securityFixtures: SecurityFixtures = {
  'DELETE /api/banking/accounts/{id}': ownersAccount,
  'POST /api/banking/accounts/{id}/reconnected': ownersAccount,
  'POST /api/banking/link-token': () => ({ body: {} }),
  'POST /api/banking/exchange': async () => {
    const { public_token } = (
      await (
        await plaid()
      ).sandboxPublicTokenCreate({ institution_id: INSTITUTION, initial_products: [Products.Transfer] })
    ).data;
    return {
      body: { public_token, institution_id: INSTITUTION, institution_name: 'First Platypus Bank', accounts: [] },
      expect: [201],
    };
  },
  'POST /api/banking/deposits': move,
  'POST /api/banking/withdrawals': move,
  'GET /api/banking/withdrawals/quote': async ({ caller, owner }) => ({ query: await readyToMove(caller ?? owner) }),
  'GET /api/banking/deposits/quote': async ({ caller, owner }) => ({ query: await readyToMove(caller ?? owner) }),
  'POST /api/banking/webhooks/plaid': async ({ owner }) => {
    const { body, jwt } = await signedWebhook(owner);
    return { body: JSON.parse(body), headers: { 'plaid-verification': jwt } };
  },
};
