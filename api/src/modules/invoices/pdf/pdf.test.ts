import { describe, expect, it } from 'vitest';
import { invoicesTestClient, person } from '../testing.js';

// Issue 19 detail: a PDF download, for the creator and the client only.
const { call, draftFor, sent } = invoicesTestClient();

describe('the invoice as a PDF', () => {
  it('the creator and the client get a PDF named after the number, served private, nosniff and sandboxed; a draft is the creator\'s only', async () => {
    const [creator, client] = [await person('Carla Creator'), await person('Cliff Client')];
    const inv = await sent(creator.id, client.id, { invoice_number: 'INV-654321', notes: 'Thanks <script>alert(1)</script>' });
    for (const who of [creator.id, client.id]) {
      const res = await call(who, 'GET', `/${inv.id}/pdf`);
      expect(res.status).toBe(200);
      expect(res.bytes!.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.bytes!.length).toBeGreaterThan(1000);
      expect(Object.fromEntries(['content-type', 'x-content-type-options', 'cache-control'].map((h) => [h, res.headers.get(h)])))
        .toEqual({ 'content-type': 'application/pdf', 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' });
      expect(res.headers.get('content-disposition')).toContain('filename="INV-654321.pdf"');
      expect(res.headers.get('content-security-policy')).toContain('sandbox');
    }
    const draft = await draftFor(creator.id, client.id);
    expect((await call(client.id, 'GET', `/${draft.id}/pdf`)).status).toBe(404);
    expect((await call(creator.id, 'GET', `/${draft.id}/pdf`)).status).toBe(200);
  });
});
