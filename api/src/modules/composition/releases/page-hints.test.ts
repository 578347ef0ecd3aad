import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/helpers.js';
import { signCookieValue } from '../../../platform/http/session-marker.js';
import { sendShellHtml } from '../../../platform/http/shell-html.js';
import { registerRelease } from './service.js';
import { platformCaller, releaseInput } from './testing.js';

// The page's HTML tells the browser what its route's remote needs before the shell's code has run:
// `<link rel="preload">` of the remote's entry, and in the boot data the entry and ./App chunk the
// inlined early script fetches at once (api/src/platform/http/shell-html.ts). A release is data
// (promote, roll back, preview): the hinted files must be the active release's, never another's.
const ROUTE = '/hinted-page';
const call = platformCaller();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-hints-'));
fs.writeFileSync(path.join(dir, 'index.html'), '<html><head><title>Portal</title></head><body></body></html>');
const app = new Hono().get('*', (c) => sendShellHtml(c, path.join(dir, 'index.html')));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const filesOf = (version: string) => {
  const base = `/remotes/mfe-hints/${version}`;
  return { entry: `${base}/remoteEntry.js`, app: `${base}/__federation_expose_App.${version}.js` };
};
/** Registers a release of mfe-hints whose ./App chunk is named after its version. */
const publish = async (version: string, stage: boolean) =>
  (
    await registerRelease(
      { ...releaseInput('mfe-hints', version, 'user', [ROUTE]), preload: Object.values(filesOf(version)) },
      { stage },
    )
  ).id;

/** What a cold load of ROUTE is told to download: the preloaded scripts and the warmed ./App chunks. */
async function hintsOfPage(cookie: string) {
  const html = await (await app.request(ROUTE, { headers: { cookie: `portal_session=1; ${cookie}` } })).text();
  const boot = JSON.parse(html.match(/<script type="application\/json" id="portal-boot">(.*?)<\/script>/)![1]!) as {
    remotes: { name: string; preload: string[] }[];
  };
  return {
    html,
    preloaded: [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((m) => m[1]),
    warmed: boot.remotes.find((r) => r.name === 'mfe-hints')?.preload.slice(1),
  };
}
/** The page hints exactly `version`'s entry and ./App chunk, and names no file of `others`. */
async function expectHinted(cookie: string, version: string, others: string[]) {
  const page = await hintsOfPage(cookie);
  expect(page.preloaded, `the entry of ${version}`).toEqual([filesOf(version).entry]);
  expect(page.warmed, `the ./App chunk of ${version}`).toEqual([filesOf(version).app]);
  for (const other of others) expect(page.html).not.toContain(`/remotes/mfe-hints/${other}/`);
}

let admin: { id: string };
beforeAll(async () => {
  admin = await createUser({ admin: true });
});

describe("a page's download hints follow its remote's active release", () => {
  it('the current release after publish, promote and roll back; a previewed release for its admin only', async () => {
    const v1 = await publish('1.0.0', false);
    const v2 = await publish('2.0.0', true);
    await expectHinted('', '1.0.0', ['2.0.0']);

    expect((await call(admin.id, 'POST', `/releases/${v2}/current`, { expected_current_id: v1 })).status).toBe(200);
    await expectHinted('', '2.0.0', ['1.0.0']);

    expect((await call(admin.id, 'POST', `/releases/${v1}/current`, { expected_current_id: v2 })).status).toBe(200);
    await expectHinted('', '1.0.0', ['2.0.0']);

    const v3 = await publish('3.0.0', true);
    const preview = await call(admin.id, 'POST', `/releases/${v3}/preview`);
    const previewCookie = preview.headers.get('set-cookie')!.split(';')[0]!;
    const hint = `portal_admin=${signCookieValue('portal_admin', [admin.id], Math.floor(Date.now() / 1000) + 600)}`;
    await expectHinted(`${hint}; ${previewCookie}`, '3.0.0', ['1.0.0', '2.0.0']);
    await expectHinted(previewCookie, '1.0.0', ['3.0.0']);
  });
});
