import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import {
  authorizationRequest,
  linkItem,
  plaidErrorOf,
  startTestSandbox,
  startWebhookReceiver,
  type TestSandbox,
} from './test-helpers.js';

let test: TestSandbox;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  test = await startTestSandbox();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await test.sandbox.close();
  await receiver.close();
});

/** Verifies a webhook as Plaid tells receivers to: the JWT's key from /webhook_verification_key/get, then the body hash. */
async function verifyWebhook(jwt: string, body: string) {
  const header = decodeProtectedHeader(jwt);
  expect(header).toEqual({ alg: 'ES256', kid: expect.any(String), typ: 'JWT' });
  const { data } = await test.plaid.webhookVerificationKeyGet({ key_id: header.kid ?? '' });
  expect(data.key).toMatchObject({
    alg: 'ES256',
    crv: 'P-256',
    kty: 'EC',
    use: 'sig',
    expired_at: null,
    kid: header.kid,
  });
  const { payload } = await jwtVerify(jwt, await importJWK(data.key, 'ES256'), { maxTokenAge: '5 min' });
  expect(payload.request_body_sha256).toBe(createHash('sha256').update(body).digest('hex'));
}

describe('webhooks', () => {
  it('each transfer event POSTs TRANSFER_EVENTS_UPDATE to the item’s webhook with a Plaid-Verification JWT that verifies', async () => {
    const item = await linkItem(test.plaid, test.sandbox.url, 'ins_109508', receiver.url);
    const { data } = await test.plaid.transferAuthorizationCreate(authorizationRequest(item));
    const { data: created } = await test.plaid.transferCreate({
      access_token: item.accessToken,
      account_id: item.accountIds[0] ?? '',
      authorization_id: data.authorization.id,
      description: 'Top-up',
    });
    await test.plaid.sandboxTransferSimulate({ transfer_id: created.transfer.id, event_type: 'posted' });

    const webhooks = await receiver.waitFor(2);
    for (const webhook of webhooks) {
      expect(JSON.parse(webhook.body)).toEqual({
        webhook_type: 'TRANSFER',
        webhook_code: 'TRANSFER_EVENTS_UPDATE',
        environment: 'sandbox',
      });
      expect(webhook.headers['content-type']).toBe('application/json');
      await verifyWebhook(String(webhook.headers['plaid-verification']), webhook.body);
    }
    receiver.received.length = 0;
  });

  it('/sandbox/item/reset_login sends an ITEM ERROR webhook with ITEM_LOGIN_REQUIRED', async () => {
    const item = await linkItem(test.plaid, test.sandbox.url, 'ins_109508', receiver.url);
    await test.plaid.sandboxItemResetLogin({ access_token: item.accessToken });
    const [webhook] = await receiver.waitFor(1);
    expect(JSON.parse(webhook!.body)).toEqual({
      webhook_type: 'ITEM',
      webhook_code: 'ERROR',
      item_id: item.itemId,
      error: expect.objectContaining({ error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED', status: 400 }),
      environment: 'sandbox',
    });
    await verifyWebhook(String(webhook!.headers['plaid-verification']), webhook!.body);
    receiver.received.length = 0;
  });

  it('a failing webhook receiver is retried and the failure logged, not thrown', async () => {
    const flaky = await startWebhookReceiver([500]);
    try {
      const item = await linkItem(test.plaid, test.sandbox.url, 'ins_109508', flaky.url);
      await test.plaid.sandboxItemResetLogin({ access_token: item.accessToken });
      const deliveries = await flaky.waitFor(2);
      expect(deliveries[1]!.body).toBe(deliveries[0]!.body);
      expect(test.logLines.some((line) => line.includes('answered HTTP 500 (try 1 of 3)'))).toBe(true);
    } finally {
      await flaky.close();
    }
  });

  it('an unknown key_id is INVALID_WEBHOOK_VERIFICATION_KEY_ID', async () => {
    const { error } = await plaidErrorOf(test.plaid.webhookVerificationKeyGet({ key_id: 'not-a-key' }));
    expect(error.error_code).toBe('INVALID_WEBHOOK_VERIFICATION_KEY_ID');
  });
});
