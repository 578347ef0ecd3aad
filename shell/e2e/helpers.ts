import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import {
  expect,
  type APIRequestContext,
  type APIResponse,
  type BrowserContext,
  type Page,
  type WebSocketRoute,
} from '@playwright/test';
import { SoftwareAuthenticator, type SavedAuthenticator } from '../../api/test/software-authenticator';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const screenshots = path.join(repo, 'shell', 'test-results', 'screenshots');
export const DEMO = { email: 'demo@portal.test', password: 'Portal-demo-2026', name: 'Dana Demo' };
export const ADMIN = { email: 'admin@portal.test', password: 'Portal-demo-2026', name: 'Ada Admin' };

/** The newest toast with this title. */
export const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title }).last();

/**
 * A fresh account through the real sign-up and the confirmation link from the dev outbox (so the
 * demo users stay as seeded). The e-mail is `<prefix>-<random>@example.test`.
 */
export async function signUpConfirmed(
  request: APIRequestContext,
  opts: { prefix: string; password: string; fullName: string },
): Promise<string> {
  const email = `${opts.prefix}-${crypto.randomBytes(4).toString('hex')}@example.test`;
  const res = await request.post('/api/auth/signup', {
    data: { email, password: opts.password, data: { full_name: opts.fullName } },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const outbox = (await (
    await request.get(`/api/auth/dev/outbox?recipient=${encodeURIComponent(email)}&channel=email`)
  ).json()) as { messages: { body: string }[] };
  const link = new URL(outbox.messages[0]!.body.match(/https?:\/\/\S+\/api\/auth\/confirm\?token=[\w-]+/)![0]);
  const confirmed = await request.get(link.pathname + link.search, { maxRedirects: 0 });
  expect(confirmed.status()).toBe(302);
  return email;
}

/** Signs in through the login form, as a user would (the seeded admin: with its passkey through the API). */
export async function signInWithForm(page: Page, user: { email: string; password: string }) {
  if (user.email === ADMIN.email) {
    const res = await passwordSignIn(page.context().request, user);
    expect(res.ok(), await res.text()).toBeTruthy();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    return;
  }
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs in through the API (sets the httpOnly refresh cookie on the context). */
export async function signInWithApi(
  context: BrowserContext,
  baseURL: string,
  user: { email: string; password: string },
) {
  const res = await passwordSignIn(context.request, user, baseURL);
  expect(res.ok(), `sign-in as ${user.email}: ${res.status()} ${await res.text()}`).toBeTruthy();
}

/** Records the URL paths of every request the page makes. */
/**
 * Records what `within` showed, in order, from the page's start: the name of the first of `states`
 * (name -> selector inside it) that matches, else `otherwise`; read it with `shownStates(page)`. For
 * "never a loading state first": what a screenshot at the end cannot show.
 */
export async function recordShownStates(
  page: Page,
  within: string,
  states: [name: string, selector: string][],
  otherwise: string,
) {
  await page.addInitScript(
    ({ within, states, otherwise }) => {
      const shown: string[] = [];
      Object.assign(window, { shownStates: shown });
      new MutationObserver(() => {
        const box = document.querySelector(within);
        if (!box) return;
        const state = states.find(([, selector]) => box.querySelector(selector))?.[0] ?? otherwise;
        if (shown.at(-1) !== state) shown.push(state);
      }).observe(document, { subtree: true, childList: true });
    },
    { within, states, otherwise },
  );
}
export const shownStates = (page: Page) =>
  page.evaluate(() => (window as unknown as { shownStates: string[] }).shownStates);

export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(new URL(r.url()).pathname));
  return urls;
}

export function publishRemote(name: string, env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['scripts/publish-remote.mjs', name], {
    cwd: repo,
    env: { ...process.env, PORTAL_HOME: process.env.PORTAL_E2E_HOME!, ...env },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`publish failed: ${r.stderr}${r.stdout}`);
  return r.stdout;
}

/** A real PNG that looks like an ID card (the API checks the bytes, not the name): 480x300. */
export function idCardPng(w = 480, h = 300): Buffer {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0; // filter: none
    for (let x = 0; x < w; x++) {
      const photo = x > 24 && x < 150 && y > 70 && y < 250;
      const band = y < 50;
      const line = x > 175 && x < 440 && [90, 130, 170, 210].some((l) => y > l && y < l + 12) && !(x > 330 && y > 200);
      const [r, g, b] = band ? [30, 64, 175] : photo ? [148, 163, 184] : line ? [71, 85, 105] : [241, 245, 249];
      raw.set([r, g, b], y * (w * 3 + 1) + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2; // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The page's live socket goes through the test, which can drop it and keep it down (each new attempt refused) until restored. */
export async function droppableLiveSocket(page: Page) {
  let down = false;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/api\/realtime$/, (ws) => {
    if (down) return void ws.close({ code: 1006, reason: 'network down' });
    sockets.push(ws);
    ws.connectToServer();
  });
  return {
    async drop() {
      down = true;
      for (const ws of sockets) await ws.close({ code: 1006, reason: 'network down' });
    },
    restore() {
      down = false;
    },
  };
}

// The seeded admin signs in with a second factor (admin pages require one): a passkey held by a
// software authenticator (api/test/software-authenticator.ts: real ES256 keys and assertions),
// added on the admin's first sign-in of the run and kept in the run's PORTAL_HOME for later files.
const adminPasskeyFile = () => path.join(process.env.PORTAL_E2E_HOME ?? os.tmpdir(), 'e2e-admin-passkey.json');

function rpOf(res: APIResponse) {
  const origin = new URL(res.url()).origin;
  return { origin, rpId: new URL(origin).hostname };
}

/** Completes an admin's password sign-in with the admin's passkey (adding it first when the admin has none yet). */
async function withAdminPasskey(request: APIRequestContext, first: APIResponse): Promise<APIResponse> {
  const rp = rpOf(first);
  const post = (p: string, data: unknown, headers: Record<string, string> = {}) =>
    request.post(`${rp.origin}${p}`, { data, headers });
  let authenticator: SoftwareAuthenticator;
  let ticket: string | undefined;
  if (first.ok()) {
    const headers = { authorization: `Bearer ${((await first.json()) as { access_token: string }).access_token}` };
    authenticator = new SoftwareAuthenticator();
    const creation = (await (await post('/api/auth/passkeys/registration-options', {}, headers)).json()) as {
      challenge: string;
      user: { id: string };
    };
    const added = await post(
      '/api/auth/passkeys',
      { name: 'e2e admin passkey', response: authenticator.register(creation, rp) },
      headers,
    );
    expect(added.status(), await added.text()).toBe(201);
  } else {
    const body = (await first.json()) as { code?: string; details?: { second_factor?: { ticket: string } } };
    if (body.code !== 'SECOND_FACTOR_REQUIRED') return first;
    ticket = body.details!.second_factor!.ticket;
    authenticator = SoftwareAuthenticator.restore(
      JSON.parse(fs.readFileSync(adminPasskeyFile(), 'utf8')) as SavedAuthenticator,
    );
  }
  const options = (await (await post('/api/auth/passkeys/sign-in-options', ticket ? { ticket } : {})).json()) as {
    challenge: string;
  };
  const signedIn = await post('/api/auth/passkeys/sign-in', {
    response: authenticator.assert(options, rp),
    ...(ticket ? { ticket } : {}),
  });
  fs.writeFileSync(adminPasskeyFile(), JSON.stringify(authenticator.save()));
  return signedIn;
}

/**
 * POST /api/auth/token?grant_type=password as the user; for the seeded admin, completed with the
 * admin's passkey. The answer (TokenResponse, refresh cookie on the request context) either way.
 */
export async function passwordSignIn(
  request: APIRequestContext,
  user: { email: string; password: string },
  baseURL = '',
): Promise<APIResponse> {
  const res = await request.post(`${baseURL}/api/auth/token?grant_type=password`, {
    data: { email: user.email, password: user.password },
  });
  return user.email === ADMIN.email ? withAdminPasskey(request, res) : res;
}
