import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { logger } from '../../../platform/logger.js';
import { openToken } from '../../../platform/plaid/index.js';
import { bankingHarness, balance, person, transferRow, usdId } from '../testing.js';

let h: Awaited<ReturnType<typeof bankingHarness>>;
beforeAll(async () => {
  h = await bankingHarness();
});
afterAll(async () => {
  await h.close();
});

describe('Plaid webhooks (verified, then only a signal to sync)', () => {
  it('a webhook without a valid Plaid-Verification JWT, or with another body than the one signed, is 401 and syncs nothing', async () => {
    const u = await person();
    const [account] = await h.link(u.id);
    const dep = await h.move(u.id, 'deposits', {
      linkedAccountId: account!.id,
      assetId: await usdId(),
      amount: '12.00',
    });
    await h.simulate((await transferRow(dep.body.transfer.id)).plaid_transfer_id, 'posted');
    const signed = h.hooks.received.at(-1)!;
    await getPool().query(`UPDATE plaid_event_cursor SET last_event_id = 0`);
    const forged = [
      { ...signed, headers: { 'content-type': 'application/json' } },
      { ...signed, headers: { ...signed.headers, 'plaid-verification': 'not.a.jwt' } },
      { ...signed, body: signed.body.replace('TRANSFER_EVENTS_UPDATE', 'TRANSFER_EVENTS_UPDATE ') },
    ];
    for (const hook of forged) expect(await h.hooks.deliver(hook)).toBe(401);
    expect((await getPool().query('SELECT last_event_id FROM plaid_event_cursor')).rows[0].last_event_id).toBe('0');
    expect(await h.hooks.deliver(signed)).toBe(200); // the genuine one syncs
    expect(
      Number((await getPool().query('SELECT last_event_id FROM plaid_event_cursor')).rows[0].last_event_id),
    ).toBeGreaterThan(0);
  });

  it('an ITEM ERROR webhook (ITEM_LOGIN_REQUIRED) marks the accounts of that item as needing a new sign-in', async () => {
    const u = await person();
    const [account] = await h.link(u.id);
    const before = h.hooks.received.length;
    const { rows } = await getPool().query('SELECT access_token_enc FROM user_linked_accounts WHERE id = $1', [
      account!.id,
    ]);
    const sandbox = new URL((await h.call(u.id, 'POST', '/link-token', {})).body.script_url).origin;
    await fetch(`${sandbox}/sandbox/item/reset_login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'PLAID-CLIENT-ID': 'portal-sandbox-client',
        'PLAID-SECRET': 'portal-sandbox-secret',
      },
      body: JSON.stringify({ access_token: openToken(rows[0].access_token_enc) }),
    });
    const deadline = Date.now() + 5000;
    while (h.hooks.answered.length <= before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect((await h.call(u.id, 'GET', '/accounts')).body.accounts.map((a: { status: string }) => a.status)).toEqual([
      'login_required',
      'login_required',
    ]);
  });

  it('the access token never appears in an API answer or a log line (link, deposit, withdrawal, settle, unlink, at trace level)', async () => {
    const lines: string[] = [];
    const stream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym];
    const level = logger.level;
    (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = { write: (s: string) => lines.push(s) };
    logger.level = 'trace';
    const answers: string[] = [];
    try {
      const u = await person('50.00');
      const accounts = await h.link(u.id);
      answers.push(JSON.stringify(accounts), (await h.call(u.id, 'GET', '/accounts')).text);
      const dep = await h.move(u.id, 'deposits', {
        linkedAccountId: accounts[0]!.id,
        assetId: await usdId(),
        amount: '5.00',
      });
      const out = await h.move(u.id, 'withdrawals', {
        linkedAccountId: accounts[0]!.id,
        assetId: await usdId(),
        amount: '5.00',
      });
      answers.push(JSON.stringify(dep.body), JSON.stringify(out.body), (await h.call(u.id, 'GET', '/transfers')).text);
      await h.simulate((await transferRow(dep.body.transfer.id)).plaid_transfer_id, 'posted');
      answers.push((await h.call(u.id, 'DELETE', `/accounts/${accounts[0]!.id}`)).text);
      const token = openToken(
        (await getPool().query('SELECT access_token_enc FROM user_linked_accounts WHERE id = $1', [accounts[1]!.id]))
          .rows[0].access_token_enc,
      );
      expect(await balance(u.id)).toBe('44.75');
      expect(lines.length).toBeGreaterThan(0);
      for (const text of [...answers, ...lines]) expect(text).not.toContain(token);
    } finally {
      logger.level = level;
      (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = stream;
    }
  });
});
