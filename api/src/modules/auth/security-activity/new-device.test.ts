import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../../platform/outbound/index.js';
import { createTestApp, createUser } from '../../../../test/helpers.js';

const app = createTestApp(['auth']);
const PASSWORD = 'Correct-horse-42';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1';
const SUBJECT = 'New sign-in to your Portal account';

async function signIn(email: string, userAgent: string) {
  const res = await app.request('/api/auth/token?grant_type=password', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string };
}
const newDeviceMails = async (email: string) =>
  (await readOutbox({ recipient: email, channel: 'email' })).filter((m) => m.subject === SUBJECT);

describe('new-device sign-in notice', () => {
  it('the first sign-in and sign-ins from a known browser send nothing; another browser sends one e-mail and shows in the activity', async () => {
    const user = await createUser({ password: PASSWORD });
    await signIn(user.email, LAPTOP);
    await signIn(user.email, LAPTOP);
    expect(await newDeviceMails(user.email)).toHaveLength(0);

    const { access_token } = await signIn(user.email, PHONE);
    const mails = await newDeviceMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(PHONE);
    await signIn(user.email, PHONE);
    expect(await newDeviceMails(user.email)).toHaveLength(1);

    const activity = await app.request('/api/auth/security-activity', {
      headers: { authorization: `Bearer ${access_token}` },
    });
    const { events } = (await activity.json()) as { events: { action: string; words: string }[] };
    expect(events.filter((e) => e.action === 'auth.new_device_sign_in').map((e) => e.words)).toEqual([
      'Signed in from a new device',
    ]);
  });
});
