import crypto from 'node:crypto';
import { expect } from 'vitest';
import { getPool } from '../../platform/db/pool.js';
import { checkBooks } from '../../platform/ledger/index.js';
import { assetIdOf, createUser, deposit, givePin, walletBalance } from '../../../test/helpers.js';
import { moduleClient, type Json } from '../../../test/module-client.js';

/** What the invoice tests share: calls as a user, parties with a PIN and money, a valid form, the books. */
export type { Json };
export const PIN = '2468';

export function invoicesTestClient() {
  const { app, call, allPages } = moduleClient('invoices');
  const create = (userId: string, input: Json) => call(userId, 'POST', '', input);
  /** A draft of the creator's to the client, as the API answered it. */
  const draftFor = async (creatorId: string, clientId: string, over: Json = {}) => {
    const res = await create(creatorId, await invoiceInput({ client_profile_id: clientId, ...over }));
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.invoice as Json;
  };
  const sent = async (creatorId: string, clientId: string, over: Json = {}) => {
    const draft = await draftFor(creatorId, clientId, over);
    await call(creatorId, 'POST', `/${draft.id}/send`);
    return draft;
  };
  const pay = (userId: string, id: string, idem: string = crypto.randomUUID(), pin = PIN) =>
    call(userId, 'POST', `/${id}/pay`, { pin }, { 'Idempotency-Key': idem });
  return { app, call, allPages, create, draftFor, sent, pay };
}

/** A user with the PIN and, if given, US dollars. */
export async function person(fullName: string, usd?: string, email?: string) {
  const u = await createUser({ fullName, email });
  await givePin(u.id, PIN);
  if (usd) await deposit(u.id, 'USD', usd);
  return u;
}

export const assetId = assetIdOf;
// Numbers go up from a random start, so the many drafts of one creator in a test file never share one
// (random numbers did, now and then, in the security suite's thousands of runs: 'already have an invoice').
let nextNumber = crypto.randomInt(100000, 900000);
export const invoiceInput = async (over: Json = {}) => ({
  invoice_number: `INV-${nextNumber++}`,
  asset_id: await assetId(),
  tax_rate: '0',
  items: [{ description: 'Logo design', quantity: '2', unit_price: '50.00' }],
  notes: 'Thank you!',
  terms: 'Due on receipt',
  ...over,
});

export const balance = walletBalance;
export const invoiceRow = async (id: string) =>
  (
    await getPool().query(
      `SELECT status::text, subtotal_amount::numeric(38,2)::text AS subtotal, tax_amount::numeric(38,2)::text AS tax, total_amount::numeric(38,2)::text AS total,
          client_profile_id, payment_transaction_id, sent_at, viewed_at, paid_at, cancelled_at FROM invoices WHERE id = $1`,
      [id],
    )
  ).rows[0] as Json;
export const expectBooks = async () => expect((await checkBooks()).problems).toEqual([]);
