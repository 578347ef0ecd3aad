import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { screenshots as defaultScreenshots } from './helpers';

// E2E_SCREENSHOTS keeps them out of test-results/ (which every run empties) when several runs share the tree.
const screenshots = process.env.E2E_SCREENSHOTS ?? defaultScreenshots;

/** The public face (docs/product.md "Public pages"; docs/product.md "Public pages", Static pages and FAQ). */
const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title }).first();

test('landing: hero, Learn More scrolls to nine feature cards with four links, security section, Sign Up Now; no API data before first paint', async ({
  page,
}) => {
  const api: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/') && u.pathname !== '/api/auth/token') api.push(u.pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Your money, work and investments');
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth');
  await page.screenshot({ path: path.join(screenshots, 'landing.png'), fullPage: true });

  const cards = page.getByTestId('feature-card');
  await expect(cards).toHaveCount(9);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.getByRole('button', { name: 'Learn More' }).click();
  await expect
    .poll(() => page.evaluate(() => Math.round(document.getElementById('features')!.getBoundingClientRect().top)))
    .toBeLessThan(100);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await expect(page.getByRole('heading', { name: 'Everything you need to grow your finances' })).toBeInViewport();
  const links = {
    'Explore Payments': '/pay',
    'Find Work or Hire Talent': '/find-work',
    'Browse Campaigns': '/browse-campaigns',
    'Join the Conversation': '/feed',
  };
  for (const [name, href] of Object.entries(links))
    await expect(page.getByTestId('feature-card').getByRole('link', { name })).toHaveAttribute('href', href);
  await expect(cards.getByRole('link')).toHaveCount(4);

  await expect(page.getByTestId('security-bullets').getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Explore Security Measures' })).toBeVisible();
  await expect(page.getByTestId('site-header').getByRole('link', { name: 'Login' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign Up Now' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  // the landing page itself asked the API for nothing but the session and the remote registry
  expect(api.filter((p) => p !== '/api/platform/remotes' && !p.startsWith('/api/auth/config'))).toEqual([]);
});

const PAGES: [string, string, string][] = [
  ['/white-paper', 'White Paper', 'double-entry ledger'],
  ['/about-us', 'About Us', 'Founded in May 2025'],
  ['/contact-us', 'Contact Us', 'Send us a message'],
  ['/terms-and-conditions', 'Terms & Conditions', 'at least 18 years old'],
  ['/privacy-policy', 'Privacy Policy', 'We do not sell your personal data'],
  ['/faqs', 'Frequently Asked Questions', 'General'],
];

test("a visit that opens on a static page renders it with the shell's first render, not the layout alone first (React holds a page back 300 ms behind its fallback)", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const firstRender: boolean[] = [];
    Object.assign(window, { firstRender });
    // React's first commit replaces index.html's boot bar in #root: was the page's heading in it?
    const watch = new MutationObserver(() => {
      const root = document.getElementById('root');
      if (!root || root.querySelector('.boot-bar') || root.childElementCount === 0) return;
      firstRender.push(Boolean(root.querySelector('h1')));
      watch.disconnect();
    });
    watch.observe(document, { subtree: true, childList: true });
  });
  await page.goto('/faqs');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { firstRender: boolean[] }).firstRender)).toEqual([true]);
});

test('static pages render with their content and Back to Home; footer links reach them', async ({ page }) => {
  for (const [url, heading, text] of PAGES) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(text);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  }
  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('main')).toContainText('laws of the State of Delaware');
  await page.goto('/about-us');
  await page.getByRole('main').getByRole('link', { name: 'contact us' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
  const footer = page.getByTestId('site-footer');
  for (const name of [
    'About Us',
    'Contact Us',
    'White Paper',
    'FAQs',
    'Terms & Conditions',
    'Privacy Policy',
    'Customer Support',
  ])
    await expect(footer.getByRole('link', { name })).toBeVisible();
  await expect(footer).toContainText('May 2025');
  await footer.getByRole('link', { name: 'FAQs' }).click();
  await expect(page).toHaveURL(/\/faqs$/);
});

test('FAQs: six categories, each a single-open accordion, answers state the policies', async ({ page }) => {
  await page.goto('/faqs');
  const categories = page.getByTestId('faq-category');
  await expect(categories).toHaveCount(6);
  await expect(categories.getByRole('heading', { level: 2 })).toHaveText([
    'General',
    'Payments & Wallets',
    'Freelance Marketplace',
    'Equity Fundraising',
    'Customer Support',
    'Security & Privacy',
  ]);
  const payments = categories.nth(1);
  const fees = payments.getByRole('button', { name: 'What fees do I pay?' });
  const withdrawal = payments.getByRole('button', { name: 'How do instant withdrawals work?' });
  await fees.click();
  await expect(fees).toHaveAttribute('aria-expanded', 'true');
  await expect(payments).toContainText('always shown before you confirm');
  await withdrawal.click();
  await expect(withdrawal).toHaveAttribute('aria-expanded', 'true');
  await expect(fees).toHaveAttribute('aria-expanded', 'false'); // single-open
  await expect(payments).toContainText('bank takes to show it may vary');
  await page.screenshot({ path: path.join(screenshots, 'faqs.png'), fullPage: true });
  await withdrawal.click();
  await expect(withdrawal).toHaveAttribute('aria-expanded', 'false');
  // the facts of docs/product.md
  const facts: [number, string, string][] = [
    [0, 'Are payments refundable?', 'no-refund policy'],
    [1, 'I forgot my transaction PIN. How do I reset it?', 'requires identity verification'],
    [3, 'How do I raise capital?', 'subject to review'],
    [3, 'Who can invest?', 'may need to be accredited'],
    [4, 'How quickly will support answer?', 'within 7 business days'],
  ];
  for (const [i, q, a] of facts) {
    await categories.nth(i).getByRole('button', { name: q }).click();
    await expect(categories.nth(i)).toContainText(a);
  }
});

test('contact form: stored through the API; a failure shows Error Sending Message with the fallback text', async ({
  page,
}) => {
  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'contact.png'), fullPage: true });
  await page.getByLabel('Name', { exact: true }).fill('Casey Contact');
  await page.getByLabel('Email', { exact: true }).fill('casey@example.test');
  await page.getByLabel('Subject', { exact: true }).fill('Hello');
  await page.getByLabel('Message', { exact: true }).fill('How do fees work?');
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect((await sent).status()).toBe(201);
  await expect(toast(page, 'Message Sent')).toBeVisible();
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('');

  await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
  await page.getByLabel('Name', { exact: true }).fill('Casey Contact');
  await page.getByLabel('Email', { exact: true }).fill('casey@example.test');
  await page.getByLabel('Subject', { exact: true }).fill('Again');
  await page.getByLabel('Message', { exact: true }).fill('Still there?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, 'Error Sending Message')).toContainText(
    'Could not send your message. Please try again or use the email below.',
  );
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Again');
});

test('header: Find Work, Invest, Feed; Login when signed out; mobile menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByTestId('mobile-menu');
  for (const name of ['Find Work', 'Invest', 'Feed', 'Login'])
    await expect(menu.getByRole('link', { name })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Invest' })).toHaveAttribute('href', '/browse-campaigns');
  await page.screenshot({ path: path.join(screenshots, 'landing-mobile-menu.png') });
  await menu.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Phone Login' })).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'auth-mobile.png'), fullPage: true });
});
