import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startTestOidc, type TestOidc } from '../../api/src/modules/auth/testing/oidc-server';
import { E2E_GOOGLE } from '../playwright.config';
import { screenshots as defaultScreenshots } from './helpers';

// E2E_SCREENSHOTS keeps them out of test-results/ (which every run empties) when several runs share the tree.
const screenshots = process.env.E2E_SCREENSHOTS ?? defaultScreenshots;

/**
 * Sign-in in every form (docs/product.md "Sign-in and sessions"), in Chromium against the real API.
 * "Google" is a real OpenID Connect provider (npm oidc-provider) started here on E2E_OIDC_PORT;
 * the portal was started with it as GOOGLE_ISSUER (playwright.config.ts).
 */
let oidc: TestOidc;
test.beforeAll(async ({ baseURL }) => {
  // A worker restarted after a failure may find the previous one's port still closing.
  for (let attempt = 0; ; attempt++) {
    try {
      oidc = await startOidc(baseURL!);
      break;
    } catch (e) {
      if (attempt >= 20 || (e as { code?: string }).code !== 'EADDRINUSE') throw e;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
});
const startOidc = (baseURL: string) =>
  startTestOidc({
    port: Number(process.env.E2E_OIDC_PORT),
    clientId: E2E_GOOGLE.clientId,
    clientSecret: E2E_GOOGLE.clientSecret,
    redirectUris: [`${baseURL}/api/auth/callback`],
  });
test.afterAll(async () => {
  await oidc?.close();
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PASSWORD = 'Velvet-lantern-93';

async function outbox(request: APIRequestContext, recipient: string, channel: 'email' | 'sms') {
  const res = await request.get(`/api/auth/dev/outbox?to=${encodeURIComponent(recipient)}&channel=${channel}`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { messages: { subject: string | null; body: string }[] }).messages;
}
const toast = (page: Page, title: string) =>
  page
    .getByRole('status')
    .filter({ hasText: title })
    .or(page.getByRole('alert').filter({ hasText: title }))
    .first();

test('sign up -> confirmation mail in the outbox -> confirm -> log in -> dashboard', async ({ page, request }) => {
  const email = `e2e-${unique()}@example.test`;
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Email Login' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByText('Or sign up with')).toBeVisible();
  await expect(page.getByText('Include country code, e.g., +1234567890')).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'auth-signup.png'), fullPage: true });

  // a weak password is refused with the reason
  await page.getByLabel('Full Name', { exact: true }).fill('Erin Endtoend');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('football1');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(toast(page, 'Sign Up Failed')).toContainText('one of the most commonly used passwords');

  // busy: label and every input disabled while the call runs
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/auth/signup', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Signing up...' })).toBeDisabled();
  await expect(page.getByLabel('Email', { exact: true })).toBeDisabled();
  await expect(page.getByRole('tab', { name: 'Phone Login' })).toBeDisabled();
  release();
  await expect(toast(page, 'Sign Up Successful!')).toContainText(
    'Please check your email to confirm your account within 48 hours, or it may be disabled. If you provided a phone number, you might also receive an OTP for phone verification.',
  );
  await expect(page.getByRole('tab', { name: 'Email Login' })).toHaveAttribute('aria-selected', 'true');

  const mail = (await outbox(request, email, 'email'))[0]!;
  expect(mail.subject).toBe('Confirm your Portal account');
  const link = mail.body.match(/https?:\/\/\S+\/api\/auth\/confirm\?token=[\w-]+/)![0];
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth$/);
  await expect(toast(page, 'Email Confirmed')).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, 'Login Successful')).toContainText('Welcome back!');
  await expect(page.getByRole('heading', { name: 'Welcome Erin Endtoend' })).toBeVisible();
});

