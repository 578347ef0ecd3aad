import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { screenshots, signInWithForm, signUpConfirmed, toast } from './helpers';

/**
 * Account recovery, in Chromium against the real API and its dev outbox:
 * "Forgot password?" -> mailed single-use link -> new password -> log in with it; and "Forgot PIN?"
 * -> mailed code + account password -> new PIN.
 */
const PASSWORD = 'Velvet-lantern-93';
const NEW_PASSWORD = 'Copper-meadow-58';

async function newestMail(request: APIRequestContext, to: string, subject: string): Promise<string> {
  const res = await request.get(`/api/auth/dev/outbox?to=${encodeURIComponent(to)}&channel=email`);
  expect(res.ok()).toBeTruthy();
  const mail = ((await res.json()) as { messages: { subject: string | null; body: string }[] }).messages.find(
    (m) => m.subject === subject,
  );
  expect(mail, `a mail "${subject}" to ${to}`).toBeTruthy();
  return mail!.body;
}

test('forgot password: /auth -> e-mail -> the link -> a new password -> log in with it; the link then reads as expired', async ({
  page,
  request,
}) => {
  const email = await signUpConfirmed(request, { prefix: 'forgot', password: PASSWORD, fullName: 'Fern Forgetful' });

  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: path.join(screenshots, 'auth-login-forgot-link-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email); // carried over from the log-in form
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status', { name: 'Reset link sent' })).toContainText(
    `If an account exists for ${email}, we have sent it a link to reset the password. The link works once and expires in 1 hour.`,
  );
  await page.screenshot({ path: path.join(screenshots, 'auth-forgot-sent-1280.png'), fullPage: true });

  const link = new URL(
    (await newestMail(request, email, 'Reset your Portal password')).match(
      /https?:\/\/\S+\/reset-password#token=[\w.-]+/,
    )![0],
  );
  await page.goto(link.pathname + link.hash);
  await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(screenshots, `reset-password-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // the two fields must match; the server's password policy applies
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password').fill('Copper-meadow-59');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('football1');
  await page.getByLabel('Confirm New Password').fill('football1');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(
    page.getByText('This password is one of the most commonly used passwords. Choose a different one.'),
  ).toBeVisible();

  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(toast(page, 'Password Updated')).toContainText('Log in with your new password.');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  expect(await newestMail(request, email, 'Your Portal password was changed')).toContain('every device was signed out');

  // the old password no longer works; the new one does
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(toast(page, 'Login Failed')).toContainText('Invalid login credentials');
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // single use: the same link now says so, and offers a new one
  await page.goto(link.pathname + link.hash);
  await expect(page.getByRole('heading', { name: 'Link Expired' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(
    'This password reset link is invalid, has expired or was already used. Request a new one.',
  );
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: path.join(screenshots, 'reset-password-expired-375.png'), fullPage: true });
});

test('reset page: "Checking your reset link..." while loading, and a retry when the check fails', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  let calls = 0;
  await page.route('**/api/auth/recover/check', async (route) => {
    calls += 1;
    if (calls === 1) {
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"Internal error","code":"INTERNAL"}',
      });
      return;
    }
    await route.continue();
  });
  await page.goto('/reset-password#token=00000000-0000-0000-0000-000000000000.nope');
  await expect(page.getByRole('status').filter({ hasText: 'Checking your reset link...' })).toBeVisible();
  release();
  await expect(page.getByRole('alert')).toContainText('Could not check your reset link. Please try again.');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: 'Link Expired' })).toBeVisible(); // an unknown token, as the server says
  await page.getByRole('link', { name: 'Request a New Link' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
});

test('forgot PIN: code by e-mail + account password -> new PIN (the lock is lifted)', async ({ page, request }) => {
  const email = await signUpConfirmed(request, { prefix: 'forgot-pin', password: PASSWORD, fullName: 'Pia Pinless' });
  const token = (await (
    await request.post('/api/auth/token?grant_type=password', { data: { email, password: PASSWORD } })
  ).json()) as { access_token: string };
  const auth = { authorization: `Bearer ${token.access_token}` };
  expect(
    (await request.post('/api/wallet/pin', { headers: auth, data: { action: 'set_pin', pin: '1234' } })).ok(),
  ).toBeTruthy();
  for (let i = 0; i < 5; i++)
    await request.post('/api/wallet/pin', { headers: auth, data: { action: 'verify_pin', pin: '0000' } });
  expect(
    (await request.post('/api/wallet/pin', { headers: auth, data: { action: 'verify_pin', pin: '1234' } })).status(),
  ).toBe(423);

  await signInWithForm(page, { email, password: PASSWORD });
  await page.goto('/profile');
  const card = page.getByTestId('pin-card');
  await expect(card.getByRole('alert')).toContainText('Your PIN is locked until');
  await expect(card.getByRole('alert')).toContainText('Reset it with Forgot PIN? to unlock it now.');
  await card.getByRole('button', { name: 'Forgot PIN?' }).click();
  await card.getByRole('button', { name: 'Email Me a Code' }).click();
  await expect(card).toContainText(`We sent a code to ${email}. It expires in 10 minutes.`);
  const code = (await newestMail(request, email, 'Your Portal PIN reset code')).match(/\b(\d{6})\b/)![1]!;
  await card.getByLabel('Account Password').fill(PASSWORD);
  await card.getByLabel('Code from the Email').fill(code);
  await card.getByLabel('New PIN digit 1').click();
  await page.keyboard.type('8642');
  await card.getByLabel('Confirm PIN digit 1').click();
  await page.keyboard.type('8642');
  await page.setViewportSize({ width: 375, height: 900 });
  await card.screenshot({ path: path.join(screenshots, 'forgot-pin-375.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await card.getByRole('button', { name: 'Reset PIN' }).click();
  await expect(toast(page, 'Transaction PIN Updated')).toContainText('Your transaction PIN has been reset.');
  await expect(card.getByRole('alert')).toHaveCount(0); // the lock is lifted
  await expect(card).toContainText('Your Transaction PIN is set.');
  expect(
    (await request.post('/api/wallet/pin', { headers: auth, data: { action: 'verify_pin', pin: '8642' } })).status(),
  ).toBe(200);
});
