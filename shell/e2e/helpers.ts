import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { expect, type APIRequestContext, type BrowserContext, type Page, type WebSocketRoute } from '@playwright/test';

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
export async function signUpConfirmed(request: APIRequestContext, opts: { prefix: string; password: string; fullName: string }): Promise<string> {
  const email = `${opts.prefix}-${crypto.randomBytes(4).toString('hex')}@example.test`;
  const res = await request.post('/api/auth/signup', { data: { email, password: opts.password, data: { full_name: opts.fullName } } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const outbox = (await (await request.get(`/api/auth/dev/outbox?recipient=${encodeURIComponent(email)}&channel=email`)).json()) as { messages: { body: string }[] };
  const link = new URL(outbox.messages[0]!.body.match(/https?:\/\/\S+\/api\/auth\/confirm\?token=[\w-]+/)![0]);
  const confirmed = await request.get(link.pathname + link.search, { maxRedirects: 0 });
  expect(confirmed.status()).toBe(302);
  return email;
}

/** Signs in through the login form, as a user would. */
export async function signInWithForm(page: Page, user: { email: string; password: string }) {
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs in through the API (sets the httpOnly refresh cookie on the context). */
export async function signInWithApi(context: BrowserContext, baseURL: string, user: { email: string; password: string }) {
  const res = await context.request.post(`${baseURL}/api/auth/token?grant_type=password`, { data: { email: user.email, password: user.password } });
  expect(res.ok(), `sign-in as ${user.email}: ${res.status()} ${await res.text()}`).toBeTruthy();
}

/** Records the URL paths of every request the page makes. */
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
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4); crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4); ihdr[8] = 8; ihdr[9] = 2; // 8-bit RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
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
    restore() { down = false; },
  };
}
