import { createUser } from '../../../test/helpers.js';
import type { SecurityFixtures } from '../../../test/security/fixtures.js';
import { getPool } from '../../platform/db/pool.js';
import { createTicket } from './tickets/service.js';
import { getStorage } from '../../platform/storage/index.js';
import { PNG } from './testing.js';

/**
 * Security-suite fixtures (test/security/fixtures.ts): real open tickets of the party the matrix names
 * (a fresh user for the admin routes), one with a PNG for the attachment routes, and a contact message.
 */
async function ticket(ownerId?: string) {
  const userId = ownerId ?? (await createUser()).id;
  const { ticket: t } = await createTicket(userId, {
    subject: 'Security suite ticket',
    description: 'Made by the security suite',
    priority: 'medium',
  });
  return t;
}
/**
 * A PNG attached to a new ticket of the party, stored as the upload path stores one but not through
 * it: the suite calls a fixture many times for one owner, more than the upload rate allows.
 */
async function attachmentOf(ownerId?: string) {
  const t = await ticket(ownerId);
  const key = `${t.id}-suite.png`;
  await getStorage().put('support_attachments', key, PNG, 'image/png');
  const { rows } = await getPool().query<{ id: string }>(
    `INSERT INTO support_attachments (ticket_id, storage_key, file_name, content_type, size_bytes) VALUES ($1, $2, 'screen.png', 'image/png', $3) RETURNING id`,
    [t.id, key, PNG.length],
  );
  return rows[0]!.id;
}
async function contactMessage() {
  const { rows } = await getPool().query<{ id: string }>(
    `INSERT INTO contact_messages (name, email, subject, message) VALUES ('Suite Sender', 'suite-sender@example.test', 'Hello', 'From the security suite') RETURNING id`,
  );
  return rows[0]!.id;
}

export const securityFixtures: SecurityFixtures = {
  'POST /api/support/tickets': () => ({
    form: { subject: 'Suite subject', description: 'Suite description', priority: 'high' },
    expect: [201],
  }),
  'GET /api/support/tickets/{id}': async ({ owner }) => {
    const t = await ticket(owner.id);
    return { params: { id: t.id }, secrets: [t.id, t.ticket_id] };
  },
  'POST /api/support/tickets/{id}/responses': async ({ owner }) => {
    const t = await ticket(owner.id);
    return {
      params: { id: t.id },
      form: { response_text: 'A response from the suite' },
      secrets: [t.id, t.ticket_id],
      expect: [201],
    };
  },
  'GET /api/support/attachments/{id}': async ({ owner }) => {
    const id = await attachmentOf(owner.id);
    return { params: { id }, secrets: [id] };
  },
  'GET /api/support/admin/tickets/{id}': async () => ({ params: { id: (await ticket()).id } }),
  'PATCH /api/support/admin/tickets/{id}': async () => ({
    params: { id: (await ticket()).id },
    body: { status: 'in_progress', priority: 'high' },
  }),
  'POST /api/support/admin/tickets/{id}/responses': async () => ({
    params: { id: (await ticket()).id },
    form: { response_text: 'An admin answer from the suite' },
    expect: [201],
  }),
  'GET /api/support/admin/attachments/{id}': async () => ({ params: { id: await attachmentOf() } }),
  'PATCH /api/support/admin/contact-messages/{id}': async () => ({
    params: { id: await contactMessage() },
    body: { handled: true },
  }),
};
