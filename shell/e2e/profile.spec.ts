import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, DEMO, idCardPng, screenshots, signInWithForm, signUpConfirmed, toast } from './helpers';

const PNG = idCardPng();
const PASSWORD = 'E2e-Profile-2026!';

/** A fresh account through the real sign-up, e-mail confirmation (dev outbox) and nothing else. */
async function newUser(request: APIRequestContext, fullName: string) {
  const email = await signUpConfirmed(request, { prefix: 'e2e', password: PASSWORD, fullName });
  return { email, password: PASSWORD, name: fullName };
}

async function closeToasts(page: Page) {
  const close = page.getByRole('status').getByRole('button', { name: 'Close' });
  while (await close.count()) await close.first().click();
}

/** Fills the KYC dialog (legal name only when given: it starts as the profile's name) and submits it. */
async function submitKyc(
  dialog: Locator,
  form: {
    legalName?: string;
    dateOfBirth: string;
    country: string;
    documentType: string;
    documentNumber: string;
    file: string;
  },
) {
  if (form.legalName) await dialog.getByLabel('Legal name').fill(form.legalName);
  await dialog.getByLabel('Date of birth').fill(form.dateOfBirth);
  await dialog.getByLabel('Country').selectOption(form.country);
  await dialog.getByLabel('Document type').selectOption(form.documentType);
  await dialog.getByLabel('Document number').fill(form.documentNumber);
  await dialog.getByLabel('Document image').setInputFiles({ name: form.file, mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Submit for review' }).click();
}

async function typePin(page: Page, label: string, pin: string) {
  await page.getByLabel(`${label} digit 1`).click();
  await page.keyboard.type(pin);
}

test('profile: edit name and username, set and change the PIN, submit KYC; the admin approves it; the user sees the verified state', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const user = await newUser(request, 'Erin Example');
  await signInWithForm(page, user);
  await page.goto('/profile');
  const area = page.getByTestId('profile-page');
  await expect(area.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute('href', '/dashboard');

  // Full name: edit, save
  const nameRow = area.getByTestId('field-full_name');
  await nameRow.getByRole('button', { name: 'Edit Full Name' }).click();
  await nameRow.getByLabel('Full Name').fill('   ');
  await nameRow.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Invalid Name')).toContainText('Full name cannot be empty.');
  await nameRow.getByLabel('Full Name').fill('Erin Q. Example');
  await nameRow.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Profile Updated')).toBeVisible();
  await expect(area.getByTestId('full_name-value')).toHaveText('Erin Q. Example');
  // the shell's header shows the saved name at once, without a reload
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText('Erin Q. Example');
  await page.getByRole('button', { name: 'Account menu' }).click();

  // Username: 'Not set', placeholder, rules, cancel restores, then save with @ prefix
  const userRow = area.getByTestId('field-username');
  await expect(area.getByTestId('username-value')).toHaveText('Not set');
  await userRow.getByRole('button', { name: 'Edit Username' }).click();
  await expect(userRow.getByLabel('Username')).toHaveAttribute('placeholder', 'Choose a unique username');
  await userRow.getByLabel('Username').fill('ab');
  await userRow.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Invalid Username')).toContainText('Username must be 3-20 characters.');
  await userRow.getByRole('button', { name: 'Cancel' }).click();
  await expect(area.getByTestId('username-value')).toHaveText('Not set');
  await userRow.getByRole('button', { name: 'Edit Username' }).click();
  await userRow.getByLabel('Username').fill('dana_demo'); // the demo user's: taken
  await userRow.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Invalid Username')).toContainText('Username already taken. Please choose another.');
  const username = `erin_${crypto.randomBytes(3).toString('hex')}`;
  await userRow.getByLabel('Username').fill(username);
  await userRow.getByRole('button', { name: 'Save' }).click();
  await expect(area.getByTestId('username-value')).toHaveText(`@${username}`);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText(`@${username}`);
  await page.getByRole('button', { name: 'Account menu' }).click();

  // PIN: set (new + confirm), mismatch first
  const pinCard = area.getByTestId('pin-card');
  await pinCard.getByRole('button', { name: 'Set up PIN' }).click();
  await typePin(page, 'New PIN', '1357');
  await typePin(page, 'Confirm PIN', '1358');
  await pinCard.getByRole('button', { name: 'Set PIN' }).click();
  await expect(toast(page, "PINs Don't Match")).toContainText('New PIN and confirm PIN do not match.');
  await pinCard.getByRole('button', { name: 'Cancel' }).click(); // Cancel clears the inputs
  await pinCard.getByRole('button', { name: 'Set up PIN' }).click();
  await expect(page.getByLabel('New PIN digit 1')).toHaveValue('');
  await typePin(page, 'New PIN', '1357');
  await typePin(page, 'Confirm PIN', '1357');
  await pinCard.getByRole('button', { name: 'Set PIN' }).click();
  await expect(toast(page, 'Transaction PIN Updated')).toBeVisible();
  await expect(pinCard).toContainText('Your Transaction PIN is set.');
  // change (current + new + confirm)
  await pinCard.getByRole('button', { name: 'Change PIN' }).click();
  await typePin(page, 'Current PIN', '1357');
  await typePin(page, 'New PIN', '2468');
  await typePin(page, 'Confirm PIN', '2468');
  await pinCard.getByRole('button', { name: 'Change PIN' }).click();
  await expect(toast(page, 'Transaction PIN Updated')).toBeVisible();
  await expect(pinCard.getByRole('button', { name: 'Change PIN' })).toBeVisible(); // form closed

  // KYC: not started -> form -> pending
  const kyc = area.getByTestId('kyc-card');
  await expect(kyc.getByTestId('kyc-status')).toHaveText('Your identity is not yet verified. Please complete KYC.');
  await kyc.getByRole('button', { name: 'Start KYC Verification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Identity verification' });
  await submitKyc(dialog, {
    legalName: 'Erin Quinn Example',
    dateOfBirth: '1991-07-15',
    country: 'DE',
    documentType: 'passport',
    documentNumber: 'C01X00T47',
    file: 'passport.png',
  });
  await expect(toast(page, 'Documents Submitted')).toBeVisible();
  await expect(kyc.getByTestId('kyc-status')).toHaveText('Your identity verification is pending review.');
  await expect(kyc.getByRole('button')).toHaveCount(0);
  await closeToasts(page);
  await page.screenshot({ path: path.join(screenshots, 'profile-kyc-pending.png'), fullPage: true });

  // Admin approves in the review queue
  const adminCtx = await browser.newContext({ baseURL });
  const admin = await adminCtx.newPage();
  await signInWithForm(admin, ADMIN);
  await admin.goto('/admin/kyc');
  const queue = admin.getByTestId('admin-kyc');
  await queue.getByTestId('kyc-item').filter({ hasText: 'Erin Quinn Example' }).click();
  const detail = queue.getByTestId('kyc-detail');
  await expect(detail).toContainText('C01X00T47');
  await expect(detail).toContainText(user.email);
  await expect(detail.getByTestId('kyc-document')).toBeVisible();
  expect(await detail.getByTestId('kyc-document').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  await admin.screenshot({ path: path.join(screenshots, 'admin-kyc-queue.png'), fullPage: true });
  await detail.getByRole('button', { name: 'Approve' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(toast(admin, 'KYC Approved')).toBeVisible();
  await adminCtx.close();

  // The user sees the verified state
  await page.reload();
  await expect(page.getByTestId('kyc-card').getByTestId('kyc-status')).toHaveText('Your identity has been verified.');
  await expect(page.getByTestId('kyc-card').getByRole('button')).toHaveCount(0);
  await page.screenshot({ path: path.join(screenshots, 'profile.png'), fullPage: true });
});

test('security: the user sees both sessions and signs the other one out; that session can no longer refresh', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const user = await newUser(request, 'Sam Sessions');
  const otherCtx = await browser.newContext({
    baseURL,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
  });
  const other = await otherCtx.request.post('/api/auth/token?grant_type=password', {
    data: { email: user.email, password: user.password },
  });
  expect(other.ok()).toBeTruthy();

  await signInWithForm(page, user);
  await page.goto('/profile');
  const security = page.getByTestId('security-card');
  const rows = security.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  const phone = rows.filter({ hasText: 'Safari on iOS' });
  await phone.getByRole('button', { name: 'Sign out' }).click();
  await expect(toast(page, 'Session Signed Out')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('This device');

  const refresh = await otherCtx.request.post('/api/auth/token?grant_type=refresh_token');
  expect(refresh.status()).toBe(401);
  await otherCtx.close();
});

test('accredited investor (demo user): verified text, the accredited note and badge', async ({ page }) => {
  await signInWithForm(page, DEMO);
  await page.goto('/profile');
  const kyc = page.getByTestId('kyc-card');
  await expect(kyc.getByTestId('kyc-status')).toHaveText('Your identity has been verified.');
  await expect(kyc.getByTestId('accredited-note')).toContainText('You are recognized as an accredited investor.');
  await expect(page.getByTestId('profile-card').getByText('Accredited Investor')).toBeVisible();
});

test('avatar upload, limits in dollars, hashtags and privacy; rejection reason and resubmit; account deletion signs out and disables sign-in', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const user = await newUser(request, 'Lee Leaving');
  await signInWithForm(page, user);
  await page.goto('/profile');

  // avatar: initial first, then the uploaded image
  const card = page.getByTestId('profile-card');
  await expect(card.getByTestId('avatar')).toHaveText('L');
  await card.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(card.getByTestId('avatar').locator('img')).toHaveAttribute('src', /^\/api\/profile\/avatars\/.+\.png$/);

  // limits: Not Set, then dollars with thousands separators; above the maximum is refused on the field
  const limits = page.getByTestId('limits-card');
  await expect(limits.getByTestId('limit-daily')).toHaveText('Not Set');
  await limits.getByRole('button', { name: 'Edit Limits' }).click();
  await limits.getByLabel('Daily Limit (USD)').fill('20000');
  await limits.getByRole('button', { name: 'Save Limits' }).click();
  await expect(limits.getByRole('alert')).toHaveText('The daily limit can be at most $10,000.00.');
  await limits.getByLabel('Daily Limit (USD)').fill('1500');
  await limits.getByLabel('Monthly Limit (USD)').fill('12345.6');
  await limits.getByRole('button', { name: 'Save Limits' }).click();
  await expect(limits.getByTestId('limit-daily')).toHaveText('$1,500.00');
  await expect(limits.getByTestId('limit-weekly')).toHaveText('Not Set');
  await expect(limits.getByTestId('limit-monthly')).toHaveText('$12,345.60');

  // settings: hashtags as tags, privacy
  const settings = page.getByTestId('settings-card');
  await settings.getByLabel('Default payment hashtags').fill('rent');
  await page.keyboard.press('Enter');
  await settings.getByLabel('Default payment hashtags').fill('#food');
  await page.keyboard.press('Enter');
  await settings.getByLabel('Profile privacy').selectOption('private');
  await settings.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page, 'Profile Updated')).toContainText('account settings');
  await page.reload();
  await expect(page.getByTestId('settings-card').getByTestId('hashtag')).toHaveText(['#rent×', '#food×']);
  await expect(page.getByTestId('settings-card').getByLabel('Profile privacy')).toHaveValue('private');

  // KYC rejected by the admin: the user sees the reason and can resubmit
  const kyc = page.getByTestId('kyc-card');
  await kyc.getByRole('button', { name: 'Start KYC Verification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Identity verification' });
  await submitKyc(dialog, {
    dateOfBirth: '2015-01-01',
    country: 'US',
    documentType: 'drivers_license',
    documentNumber: 'D1234567',
    file: 'licence.png',
  });
  await expect(dialog.getByRole('alert')).toHaveText('You must be at least 18 years old.');
  await dialog.getByLabel('Date of birth').fill('1985-03-02');
  await dialog.getByRole('button', { name: 'Submit for review' }).click();
  await expect(kyc.getByTestId('kyc-status')).toHaveText('Your identity verification is pending review.');

  const adminCtx = await browser.newContext({ baseURL });
  const admin = await adminCtx.newPage();
  await signInWithForm(admin, ADMIN);
  await admin.goto('/admin/kyc');
  await admin.getByTestId('kyc-item').filter({ hasText: user.email }).click();
  await admin.getByTestId('kyc-detail').getByRole('button', { name: 'Reject' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
  await expect(admin.getByRole('dialog').getByRole('alert')).toHaveText('Give the reason the user will see.');
  await admin.getByLabel('Reason shown to the user').fill('The licence photo is cut off at the bottom.');
  await admin.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
  await expect(toast(admin, 'KYC Rejected')).toBeVisible();
  // decided: it leaves the pending queue; under All it shows the audit entry (who, what, when, before -> after)
  await admin.getByRole('button', { name: 'All', exact: true }).click();
  await admin.getByTestId('kyc-item').filter({ hasText: user.email }).click();
  await expect(admin.getByTestId('kyc-history')).toContainText('Rejected an identity verification by Ada Admin');
  await expect(admin.getByTestId('kyc-history')).toContainText('KYC pending → rejected');
  await adminCtx.close();

  await page.reload();
  await expect(kyc.getByTestId('kyc-status')).toHaveText(
    'Your identity verification was rejected. Please contact support or resubmit.',
  );
  await expect(kyc.getByTestId('kyc-reason')).toContainText('The licence photo is cut off at the bottom.');
  await expect(kyc.getByRole('button', { name: 'Resubmit Documents' })).toBeVisible();

  // account deletion: wrong password refused, then deleted, signed out, cannot sign in again
  await page.getByTestId('delete-account-card').getByRole('button', { name: 'Delete Account' }).click();
  const del = page.getByRole('dialog', { name: 'Delete account' });
  await del.getByLabel('Enter your password to confirm').fill('wrong-password');
  await del.getByRole('button', { name: 'Delete my account' }).click();
  await expect(del.getByRole('alert')).toHaveText('The password is incorrect.');
  await del.getByLabel('Enter your password to confirm').fill(user.password);
  await del.getByRole('button', { name: 'Delete my account' }).click();
  await expect(toast(page, 'Account Deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/); // signed out: the route guard shows the sign-in page
  const again = await request.post('/api/auth/token?grant_type=password', {
    data: { email: user.email, password: user.password },
  });
  expect(again.status()).toBe(401);
});

test('account deletion is refused while wallets hold money, naming them (demo user)', async ({ page }) => {
  await signInWithForm(page, DEMO);
  await page.goto('/profile');
  await page.getByTestId('delete-account-card').getByRole('button', { name: 'Delete Account' }).click();
  const blocked = page.getByRole('dialog', { name: 'Delete account' }).getByTestId('delete-blocked');
  await expect(blocked).toContainText('Your account cannot be deleted while your wallets hold money');
  await expect(blocked).toContainText(/USD \d/);
  await expect(page.getByLabel('Enter your password to confirm')).toHaveCount(0);
});

test('accessibility (axe): the KYC form dialog and the admin KYC queue with a submission have no serious or critical violation', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const { readFileSync } = await import('node:fs');
  const { createRequire } = await import('node:module');
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const audit = async (p: Page, label: string) => {
    await p.evaluate(axeSource);
    const result = (await p.evaluate(() =>
      (window as unknown as { axe: { run: (d: Document, o: object) => Promise<unknown> } }).axe.run(document, {
        resultTypes: ['violations'],
      }),
    )) as { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  };
  const user = await newUser(request, 'Axel Axe');
  await signInWithForm(page, user);
  await page.goto('/profile');
  await page.getByTestId('kyc-card').getByRole('button', { name: 'Start KYC Verification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Identity verification' });
  const problems = await audit(page, 'KYC form');
  await submitKyc(dialog, {
    legalName: 'Axel Axe',
    dateOfBirth: '1980-01-01',
    country: 'SE',
    documentType: 'national_id',
    documentNumber: 'AX123456',
    file: 'id.png',
  });
  await expect(page.getByTestId('kyc-status')).toHaveText('Your identity verification is pending review.');
  await closeToasts(page); // shared-ui's toasts are audited elsewhere (their contrast/list roles are not this page's)
  problems.push(...(await audit(page, '/profile (pending)')));

  const adminCtx = await browser.newContext({ baseURL });
  const admin = await adminCtx.newPage();
  await signInWithForm(admin, ADMIN);
  await admin.goto('/admin/kyc');
  await admin.getByTestId('kyc-item').filter({ hasText: user.email }).click();
  await expect(admin.getByTestId('kyc-document')).toBeVisible();
  problems.push(...(await audit(admin, '/admin/kyc')));
  await admin.getByTestId('kyc-detail').getByRole('button', { name: 'Reject' }).click();
  problems.push(...(await audit(admin, '/admin/kyc reject dialog')));
  await adminCtx.close();
  expect(problems).toEqual([]);
});
