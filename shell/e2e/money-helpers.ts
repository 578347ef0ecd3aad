import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { passwordSignIn, repo, screenshots, signInWithForm, signUpConfirmed } from './helpers';

/**
 * What the money e2e specs share: users from the real sign-up, deposits posted through the ledger
 * function in the portal's own database (there is no deposit screen yet), the PIN set through the API.
 */
interface PgClient {
  connect(): Promise<void>;
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  end(): Promise<void>;
}
const pg = createRequire(path.join(repo, 'api', 'package.json'))('pg') as {
  Client: new (o: { connectionString: string }) => PgClient;
};
const PASSWORD = 'E2e-Money-2026!';
const pgPort = Number(process.env.E2E_PORT ?? 3210) + 51_200;

export async function newUser(request: APIRequestContext, fullName: string) {
  const email = await signUpConfirmed(request, { prefix: 'money', password: PASSWORD, fullName });
  return { email, password: PASSWORD, name: fullName };
}

export async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${pgPort}/portal` });
  await c.connect();
  try {
    return (await c.query(text, values)).rows as T[];
  } finally {
    await c.end();
  }
}
export const deposit = (email: string, symbol: string, amount: string, description = 'Bank deposit') =>
  sql(
    `SELECT * FROM ledger_post_transfer('deposit', $1, NULL, 'deposits', (SELECT id FROM users WHERE email = $2), NULL, $3::numeric, $4)`,
    [symbol, email, amount, description],
  );

/** Calls the API as `user` (a password token): what a test sets up without going through the screens. */
export async function apiAs(request: APIRequestContext, user: { email: string; password: string }) {
  const t = await passwordSignIn(request, user);
  const { access_token } = (await t.json()) as { access_token: string };
  return async (method: 'GET' | 'POST', url: string, data?: object, headers: Record<string, string> = {}) => {
    const r = await request.fetch(url, {
      method,
      data,
      headers: { authorization: `Bearer ${access_token}`, ...headers },
    });
    expect(r.ok(), `${method} ${url}: ${await r.text()}`).toBeTruthy();
    return (await r.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
}

/** Sets the PIN through the API (what the profile PIN card does). */
export async function setPin(request: APIRequestContext, user: { email: string; password: string }, pin = '1234') {
  await (
    await apiAs(request, user)
  )('POST', '/api/wallet/pin', { action: 'set_pin', pin });
}

/** An accredited, KYC-verified investor with the PIN 1234 and `usd` dollars: who may invest in a campaign. */
export async function newInvestor(request: APIRequestContext, fullName: string, usd: string) {
  const investor = await newUser(request, fullName);
  await deposit(investor.email, 'USD', usd);
  await setPin(request, investor);
  await sql(
    `UPDATE profiles SET is_accredited_investor = true, kyc_status = 'verified' WHERE id = (SELECT id FROM users WHERE email = $1)`,
    [investor.email],
  );
  return investor;
}

export async function typePin(page: Page, pin: string) {
  await page.getByLabel('PIN digit 1').click();
  await page.keyboard.type(pin);
}
export async function asUser(browser: Browser, user: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithForm(page, user);
  return { context, page };
}
export const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshots, `money-${name}.png`), fullPage: true });
