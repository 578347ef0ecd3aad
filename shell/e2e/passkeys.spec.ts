import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, passwordSignIn, screenshots, signInWithForm, signUpConfirmed, toast } from './helpers';
import { deposit, newUser, setPin, sql, typePin } from './money-helpers';

const PASSWORD = 'E2e-Passkeys-2026!';

/**
 * Chromium's virtual authenticator (CDP WebAuthn domain): a platform authenticator with user verification
 * that always consents. It answers the e-mail field's autofill request (conditional UI) at once, as a
 * user picking the passkey from the suggestions would; `untilPressed` holds it back so a test can use
 * the "Sign in with a passkey" button or the password instead.
 */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const consents = (enabled: boolean) =>
    cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });
  return {
    /** No answer to passkey requests until `press` (the autofill request stays open). */
    untilPressed: () => consents(false),
    press: () => consents(true),
  };
}

/** Adds a passkey on /profile (the virtual authenticator makes it). */
async function addPasskey(page: Page, name: string) {
  await page.goto('/profile');
  await page.getByLabel('Passkey name').fill(name);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByTestId('passkey-row')).toContainText(name);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(toast(page, 'Logged Out')).toBeVisible();
}

test('a passkey added on /profile signs its owner in from /auth without a password', async ({ page, request }) => {
  const email = await signUpConfirmed(request, { prefix: 'passkey', password: PASSWORD, fullName: 'Pia Passkey' });
  await virtualAuthenticator(page);
  await signInWithForm(page, { email, password: PASSWORD });
  await page.goto('/profile');
  const card = page.getByTestId('sign-in-security');
  await expect(card.getByText('No passkeys yet.')).toBeVisible();
  await card.getByLabel('Passkey name').fill('Test laptop');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(card.getByTestId('passkey-row')).toContainText('Test laptop');
  await expect(card.getByTestId('passkey-row')).toContainText('Not used yet');
  await expect(page.getByTestId('security-event').filter({ hasText: 'Added a passkey' })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(screenshots, 'passkeys-profile.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await card.screenshot({ path: path.join(screenshots, 'passkeys-profile-375.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  await signOut(page);
  // The e-mail field's autofill asks for its options first. Refused until the button is pressed, so only the
  // button can sign in (the authenticator consents at once; the autofill test below covers the other path).
  // A refused request is a network error, which the /auth page retries twice with backoff
  // (shell/src/features/auth/api.ts): the autofill has given up after its third refusal.
  let buttonPressed = false;
  let refused = 0;
  let answered = 0;
  await page.route('**/api/auth/passkeys/sign-in-options', (route) => {
    if (buttonPressed) {
      answered++;
      return route.continue();
    }
    refused++;
    return route.abort();
  });
  await page.goto('/auth');
  await expect.poll(() => refused).toBe(3);
  await page.screenshot({ path: path.join(screenshots, 'passkeys-auth.png'), fullPage: true });
  buttonPressed = true;
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect([refused, answered]).toEqual([3, 1]); // the autofill gave up; the button asked once
  await expect(page.getByRole('heading', { name: 'Welcome Pia Passkey' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByTestId('passkey-row')).toContainText('Last used');
});

test('the /auth e-mail field offers the passkey in its autofill: picking it signs in', async ({ page, request }) => {
  const email = await signUpConfirmed(request, { prefix: 'autofill', password: PASSWORD, fullName: 'Ada Autofill' });
  await virtualAuthenticator(page);
  await signInWithForm(page, { email, password: PASSWORD });
  await addPasskey(page, 'Laptop');
  await signOut(page);

  await page.goto('/auth');
  // No button pressed, nothing typed: the field's passkey suggestion, picked, signs in.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome Ada Autofill' })).toBeVisible();
});

test('a password sign-in of an account with a passkey asks for it as the second step', async ({ page, request }) => {
  const email = await signUpConfirmed(request, { prefix: 'passkey2', password: PASSWORD, fullName: 'Sam Second' });
  const authenticator = await virtualAuthenticator(page);
  await signInWithForm(page, { email, password: PASSWORD });
  await addPasskey(page, 'Phone');
  await signOut(page);

  await authenticator.untilPressed();
  await page.goto('/auth');
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('autocomplete', 'username webauthn');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  const step = page.getByRole('form', { name: 'Second step' });
  await expect(step.getByText('Your account has two-step sign-in.')).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'passkeys-second-step.png'), fullPage: true });
  await authenticator.press();
  await step.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an admin without a second factor is sent to set one up; /api/admin refuses the session', async ({
  page,
  request,
  browser,
}) => {
  const email = await signUpConfirmed(request, { prefix: 'newadmin', password: PASSWORD, fullName: 'Nora New-Admin' });
  // The seeded admin (signed in with a passkey) makes the new account an admin.
  const adminCtx = await browser.newContext();
  const admin = (await (await passwordSignIn(adminCtx.request, ADMIN)).json()) as { access_token: string };
  const auth = { authorization: `Bearer ${admin.access_token}` };
  const users = (await (
    await adminCtx.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`, { headers: auth })
  ).json()) as { users: { id: string }[] };
  expect(
    (
      await adminCtx.request.patch(`/api/admin/users/${users.users[0]!.id}`, {
        headers: auth,
        data: { is_admin: true },
      })
    ).status(),
  ).toBe(200);
  await adminCtx.close();

  await signInWithForm(page, { email, password: PASSWORD });
  const token = await page.evaluate(
    async () =>
      (await (await fetch('/api/auth/token?grant_type=refresh_token', { method: 'POST' })).json()) as {
        access_token: string;
      },
  );
  const refused = await page.request.get('/api/admin/users', {
    headers: { authorization: `Bearer ${token.access_token}` },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('SECOND_FACTOR_SETUP_REQUIRED');

  await page.goto('/admin');
  const gate = page.getByTestId('second-factor-needed');
  await expect(gate.getByRole('heading', { name: 'Add a second factor' })).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'passkeys-admin-needs-second-factor.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 700 });
  await page.screenshot({ path: path.join(screenshots, 'passkeys-admin-needs-second-factor-375.png'), fullPage: true });
  await gate.getByRole('link', { name: 'Set up on my profile' }).click();
  await expect(page).toHaveURL(/\/profile#sign-in-security$/);
  await expect(page.getByTestId('sign-in-security')).toBeVisible();
});

test('a send above 1,000 USD asks for the passkey before the PIN; confirmed, it goes through', async ({
  page,
  request,
}) => {
  const sender = await newUser(request, 'Stella Step-Up');
  const receiver = await newUser(request, 'Rex Receiver');
  await deposit(sender.email, 'USD', '2000.00');
  await setPin(request, sender);
  await virtualAuthenticator(page);
  await signInWithForm(page, sender);
  await addPasskey(page, 'Laptop');
  // the passkey's own check is 6 minutes old: the next large move needs a new one
  await sql(
    `UPDATE session_second_factors SET verified_at = now() - interval '6 minutes' WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
    [sender.email],
  );

  await page.goto('/send-money');
  const form = page.getByTestId('send-money');
  await form.getByLabel("Recipient's Email").fill(receiver.email);
  await form.getByLabel('Amount').fill('1500');
  await form.getByRole('button', { name: 'Send Money' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter Transaction PIN' });
  const check = dialog.getByTestId('money-step-up');
  await expect(check).toContainText(
    'This is a large amount: confirm it is you with your passkey or authenticator app first.',
  );
  await typePin(page, '1234');
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await page.screenshot({ path: path.join(screenshots, 'passkeys-send-step-up.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: path.join(screenshots, 'passkeys-send-step-up-375.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await check.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(check).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Transfer Successful')).toContainText(/You sent 1,?500\.00 USD to Rex Receiver\./);
});