test('wrong password: Login Failed toast; Logging in... while busy', async ({ page }) => {
  await page.goto('/auth');
  await page.screenshot({ path: path.join(screenshots, 'auth-login.png'), fullPage: true });
  await expect(page.getByText('Or continue with')).toBeVisible();
  // A provider's button only when the server has it configured (this portal: Google only)
  await expect(page.getByRole('button', { name: 'Google' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Facebook' })).toHaveCount(0);
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/auth/token?grant_type=password', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Email', { exact: true }).fill('demo@portal.test');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
  await expect(page.getByLabel('Password', { exact: true })).toBeDisabled();
  release();
  await expect(toast(page, 'Login Failed')).toContainText('Invalid login credentials');
  await expect(page).toHaveURL(/\/auth$/);
});

test('phone OTP login: required-field toasts, OTP Sent, resend throttled, change number, wrong code refused, right code -> dashboard', async ({
  page,
  request,
}) => {
  const phone = `+1555${String(Date.now()).slice(-7)}`;
  const email = `phone-${unique()}@example.test`;
  const signup = await request.post('/api/auth/signup', {
    data: { email, password: PASSWORD, data: { full_name: 'Pat Phone' }, phone },
  });
  expect(signup.ok()).toBeTruthy();

  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Phone Login' }).click();
  await page.screenshot({ path: path.join(screenshots, 'auth-phone.png'), fullPage: true });
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(toast(page, 'Phone Number Required')).toContainText('Please enter your phone number.');

  // two steps, and back: a number without an account gets the same answer (no SMS)
  const other = `+1666${String(Date.now()).slice(-7)}`;
  await page.getByLabel('Phone Number', { exact: true }).fill(other);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(toast(page, 'OTP Sent')).toContainText('Check your phone for the OTP.');
  await page.getByRole('button', { name: 'Verify OTP & Login' }).click();
  await expect(toast(page, 'OTP Required')).toContainText('Please enter the OTP.');
  await page.getByLabel('OTP', { exact: true }).fill('123456');
  await page.getByRole('button', { name: 'Resend OTP or change number' }).click();
  await expect(page.getByLabel('Phone Number', { exact: true })).toHaveValue(other);
  await page.getByRole('button', { name: 'Send OTP' }).click(); // same number within a minute: throttled
  await expect(toast(page, 'Failed to send OTP')).toContainText(
    /Please wait \d+ seconds before requesting a new code\./,
  );

  // change the number to the account's: a real code arrives, the OTP field starts empty
  await page.getByLabel('Phone Number', { exact: true }).fill(phone);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByLabel('OTP', { exact: true })).toHaveValue('');
  const code = (await outbox(request, phone, 'sms'))[0]!.body.match(/\b(\d{6})\b/)![1]!;
  await page.getByLabel('OTP', { exact: true }).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify OTP & Login' }).click();
  await expect(toast(page, 'OTP Verification Failed')).toContainText('Invalid OTP or session could not be created.');
  await page.getByLabel('OTP', { exact: true }).fill(code);
  await page.screenshot({ path: path.join(screenshots, 'auth-phone-otp.png'), fullPage: true });
  await page.getByRole('button', { name: 'Verify OTP & Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, 'Login Successful')).toContainText('Welcome!');
  await expect(page.getByRole('heading', { name: 'Welcome Pat Phone' })).toBeVisible();
});

test('Google OAuth login through the local OpenID Connect provider lands on /dashboard', async ({ page, baseURL }) => {
  const login = `gina${unique()}`;
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Google' }).click();
  await expect(page).toHaveURL(new RegExp(`^${oidc.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click(); // consent
  await expect(page).toHaveURL(`${baseURL}/dashboard`);
  await expect(page.getByRole('heading', { name: `Welcome OIDC ${login}` })).toBeVisible();
});

test('Google One Tap with an id token signed by the provider key signs in (server verifies it)', async ({ page }) => {
  const email = `tap-${unique()}@oidc.test`;
  const good = await oidc.signIdToken({ sub: `tap-${unique()}`, email, email_verified: true, name: 'Tess Tap' });
  // Only Google's script is replaced, by a stub of google.accounts.id that hands back the credential.
  const stub = (credential: string) => `window.google = { accounts: { id: {
    initialize(o) { window.__gsi = o; },
    prompt() { setTimeout(() => window.__gsi.callback({ credential: ${JSON.stringify(credential)}, select_by: 'auto' }), 50); },
    cancel() {} } } };`;

  // the script loads but defines no google.accounts.id; then a prompt that returns no credential
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '/* nothing */' }),
  );
  await page.goto('/auth');
  await expect(toast(page, 'Google One Tap Error')).toContainText('Google library not available.');
  await page.unroute('https://accounts.google.com/gsi/client');
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: stub('') }),
  );
  await page.reload();
  await expect(toast(page, 'Google One Tap Login Failed')).toContainText('No credential received.');
  await page.unroute('https://accounts.google.com/gsi/client');

  // a forged token (wrong key) is refused by the server
  const forged = await oidc.signIdToken(
    { sub: 'mallory', email: 'mallory@oidc.test', email_verified: true },
    { key: 'forged' },
  );
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: stub(forged) }),
  );
  await page.reload();
  await expect(toast(page, 'Google One Tap Login Failed')).toContainText('ID token signature is not valid.');
  await expect(page).toHaveURL(/\/auth$/);

  await page.unroute('https://accounts.google.com/gsi/client');
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: stub(good) }),
  );
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome Tess Tap' })).toBeVisible();
});

test('log out everywhere ends another open session too', async ({ browser, baseURL }) => {
  const email = `both-${unique()}@example.test`;
  const first = await browser.newContext();
  const signup = await first.request.post(`${baseURL}/api/auth/signup`, {
    data: { email, password: PASSWORD, data: { full_name: 'Sam Sessions' } },
  });
  expect(signup.ok()).toBeTruthy();
  const contexts = [first, await browser.newContext()];
  const pages: Page[] = [];
  for (const ctx of contexts) {
    const page = await ctx.newPage();
    await page.goto('/auth');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    pages.push(page);
  }
  const [laptop, phone] = pages as [Page, Page];
  await laptop.getByRole('button', { name: 'Account menu' }).click();
  await laptop.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(toast(laptop, 'Logged Out')).toContainText('You have been successfully logged out.');
  // the other browser's session is gone: its next session read fails and it is sent to /auth
  await phone.reload();
  await expect(phone).toHaveURL(/\/auth$/);
  for (const ctx of contexts) await ctx.close();
});
