/**
 * Stored XSS: a corpus of payloads saved through every user text field that a page renders, then
 * the pages opened in Chromium: nothing executes (no dialog, no global flag set, no element of the
 * payload in the DOM). The pages run with the CSP bypassed, so the escaping of the app itself is
 * what is tested (the CSP is a second wall, checked by api/test/security/security-headers.test.ts).
 *
 * Data-driven: add a field to FIELDS (how to save a text through the API, which pages show it).
 */
import crypto from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { ADMIN, DEMO, passwordSignIn, signUpConfirmed } from './helpers';

const PASSWORD = 'E2e-Xss-2026!';
// A real 2x2 PNG (the KYC upload checks the bytes).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** Each payload sets window.__xss or carries data-xss if it ever becomes markup; X55-n shows it was rendered as text. */
const PAYLOADS = [
  '<img src=x onerror="window.__xss=1" data-xss=1>X55-1',
  '<script>window.__xss=2</script>X55-2',
  '<svg onload="window.__xss=3" data-xss=1>X55-3',
  '"><img src=x onerror=window.__xss=4 data-xss=1>X55-4',
  "'><details open ontoggle=window.__xss=5 data-xss=1>X55-5",
  '<a href="javascript:window.__xss=6" data-xss=1>X55-6</a>',
  '<iframe srcdoc="<script>parent.__xss=7</script>" data-xss=1></iframe>X55-7',
  'javascript:window.__xss=8//X55-8',
  '{{constructor.constructor("window.__xss=9")()}}X55-9',
  '<style>@import "//x"</style><b data-xss=1>X55-10</b>',
];

type Who = 'attacker' | 'demo' | 'admin';
interface Ctx {
  api: APIRequestContext;
  tokens: Record<Who, string>;
  attacker: { id: string; email: string };
}
interface XssField {
  name: string;
  /** Save one payload; false when the API refuses it (validation is a fine defence too). */
  save: (ctx: Ctx, payload: string) => Promise<boolean>;
  pages: { path: string; as: Who }[];
  /** true: all payloads can be stored at once (each its own row); false: one at a time (one column). */
  batch: boolean;
  /** The field must be visible as text on at least one of its pages (else the case proves nothing). */
  mustRender: boolean;
}

const json = (token: string | null, data: unknown, extra: Record<string, string> = {}) => ({
  headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra },
  data,
});

