import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { droppableLiveSocket, screenshots, toast } from './helpers';
import { asUser, newUser, sql } from './money-helpers';

// End to end, two users in two browser contexts: A posts an image, B likes and comments,
// A sees it; B messages A, A sees it arrive live with the unread count; A's socket drops and comes
// back, and the messages sent meanwhile appear once, in order.
test.describe.configure({ mode: 'serial' });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshots, `social-${name}.png`), fullPage: true });
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('A posts an image, B likes and comments, A sees both; B messages A live (unread count, read receipt, still read after a reload); after a dropped socket the missed messages appear once, in order', async ({
  browser,
  request,
}) => {
  const tag = Date.now().toString(36);
  const aUser = await newUser(request, `Alma Poster ${tag}`);
  const bUser = await newUser(request, `Bruno Reader ${tag}`);

  // A's socket goes through the test, so the test can drop it and keep it down for a while
  const a = await asUser(browser, aUser);
  const aSocket = await droppableLiveSocket(a.page);

  // A posts an image (the type follows the file)
  await a.page.goto('/create-post');
  await a.page.getByLabel('Content type').selectOption('image');
  await a.page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toast(a.page, 'No File Selected')).toBeVisible();
  await a.page.getByLabel('Message', { exact: true }).fill(`Our first savings chart ${tag}`);
  await a.page.getByLabel('Image file').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: PNG });
  await a.page.getByLabel('Tags (comma separated)').fill('savings, charts');
  await a.page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(a.page).toHaveURL(/\/feed$/);
  const aPost = a.page.getByTestId('post').filter({ hasText: `Our first savings chart ${tag}` });
  await expect(aPost.getByRole('img', { name: /Image: Our first savings chart/ })).toBeVisible();
  await expect(aPost).toContainText('#savings');

  // B finds it on the feed, likes it and comments
  const b = await asUser(browser, bUser);
  await b.page.goto('/feed');
  const bPost = b.page.getByTestId('post').filter({ hasText: `Our first savings chart ${tag}` });
  await expect(bPost).toContainText('0 Likes');
  await bPost.getByRole('link', { name: '0 Comments' }).click();
  await b.page.getByRole('button', { name: '0 Likes' }).click();
  await expect(b.page.getByRole('button', { name: '1 Like', exact: true })).toBeVisible();
  await b.page.getByLabel('Add a comment').fill('Lovely chart!');
  await b.page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(toast(b.page, 'Comment Posted!')).toBeVisible();
  // the post's type and the like are drawn icons (inline SVG), not font glyphs
  await expect(b.page.getByTestId('post-kind').getByRole('img', { name: 'Image post' })).toBeVisible();
  await expect(b.page.getByTestId('post-kind').locator('svg')).toHaveAttribute('data-icon', 'image');
  await expect(b.page.getByTestId('post')).not.toContainText(/[▣¶♥]/);
  await shot(b.page, 'post');
  await b.page.setViewportSize({ width: 375, height: 740 });
  await shot(b.page, 'post-375');
  await b.page.setViewportSize({ width: 1280, height: 800 });

  // A sees the like and the comment, counted in the singular
  await a.page.reload();
  await expect(aPost.getByTestId('likes')).toHaveText('1 Like');
  await expect(aPost.getByRole('link', { name: '1 Comment', exact: true })).toBeVisible();
  await aPost.getByRole('link', { name: '1 Comment', exact: true }).click();
  await expect(a.page.getByTestId('comment')).toContainText('Lovely chart!');
  await a.page.goto('/feed');

  // B starts a chat with A from the search; the first message creates the thread
  await b.page.goto('/messages/new');
  await b.page.getByLabel('To').fill(`Alma Poster ${tag}`);
  await b.page.getByTestId('person-result').first().click();
  await expect(b.page).toHaveURL(/\/messages\/new\//);
  await b.page.getByLabel('Message', { exact: true }).fill('Hi Alma, how did you make it?');
  await b.page.keyboard.press('Enter');
  await expect(b.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const threadId = b.page.url().split('/').pop()!;

  // A, still on the feed, sees the unread count arrive without reloading, then the thread and the chat
  await expect(a.page.getByTestId('unread-total')).toHaveText('1');
  await a.page.getByTestId('messages-link').click();
  await expect(
    a.page
      .getByTestId('thread')
      .filter({ hasText: `Bruno Reader ${tag}` })
      .getByTestId('unread'),
  ).toHaveText('1');
  await a.page
    .getByTestId('thread')
    .filter({ hasText: `Bruno Reader ${tag}` })
    .click();
  await expect(a.page.getByTestId('message')).toHaveText(['Hi Alma, how did you make it?'].map((t) => new RegExp(t)));
  await expect(a.page.getByTestId('unread-total')).toHaveCount(0);
  await expect(b.page.getByTestId('message').last()).toContainText('Read');
  // the read receipt is the database's: still there after B reloads the chat
  await b.page.reload();
  await expect(b.page.getByTestId('message').last()).toContainText('Hi Alma, how did you make it?');
  await expect(b.page.getByTestId('message').last()).toContainText('Read');
  await expect(a.page.getByTestId('presence')).toHaveText('Online');

  // live both ways, no reload
  await b.page.getByLabel('Message', { exact: true }).fill('Spreadsheet or app?');
  await b.page.keyboard.press('Enter');
  await expect(a.page.getByTestId('message').last()).toContainText('Spreadsheet or app?');
  await a.page.getByLabel('Message', { exact: true }).fill('A spreadsheet!');
  await a.page.keyboard.press('Enter');
  await expect(b.page.getByTestId('message').last()).toContainText('A spreadsheet!');
  await shot(a.page, 'chat');

  // A's connection drops and stays down while B sends three; when it is back they appear once, in order
  await aSocket.drop();
  await expect(a.page.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible();
  for (const text of ['one', 'two', 'three']) {
    await b.page.getByLabel('Message', { exact: true }).fill(`while you were away: ${text}`);
    await b.page.keyboard.press('Enter');
    await expect(b.page.getByTestId('message').last()).not.toContainText('Sending…');
  }
  await a.page.waitForTimeout(500);
  expect(
    await a.page.getByTestId('message').filter({ hasText: 'while you were away' }).count(),
    'nothing arrives while the socket is down',
  ).toBe(0);
  aSocket.restore();
  await expect(a.page.getByTestId('message').filter({ hasText: 'while you were away' })).toHaveText(
    [/one/, /two/, /three/],
    { timeout: 20_000 },
  );
  const seqs = await a.page
    .getByTestId('message')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))));
  expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  const stored = await sql<{ n: number }>('SELECT count(*)::int AS n FROM direct_messages WHERE thread_id = $1', [
    threadId,
  ]);
  expect(seqs.length).toBe(stored[0]!.n);
  await a.page.setViewportSize({ width: 375, height: 740 });
  await shot(a.page, 'chat-375');
});

test("a chat that is not yours: 'Thread not found.' and back to /messages", async ({ browser, request }) => {
  const outsider = await newUser(request, 'Otto Outsider');
  const [thread] = await sql<{ id: string }>('SELECT id FROM message_threads ORDER BY created_at DESC LIMIT 1');
  const o = await asUser(browser, outsider);
  await o.page.goto(`/messages/${thread!.id}`);
  await expect(toast(o.page, 'Error loading chat')).toContainText('Thread not found.');
  await expect(o.page).toHaveURL(/\/messages$/);
  await expect(o.page.getByTestId('no-threads')).toBeVisible();
});
