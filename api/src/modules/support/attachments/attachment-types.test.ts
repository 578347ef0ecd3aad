import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, tableCounts } from '../../../../test/helpers.js';
import { samePixels } from '../../../platform/storage/testing.js';
import { HTML, PDF, PNG, SVG, file, recordStoredKeys, supportTestClient, type Json } from '../testing.js';

// Attachments on a ticket and on a response are images or PDF, typed by their bytes (never
// the name or the header), at most 5 MB, and readable only by the ticket's owner and admins.
const { call, openTicket, ticketOf, respond, adminRespond } = supportTestClient();
const stored = recordStoredKeys();
afterAll(() => stored.stop());
const ACCEPTED = 'Only JPEG, PNG or WebP images or PDF documents are accepted.';
const MB = 1024 * 1024;

describe('attachment types', () => {
  let ann: { id: string }, ben: { id: string }, admin: { id: string };
  beforeAll(async () => {
    ann = await createUser();
    ben = await createUser();
    admin = await createUser({ admin: true });
  });

  it('HTML or an SVG with a script, named .png or .pdf and sent with that type, is refused (400 on attachment) on a ticket and on a response; nothing is stored', async () => {
    const t = await ticketOf(ann.id);
    const before = await tableCounts(['customer_support_tickets', 'ticket_responses', 'support_attachments']);
    const keys = stored.keys.length;
    for (const [bytes, name, type] of [
      [HTML, 'shot.png', 'image/png'],
      [SVG, 'shot.png', 'image/png'],
      [HTML, 'invoice.pdf', 'application/pdf'],
      [SVG, 'x.svg', 'image/svg+xml'],
    ] as const) {
      const attachment = file(bytes, name, type);
      for (const res of [
        await openTicket(ann.id, { subject: 'Look', description: 'See the file', attachment }),
        await respond(ann.id, t.id, { response_text: 'See the file', attachment }),
      ]) {
        expect([res.status, res.body.details?.fields], name).toEqual([400, { attachment: ACCEPTED }]);
      }
    }
    expect(await tableCounts(['customer_support_tickets', 'ticket_responses', 'support_attachments'])).toEqual(before);
    expect(stored.keys.length).toBe(keys);
  });

  it('over 5 MB is refused (400 on attachment) whether the body or the file is too large', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * MB + 1 - PNG.length)]);
    const huge = Buffer.concat([PNG, Buffer.alloc(6 * MB)]);
    for (const bytes of [big, huge]) {
      const res = await openTicket(ann.id, {
        subject: 'Big',
        description: 'Big file',
        attachment: file(bytes, 'big.png', 'image/png'),
      });
      expect([res.status, res.body.details?.fields]).toEqual([400, { attachment: 'The file must be at most 5 MB.' }]);
    }
  });

  it('a PDF and a PNG are accepted whatever their header, named after what they are, and served back to the owner and to admins only', async () => {
    const t = await ticketOf(ann.id, { attachment: file(PDF, 'Invoice March.PDF', 'application/octet-stream') });
    expect(t.attachments).toEqual([
      {
        id: expect.any(String),
        file_name: 'Invoice March.PDF',
        content_type: 'application/pdf',
        size_bytes: PDF.length,
        url: `/api/support/attachments/${t.attachments[0].id}`,
      },
    ]);
    const r = (
      await respond(ann.id, t.id, {
        response_text: 'And a screenshot',
        attachment: file(PNG, 'C:\\Users\\ann\\shot.pdf', 'application/pdf'),
      })
    ).body.response;
    expect(r.attachments).toEqual([
      {
        id: expect.any(String),
        file_name: 'shot.pdf.png',
        content_type: 'image/png',
        size_bytes: expect.any(Number),
        url: `/api/support/attachments/${r.attachments[0].id}`,
      },
    ]);
    const shown = (await call(ann.id, 'GET', `/tickets/${t.id}`)).body;
    expect(shown.ticket.attachments).toEqual(t.attachments); // the response's file is with the response only
    expect(shown.responses[0].attachments).toEqual(r.attachments);

    for (const [a, bytes, type] of [
      [t.attachments[0], PDF, 'application/pdf'],
      [r.attachments[0], PNG, 'image/png'],
    ] as [Json, Buffer, string][]) {
      const mine = await call(ann.id, 'GET', a.url.replace('/api/support', ''));
      expect(mine.status).toBe(200);
      expect(type === 'image/png' ? await samePixels(mine.bytes!, bytes) : mine.bytes?.equals(bytes)).toBe(true); // an image re-encoded, a PDF as sent
      expect(mine.bytes?.length).toBe(a.size_bytes);
      expect(mine.headers.get('content-type')).toBe(type);
      expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
      expect(mine.headers.get('cache-control')).toBe('private, no-store');
      expect(mine.headers.get('content-security-policy')).toMatch(/(^|; )sandbox$/);
      expect(mine.headers.get('content-disposition')).toBe(
        `inline; filename="${a.file_name}"; filename*=UTF-8''${encodeURIComponent(a.file_name)}`,
      );
      // another user, and an admin on the owner's route: 404; the admins' route serves admins, and only them
      for (const who of [ben.id, admin.id]) expect((await call(who, 'GET', `/attachments/${a.id}`)).status).toBe(404);
      const asAdmin = await call(admin.id, 'GET', `/admin/attachments/${a.id}`);
      expect([asAdmin.status, asAdmin.bytes?.equals(mine.bytes!)]).toEqual([200, true]);
      expect((await call(ben.id, 'GET', `/admin/attachments/${a.id}`)).status).toBe(403);
      expect((await call(null, 'GET', `/attachments/${a.id}`)).status).toBe(401);
    }
    // admins' views point at their route
    const adminView = (await call(admin.id, 'GET', `/admin/tickets/${t.id}`)).body;
    expect(adminView.ticket.attachments[0].url).toBe(`/api/support/admin/attachments/${t.attachments[0].id}`);
    expect(adminView.responses[0].attachments[0].url).toBe(`/api/support/admin/attachments/${r.attachments[0].id}`);
    const missing = await call(ann.id, 'GET', '/attachments/00000000-0000-4000-8000-000000000000');
    expect([missing.status, missing.body.error]).toEqual([404, 'Attachment not found.']);
  });

  it('an admin response may carry a file too; a file input left empty is no attachment', async () => {
    const t = await ticketOf(ann.id, { attachment: new File([], '', { type: 'application/octet-stream' }) });
    expect(t.attachments).toEqual([]);
    const res = await adminRespond(admin.id, t.id, {
      response_text: 'Here is the form',
      attachment: file(PDF, 'form.pdf', 'application/pdf'),
    });
    expect(res.status).toBe(201);
    expect(res.body.response.attachments[0]).toMatchObject({
      file_name: 'form.pdf',
      content_type: 'application/pdf',
      url: expect.stringMatching(/^\/api\/support\/admin\/attachments\//),
    });
    const forUser = (await call(ann.id, 'GET', `/tickets/${t.id}`)).body.responses[0].attachments[0];
    expect((await call(ann.id, 'GET', forUser.url.replace('/api/support', ''))).bytes?.equals(PDF)).toBe(true);
  });
});