export const FIELDS: XssField[] = [
  {
    name: 'profile full name',
    save: async ({ api, tokens }, p) =>
      (await api.patch('/api/profile', json(tokens.attacker, { full_name: p.slice(0, 100) }))).ok(),
    pages: [
      { path: '/dashboard', as: 'attacker' },
      { path: '/profile', as: 'attacker' },
      { path: '/admin/users', as: 'admin' },
    ],
    batch: false,
    mustRender: true,
  },
  {
    name: 'profile username',
    save: async ({ api, tokens }, p) => (await api.patch('/api/profile', json(tokens.attacker, { username: p }))).ok(),
    pages: [
      { path: '/profile', as: 'attacker' },
      { path: '/admin/users', as: 'admin' },
    ],
    batch: false,
    mustRender: false, // usernames are restricted to safe characters: every payload is refused
  },
  {
    name: 'transfer description',
    save: async ({ api, tokens, attacker }, p) => {
      const res = await api.post(
        '/api/wallet/transfers',
        json(
          tokens.demo,
          { amount: '0.01', recipientEmail: attacker.email, assetSymbol: 'USD', description: p, pin: DEMO_PIN },
          { 'idempotency-key': crypto.randomUUID() },
        ),
      );
      return res.status() === 201;
    },
    pages: [
      { path: '/transactions', as: 'demo' },
      { path: '/transactions', as: 'attacker' },
      { path: '/dashboard', as: 'attacker' },
    ],
    batch: true,
    mustRender: true,
  },
  {
    name: 'payment request description',
    save: async ({ api, tokens }, p) =>
      (
        await api.post(
          '/api/wallet/requests',
          json(tokens.attacker, { payerEmail: DEMO.email, assetSymbol: 'USD', amount: '1.00', description: p }),
        )
      ).ok(),
    pages: [
      { path: '/pay', as: 'demo' },
      { path: '/pay', as: 'attacker' },
    ],
    batch: true,
    mustRender: true,
  },
  {
    // the attacker's KYC submission (legal name, shown to admins) rejected with the payload as the
    // reviewer's reason (shown to the user): one submission at a time, resubmitted after each rejection
    name: 'KYC legal name and rejection reason',
    save: async ({ api, tokens }, p) => {
      const sent = await api.post('/api/kyc/submissions', {
        headers: { authorization: `Bearer ${tokens.attacker}` },
        multipart: {
          legal_name: p.slice(0, 200),
          date_of_birth: '1990-01-01',
          country: 'US',
          document_type: 'passport',
          document_number: 'X1234567',
          document: { name: 'doc.png', mimeType: 'image/png', buffer: PNG },
        },
      });
      if (sent.status() !== 201) return false;
      const { id } = (await sent.json()) as { id: string };
      const review = await api.post(
        `/api/admin/kyc/${id}/review`,
        json(tokens.admin, { decision: 'reject', reason: p.slice(0, 500) }),
      );
      return review.ok();
    },
    pages: [
      { path: '/profile', as: 'attacker' },
      { path: '/admin/kyc', as: 'admin' },
    ],
    batch: false,
    mustRender: true,
  },
  {
    name: 'default payment hashtags',
    save: async ({ api, tokens }, p) =>
      (await api.patch('/api/profile', json(tokens.attacker, { default_payment_hashtags: [p.slice(0, 30)] }))).ok(),
    pages: [{ path: '/profile', as: 'attacker' }],
    batch: false,
    mustRender: false, // hashtags are restricted to letters, digits and _
  },
  {
    name: 'feed post text and comment',
    save: async ({ api, tokens }, p) => {
      const res = await api.post('/api/social/posts', {
        headers: { authorization: `Bearer ${tokens.attacker}` },
        multipart: { content_type: 'text', text_content: p },
      });
      if (res.status() !== 201) return false;
      const { post } = (await res.json()) as { post: { id: string } };
      return (await api.post(`/api/social/posts/${post.id}/comments`, json(tokens.attacker, { comment_text: p }))).ok();
    },
    pages: [
      { path: '/feed', as: 'demo' },
      { path: '/feed', as: 'attacker' },
    ],
    batch: true,
    mustRender: true,
  },
  {
    // the thread list shows the latest message: one payload at a time
    name: 'direct message',
    save: async ({ api, tokens, attacker }, p) =>
      (
        await api.post(
          `/api/messages/with/${attacker.id}`,
          json(tokens.demo, { content: p, client_message_id: crypto.randomUUID() }),
        )
      ).ok(),
    pages: [{ path: '/messages', as: 'attacker' }],
    batch: false,
    mustRender: true,
  },
  {
    name: 'contact message',
    save: async ({ api }, p) =>
      (
        await api.post(
          '/api/contact',
          json(null, { name: p.slice(0, 200), email: 'xss@example.test', subject: p.slice(0, 200), message: p }),
        )
      ).ok(),
    pages: [
      { path: '/admin/contacts', as: 'admin' },
      { path: '/admin/dashboard', as: 'admin' },
    ],
    batch: true,
    mustRender: true,
  },
  {
    name: 'support ticket subject, description and response',
    save: async ({ api, tokens }, p) => {
      const res = await api.post('/api/support/tickets', {
        headers: { authorization: `Bearer ${tokens.attacker}` },
        multipart: { subject: p.slice(0, 200), description: p, priority: 'low' },
      });
      if (res.status() !== 201) return false;
      const { ticket } = (await res.json()) as { ticket: { id: string } };
      return (
        await api.post(`/api/support/tickets/${ticket.id}/responses`, {
          headers: { authorization: `Bearer ${tokens.attacker}` },
          multipart: { response_text: p },
        })
      ).ok();
    },
    pages: [
      { path: '/support', as: 'attacker' },
      { path: '/admin/tickets', as: 'admin' },
    ],
    batch: true,
    mustRender: true,
  },
];

