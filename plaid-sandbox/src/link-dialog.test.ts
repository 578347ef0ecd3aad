// The Link stand-in in a real browser: a page on another origin loads link-initialize.js and uses
// window.Plaid as it would use Plaid's own script. Skipped where no Chromium is installed.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../scripts/lib/chromium-flags.mjs';
import { createLinkToken, linkItem, startTestSandbox, type TestSandbox } from './test-helpers.js';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let test: TestSandbox;
let browser: Browser;
let portal: Server;
let portalOrigin: string;
beforeAll(async () => {
  if (!existsSync(chromiumPath)) return;
  [test, browser] = await Promise.all([
    startTestSandbox(),
    chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS }),
  ]);
  // The portal page lives on its own origin (another port), so the script's calls are cross-origin.
  portal = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end(
      `<!doctype html><title>Portal</title><button id="start">Link a bank</button><script src="${test.sandbox.linkScriptUrl}"></script>`,
    );
  });
  await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
  portalOrigin = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await test?.sandbox.close();
  await new Promise((resolve) => portal?.close(resolve));
});

const linkToken = (accessToken?: string) => createLinkToken(test.plaid, accessToken);

interface LinkOutcome {
  success?: {
    publicToken: string;
    metadata: { institution: { institution_id: string }; accounts: unknown[]; account_id: string };
  };
  exit?: { error: unknown; metadata: { status: string; link_session_id: string } };
  events: string[];
  loaded: boolean;
}

/** A portal page on its own origin that opens Link with the given token and records the callbacks. */
async function openLink(token: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 740 } });
  await page.goto(`${portalOrigin}/wallet`);
  await page.evaluate((linkToken) => {
    const outcome: LinkOutcome = { events: [], loaded: false };
    Object.assign(window, { outcome });
    const handler = (window as unknown as { Plaid: { create(config: object): { open(): void } } }).Plaid.create({
      token: linkToken,
      onLoad: () => (outcome.loaded = true),
      onSuccess: (publicToken: string, metadata: LinkOutcome['success'] & object) =>
        (outcome.success = { publicToken, metadata: metadata as never }),
      onExit: (error: unknown, metadata: never) => (outcome.exit = { error, metadata }),
      onEvent: (name: string) => outcome.events.push(name),
    });
    document.getElementById('start')?.focus();
    handler.open();
  }, token);
  await page.getByTestId('plaid-link-dialog').waitFor();
  return page;
}

const outcomeOf = (page: Page) => page.evaluate(() => (window as unknown as { outcome: LinkOutcome }).outcome);

describe.skipIf(!existsSync(chromiumPath))('Link stand-in in a browser', () => {
  it('opens an accessible “Select your bank” dialog that fits a 375 px phone and links the chosen bank', async () => {
    const page = await openLink(await linkToken(), 375);
    const dialog = page.getByTestId('plaid-link-dialog');
    expect(await dialog.getAttribute('role')).toBe('dialog');
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    await expect.poll(() => page.getByRole('dialog', { name: 'Select your bank' }).count()).toBe(1);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    for (const id of ['ins_109508', 'ins_109509', 'ins_109510']) {
      const choice = page.getByTestId(`plaid-institution-${id}`);
      expect((await choice.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect((await page.getByTestId('plaid-link-close').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('plaid-institution-ins_109508');

    await page.getByTestId('plaid-institution-ins_109510').click();
    await expect.poll(async () => (await outcomeOf(page)).success !== undefined).toBe(true);
    const outcome = await outcomeOf(page);
    expect(outcome.loaded).toBe(true);
    expect(outcome.events).toEqual(['OPEN', 'SELECT_INSTITUTION', 'HANDOFF']);
    expect(outcome.success!.metadata.institution.institution_id).toBe('ins_109510');
    expect(await page.getByTestId('plaid-link-dialog').count()).toBe(0);
    const { data } = await test.plaid.itemPublicTokenExchange({ public_token: outcome.success!.publicToken });
    const { data: accounts } = await test.plaid.accountsGet({ access_token: data.access_token });
    expect(accounts.accounts[0]?.account_id).toBe(outcome.success!.metadata.account_id);
    await page.close();
  });

  it('Escape closes the dialog with onExit(null, { status: requires_credentials }) and gives focus back', async () => {
    const page = await openLink(await linkToken(), 1280);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await outcomeOf(page)).exit !== undefined).toBe(true);
    const outcome = await outcomeOf(page);
    expect(outcome.exit!.error).toBeNull();
    expect(outcome.exit!.metadata).toMatchObject({
      status: 'requires_credentials',
      institution: null,
      link_session_id: expect.any(String),
    });
    expect(outcome.events).toEqual(['OPEN', 'EXIT']);
    expect(await page.getByTestId('plaid-link-dialog').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('start');
    await page.close();
  });

  it('update mode asks to sign in again to the item’s bank and Continue repairs the item', async () => {
    const item = await linkItem(test.plaid, test.sandbox.url, 'ins_109509');
    const page = await openLink(await linkToken(item.accessToken), 375);
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Sign in again to First Gingham Credit Union' }).count())
      .toBe(1);
    expect(await page.getByTestId('plaid-institution-ins_109508').count()).toBe(0);
    await page.getByTestId('plaid-link-continue').click();
    await expect.poll(async () => (await outcomeOf(page)).success !== undefined).toBe(true);
    const { data } = await test.plaid.accountsGet({ access_token: item.accessToken });
    expect(data.accounts[0]?.mask).toBe('2222');
    await page.close();
  });

  it('an invalid link token ends in onExit with the INVALID_LINK_TOKEN error', async () => {
    const page = await browser.newPage();
    await page.goto(`${portalOrigin}/wallet`);
    const exit = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const plaid = (window as unknown as { Plaid: { create(config: object): { open(): void } } }).Plaid;
          plaid
            .create({
              token: 'link-sandbox-expired',
              onExit: (error: unknown, metadata: unknown) => resolve({ error, metadata }),
            })
            .open();
        }),
    );
    expect(exit).toMatchObject({
      error: { error_code: 'INVALID_LINK_TOKEN' },
      metadata: { status: 'requires_credentials' },
    });
    await page.close();
  });
});
