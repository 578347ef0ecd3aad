import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, idCardPng, repo, screenshots, signInWithForm, signUpConfirmed, toast } from './helpers';

const { Client } = createRequire(path.join(repo, 'api', 'package.json'))('pg') as {
  Client: new (o: { connectionString: string }) => {
    connect(): Promise<void>;
    query(q: string, v: unknown[]): Promise<unknown>;
    end(): Promise<void>;
  };
};

// Seeded bob was 'Pending' with no submission; the queue must show every user whose KYC needs an admin.
test('admin KYC queue: seeded bob has a submission with its document to decide; a user pending with nothing to review can be reset to Not started', async ({
  page,
  request,
}) => {
  // The state only old data has (the product no longer makes it): marked pending, no submission.
  const email = await signUpConfirmed(request, {
    prefix: 'e2e-kyc-stuck',
    password: 'E2e-Kyc-2026!',
    fullName: 'Stuck Applicant',
  });
  const db = new Client({
    connectionString: `postgresql://postgres:postgres@127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 51_200}/portal`,
  });
  await db.connect();
  await db
    .query(`UPDATE profiles SET kyc_status = 'pending' WHERE id = (SELECT id FROM users WHERE email = $1)`, [email])
    .finally(() => db.end());

  await signInWithForm(page, ADMIN);
  await page.goto('/admin/kyc');
  await page.getByTestId('kyc-item').filter({ hasText: 'bob@portal.test' }).click();
  const detail = page.getByTestId('kyc-detail');
  await expect(detail).toContainText('Bob Builder · bob@portal.test');
  await expect(detail.getByTestId('kyc-document')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Approve' })).toBeEnabled();

  const stuck = page.getByTestId('kyc-unreviewable-user').filter({ hasText: email });
  await expect(stuck).toContainText('Stuck Applicant');
  await page.screenshot({ path: path.join(screenshots, 'admin-kyc-queue.png'), fullPage: true });
  await stuck.getByRole('button', { name: 'Reset to Not started' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
  await expect(toast(page, 'KYC Reset')).toBeVisible();
  await expect(stuck).toHaveCount(0);

  await page.goto('/admin/users');
  await expect(page.getByTestId('user-row').filter({ hasText: email })).toContainText('Not started');
});

/** A fresh user with a KYC submission waiting for review (through the API, as the profile's form sends it). */
async function applicant(request: APIRequestContext, legalName: string) {
  const password = 'E2e-Kyc-2026!';
  const email = await signUpConfirmed(request, { prefix: 'e2e-kyc-next', password, fullName: legalName });
  const { access_token } = (await (
    await request.post('/api/auth/token?grant_type=password', { data: { email, password } })
  ).json()) as { access_token: string };
  const res = await request.post('/api/kyc/submissions', {
    headers: { authorization: `Bearer ${access_token}` },
    multipart: {
      legal_name: legalName,
      date_of_birth: '1990-03-04',
      country: 'FR',
      document_type: 'passport',
      document_number: 'P1234567',
      document: { name: 'id.png', mimeType: 'image/png', buffer: idCardPng() },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

test('admin KYC: after Approve the pane stays on the person just reviewed, with their new state; Next moves on', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const first = await applicant(request, `Kim Reviewed ${tag}`);
  await applicant(request, `Lou Waiting ${tag}`);

  await signInWithForm(page, ADMIN);
  await page.goto('/admin/kyc');
  await page.getByTestId('kyc-item').filter({ hasText: first }).click();
  const detail = page.getByTestId('kyc-detail');
  await expect(detail).toContainText(first);
  await detail.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'KYC Approved')).toBeVisible();

  // the submission left the pending list; the pane still shows that person, approved, and their own accredited action
  await expect(page.getByTestId('kyc-item').filter({ hasText: first })).toHaveCount(0);
  await expect(detail.getByTestId('kyc-detail-status')).toHaveText('approved');
  await expect(detail).toContainText(`Kim Reviewed ${tag}`);
  await expect(detail).toContainText(first);
  await expect(detail.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Mark as accredited investor' })).toBeVisible();
  await expect(detail.getByTestId('kyc-history')).toContainText('Approved an identity verification by Ada Admin');

  // moving on is the admin's own click: the next submission waiting for review
  await detail.getByRole('button', { name: 'Next' }).click();
  await expect(detail).not.toContainText(first);
  await expect(detail.getByTestId('kyc-detail-status')).toHaveText('pending');
});
