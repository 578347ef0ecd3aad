import crypto from 'node:crypto';
import type { SecurityFixtures } from '../../../test/security/fixtures.js';
import { getPool } from '../../platform/db/pool.js';
import { createUser, deposit, givePin } from '../../../test/helpers.js';
import { createInvoice } from './invoices/service.js';
import { InvoiceInput } from './schemas.js';
import { invoiceInput } from './testing.js';

/**
 * Security-suite fixtures (test/security/fixtures.ts). The creator's routes use a draft of the owner's
 * to a fresh client; the client's routes (quote, pay) use an invoice sent to the owner by a fresh
 * creator, the owner holding the PIN 2468 and dollars to pay it.
 */
const PIN = '2468';
async function draftOf(creatorId: string) {
  const client = await createUser();
  return (await createInvoice(creatorId, InvoiceInput.parse(await invoiceInput({ client_profile_id: client.id }))))
    .invoice;
}
async function sentTo(clientId: string) {
  const creator = await createUser();
  const { invoice } = await createInvoice(
    creator.id,
    InvoiceInput.parse(await invoiceInput({ client_profile_id: clientId })),
  );
  await getPool().query(`UPDATE invoices SET status = 'sent' WHERE id = $1`, [invoice.id]);
  await givePin(clientId, PIN);
  await deposit(clientId, 'USD', '500.00');
  return invoice;
}
const creatorRoute =
  (extra: Record<string, unknown> = {}) =>
  async ({ owner }: { owner: { id: string } }) => {
    const d = await draftOf(owner.id);
    return { params: { id: d.id }, secrets: [d.id, d.invoice_number], ...extra };
  };

export const securityFixtures: SecurityFixtures = {
  'POST /api/invoices': async () => ({
    body: await invoiceInput({ client_name: 'Suite Client', client_email: 'suite-client@example.test' }),
    expect: [201],
  }),
  'GET /api/invoices/{id}': creatorRoute(),
  'PUT /api/invoices/{id}': async ({ owner }) => {
    const d = await draftOf(owner.id);
    return {
      params: { id: d.id },
      body: await invoiceInput({ client_profile_id: d.client.id, invoice_number: d.invoice_number }),
      secrets: [d.id, d.invoice_number],
    };
  },
  'POST /api/invoices/{id}/send': creatorRoute(),
  'POST /api/invoices/{id}/cancel': creatorRoute(),
  'GET /api/invoices/{id}/pdf': creatorRoute(),
  'GET /api/invoices/{id}/payment-quote': async ({ owner }) => {
    const i = await sentTo(owner.id);
    return { params: { id: i.id }, secrets: [i.id, i.invoice_number] };
  },
  'POST /api/invoices/{id}/pay': async ({ owner }) => {
    const i = await sentTo(owner.id);
    return {
      params: { id: i.id },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      body: { pin: PIN },
      secrets: [i.id, i.invoice_number],
    };
  },
};
