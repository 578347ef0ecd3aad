import { describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { annotatedPng, pngChunks } from '../../../platform/storage/testing.js';
import { bearer } from '../../../../test/helpers.js';
import { campaignInput, campaignsTestClient, person } from '../testing.js';

// A campaign's logo (docs/decisions.md "Crowdfunding", "Uploads publish only pixels"): the owner's
// upload, served publicly as its pixels only; a new one replaces it and the old file is gone.
const { app, call } = campaignsTestClient();

async function uploadLogo(userId: string, campaignId: string, bytes: Buffer) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' }));
  const res = await app.request(`/api/campaigns/${campaignId}/logo`, {
    method: 'POST',
    headers: await bearer(userId),
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { campaign: { company_logo_url: string } } };
}
const logoRows = async (userId: string) =>
  (
    await getPool().query<{ key: string }>(
      `SELECT key FROM upload_objects WHERE user_id = $1 AND bucket = 'campaign_logos'`,
      [userId],
    )
  ).rows.map((r) => r.key);

describe('campaign logo upload', () => {
  it('is served publicly without its text chunks; a second upload replaces it, the first file and its quota row are gone; another user gets 404', async () => {
    const owner = await person('Olive Owner');
    const draft = (await call(owner.id, 'POST', '/', await campaignInput())).body.campaign;
    const png = await annotatedPng(64, 32);

    const first = await uploadLogo(owner.id, draft.id, png);
    expect(first.status).toBe(200);
    const url = first.body.campaign.company_logo_url;
    expect(url).toMatch(new RegExp(`^/api/campaigns/logos/${draft.id}-[0-9a-f]{24}\\.png$`));
    const served = await app.request(url);
    expect([served.status, served.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
    expect(
      pngChunks(Buffer.from(await served.arrayBuffer())).filter((c) => ['tEXt', 'zTXt', 'iTXt', 'eXIf'].includes(c)),
    ).toEqual([]);
    expect(await logoRows(owner.id)).toEqual([url.split('/').pop()]);

    const second = await uploadLogo(owner.id, draft.id, png);
    expect(second.body.campaign.company_logo_url).not.toBe(url);
    expect((await app.request(url)).status).toBe(404);
    expect(await logoRows(owner.id)).toEqual([second.body.campaign.company_logo_url.split('/').pop()]);

    const other = await person('Otto Other');
    expect((await uploadLogo(other.id, draft.id, png)).status).toBe(404);
    expect(await logoRows(other.id)).toEqual([]);
  });
});
