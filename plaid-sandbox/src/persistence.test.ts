import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { authorizationRequest, linkItem, startTestSandbox, startWebhookReceiver } from './test-helpers.js';

const directory = mkdtempSync(join(tmpdir(), 'plaid-sandbox-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('dataFile persistence', () => {
  it('items, balances, transfers, events and the webhook signing key survive a restart', async () => {
    const dataFile = join(directory, 'state', 'plaid-sandbox.json');
    const receiver = await startWebhookReceiver();
    const first = await startTestSandbox({ dataFile });
    const item = await linkItem(first.plaid, first.sandbox.url, 'ins_109508', receiver.url);
    const { data } = await first.plaid.transferAuthorizationCreate(authorizationRequest(item));
    const { data: created } = await first.plaid.transferCreate({
      access_token: item.accessToken,
      account_id: item.accountIds[0] ?? '',
      authorization_id: data.authorization.id,
      description: 'Top-up',
    });
    await first.plaid.sandboxTransferSimulate({ transfer_id: created.transfer.id, event_type: 'posted' });
    await first.plaid.sandboxTransferSimulate({ transfer_id: created.transfer.id, event_type: 'settled' });
    const [webhook] = await receiver.waitFor(1);
    await first.sandbox.close();
    await receiver.close();

    const second = await startTestSandbox({ dataFile });
    try {
      const { data: accounts } = await second.plaid.accountsGet({ access_token: item.accessToken });
      expect(accounts.item.item_id).toBe(item.itemId);
      expect(accounts.accounts[0]?.balances).toMatchObject({ available: 4975, current: 5085 });
      expect((await second.plaid.transferGet({ transfer_id: created.transfer.id })).data.transfer.status).toBe(
        'settled',
      );
      const { data: sync } = await second.plaid.transferEventSync({ after_id: 1 });
      expect(sync.transfer_events.map((event) => [event.event_id, event.event_type])).toEqual([
        [2, 'posted'],
        [3, 'settled'],
      ]);

      // A webhook signed before the restart still verifies with the key served after it.
      const jwt = String(webhook!.headers['plaid-verification']);
      const { data: key } = await second.plaid.webhookVerificationKeyGet({
        key_id: decodeProtectedHeader(jwt).kid ?? '',
      });
      await expect(jwtVerify(jwt, await importJWK(key.key, 'ES256'))).resolves.toBeTruthy();
      // Written through a temporary file and renamed, so only the data file remains.
      expect(readdirSync(join(directory, 'state'))).toEqual(['plaid-sandbox.json']);
    } finally {
      await second.sandbox.close();
    }
  });
});