const DEMO_PIN = '9731';

async function newUser(api: APIRequestContext) {
  return signUpConfirmed(api, { prefix: 'xss', password: PASSWORD, fullName: 'Mallory Attacker' });
}

/** A browser context signed in once (sign-ins are rate limited per address); its access token serves the API calls too. */
async function contextFor(browser: Browser, baseURL: string, email: string, password: string) {
  const context = await browser.newContext({ bypassCSP: true });
  const res = await passwordSignIn(context.request, { email, password }, baseURL);
  expect(res.ok(), `sign-in ${email}: ${res.status()}`).toBeTruthy();
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  return { context, token: body.access_token, id: body.user.id };
}

/** Opens the page, lets it render, and reports anything that executed or became markup. */
async function inspect(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const found = await page.evaluate(() => ({
    flag: (window as unknown as { __xss?: unknown }).__xss ?? null,
    injected: document.querySelectorAll('[data-xss]').length,
    iframes: document.querySelectorAll('iframe[srcdoc]').length,
    text: document.body.innerText,
  }));
  await page.close();
  return { ...found, dialogs };
}

test('stored XSS: payloads saved through every rendered text field never execute on any page that shows them', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(300_000);
  const attackerEmail = await newUser(request);
  const attacker = await contextFor(browser, baseURL!, attackerEmail, PASSWORD);
  const demo = await contextFor(browser, baseURL!, DEMO.email, DEMO.password);
  const admin = await contextFor(browser, baseURL!, ADMIN.email, ADMIN.password);
  // the demo user needs a PIN to send (set it, or it is already ours from an earlier run)
  const pin = await request.post('/api/wallet/pin', json(demo.token, { action: 'set_pin', pin: DEMO_PIN }));
  expect([200, 201, 204, 409], await pin.text()).toContain(pin.status());

  const ctx: Ctx = {
    api: request,
    tokens: { attacker: attacker.token, demo: demo.token, admin: admin.token },
    attacker: { id: attacker.id, email: attackerEmail },
  };
  const contexts: Record<Who, BrowserContext> = {
    attacker: attacker.context,
    demo: demo.context,
    admin: admin.context,
  };

  const report: string[] = [];
  for (const field of FIELDS) {
    await test.step(field.name, async () => {
      let stored = 0;
      let rendered = 0;
      const rounds = field.batch ? [PAYLOADS] : PAYLOADS.map((p) => [p]);
      for (const payloads of rounds) {
        const accepted = [];
        for (const p of payloads) if (await field.save(ctx, p)) accepted.push(p);
        stored += accepted.length;
        if (!accepted.length) continue;
        for (const { path, as } of field.pages) {
          const r = await inspect(contexts[as], path);
          expect(r.dialogs, `${field.name} on ${path}: a dialog opened`).toEqual([]);
          expect(r.flag, `${field.name} on ${path}: a payload ran`).toBeNull();
          expect(r.injected, `${field.name} on ${path}: payload markup entered the DOM`).toBe(0);
          expect(r.iframes, `${field.name} on ${path}: srcdoc iframe injected`).toBe(0);
          rendered += accepted.filter((p) => r.text.includes(p.match(/X55-\d+/)![0])).length;
        }
      }
      report.push(`${field.name}: ${stored}/${PAYLOADS.length} payloads stored, shown as text ${rendered} times`);
      if (field.mustRender)
        expect(rendered, `${field.name}: the stored payloads must be shown (as text) on its pages`).toBeGreaterThan(0);
    });
  }
  console.log(`stored XSS:\n  ${report.join('\n  ')}`);
  // leave the attacker's name harmless for other tests
  await request.patch('/api/profile', json(attacker.token, { full_name: 'Mallory Attacker' }));
  for (const c of Object.values(contexts)) await c.close();
});
