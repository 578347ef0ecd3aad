import { expect, test } from '@playwright/test';
import { signInWithForm, toast } from './helpers';
import { newUser } from './money-helpers';

// A failure toast says what the server says is wrong with the field, not only 'Invalid
// request' (shared-ui errorMessage reads details.fields, so every screen benefits).
test("a photo that is not an image: the toast gives the server's reason", async ({ page, request }) => {
  const pat = await newUser(request, 'Pat Photo');
  await signInWithForm(page, pat);
  await page.goto('/profile');
  // declared as PNG (so the screen's own type check lets it through); the server reads the bytes
  await page.getByTestId('avatar-input').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(toast(page, 'Upload Failed')).toContainText('Only JPEG, PNG or WebP images are accepted.');
  await expect(toast(page, 'Upload Failed')).not.toContainText('Invalid request');
});
