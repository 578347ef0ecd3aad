import { describe, expect, it } from 'vitest';
import { invoicesTestClient, person } from '../testing.js';
import { headerLines } from './service.js';

// Detail: a PDF download, for the creator and the client only.
const { call, draftFor, sent } = invoicesTestClient();

describe('the invoice as a PDF', () => {
  it("the creator and the client get a PDF named after the number, served private, nosniff and sandboxed; a draft is the creator's only", async () => {
    const [creator, client] = [await person('Carla Creator'), await person('Cliff Client')];
    const inv = await sent(creator.id, client.id, {
      invoice_number: 'INV-654321',
      notes: 'Thanks <script>alert(1)</script>',
    });
    for (const who of [creator.id, client.id]) {
      const res = await call(who, 'GET', `/${inv.id}/pdf`);
      expect(res.status).toBe(200);
      expect(res.bytes!.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.bytes!.length).toBeGreaterThan(1000);
      expect(
        Object.fromEntries(
          ['content-type', 'x-content-type-options', 'cache-control'].map((h) => [h, res.headers.get(h)]),
        ),
      ).toEqual({
        'content-type': 'application/pdf',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
      expect(res.headers.get('content-disposition')).toContain('filename="INV-654321.pdf"');
      expect(res.headers.get('content-security-policy')).toContain('sandbox');
    }
    const draft = await draftFor(creator.id, client.id);
    expect((await call(client.id, 'GET', `/${draft.id}/pdf`)).status).toBe(404);
    expect((await call(creator.id, 'GET', `/${draft.id}/pdf`)).status).toBe(200);
  });

  it("says the status as the page does and dates written out: the issue date in the reader's time zone, the due date as its calendar day", () => {
    const paid = {
      status: 'paid' as const,
      sent_at: '2026-11-26T23:30:00.000Z',
      created_at: '2026-11-20T10:00:00.000Z',
      due_date: '2026-12-01',
    };
    expect(headerLines(paid, 'UTC')).toEqual({
      status: 'Status: Paid',
      dates: 'Issued: November 26, 2026    Due: December 1, 2026',
    });
    expect(headerLines(paid, 'Europe/Berlin').dates, 'past midnight in Berlin').toBe(
      'Issued: November 27, 2026    Due: December 1, 2026',
    );
    expect(headerLines(paid, 'America/Los_Angeles').dates, 'the due day never moves').toBe(
      'Issued: November 26, 2026    Due: December 1, 2026',
    );
    expect(headerLines({ ...paid, status: 'overdue' as const, sent_at: null, due_date: null }, 'UTC')).toEqual({
      status: 'Status: Overdue',
      dates: 'Issued: November 20, 2026',
    });
  });

  it("takes the reader's time zone; anything else is a 400 naming the field", async () => {
    const [creator, client] = [await person('Tess Zone'), await person('Tom Zone')];
    const inv = await sent(creator.id, client.id);
    expect((await call(creator.id, 'GET', `/${inv.id}/pdf?tz=Europe/Berlin`)).status).toBe(200);
    const bad = await call(creator.id, 'GET', `/${inv.id}/pdf?tz=Mars/Olympus`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ details: { fields: { tz: 'Not a time zone (e.g. Europe/Berlin).' } } });
  });
});
