import { getPool } from '../../platform/db/pool.js';
import { file, form, moduleClient, PNG, recordStoredKeys, type Json } from '../../../test/module-client.js';

/** What the support tests share (test/module-client.ts, plus PDF/HTML/SVG bytes and tickets in a given state). */
export { file, PNG, recordStoredKeys, type Json };
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
export const HTML = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

export function supportTestClient() {
  const { app, call, allPages } = moduleClient('support');
  const openTicket = (userId: string, fields: Record<string, string | Blob>) =>
    call(userId, 'POST', '/tickets', form(fields));
  /** A ticket of the user's (subject and description filled in unless given), as the API answered it. */
  const ticketOf = async (userId: string, fields: Record<string, string | Blob> = {}) =>
    (
      await openTicket(userId, {
        subject: 'Card payment failed',
        description: 'My card was declined twice.',
        ...fields,
      })
    ).body.ticket as Json;
  const respond = (userId: string, ticketId: string, fields: Record<string, string | Blob>) =>
    call(userId, 'POST', `/tickets/${ticketId}/responses`, form(fields));
  const adminRespond = (adminId: string, ticketId: string, fields: Record<string, string | Blob>) =>
    call(adminId, 'POST', `/admin/tickets/${ticketId}/responses`, form(fields));
  const setStatus = (adminId: string, ticketId: string, status: string, priority = 'medium') =>
    call(adminId, 'PATCH', `/admin/tickets/${ticketId}`, { status, priority });
  return { app, call, form, openTicket, ticketOf, respond, adminRespond, setStatus, allPages };
}

/** A ticket's row as the database has it (times as Date). */
export async function ticketRow(id: string) {
  const { rows } = await getPool().query<{
    status: string;
    priority: string;
    updated_at: Date;
    resolved_at: Date | null;
    created_at: Date;
  }>(
    'SELECT status::text, priority::text, created_at, updated_at, resolved_at FROM customer_support_tickets WHERE id = $1',
    [id],
  );
  return rows[0]!;
}
