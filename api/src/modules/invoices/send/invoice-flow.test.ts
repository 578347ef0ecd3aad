import { describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { readOutbox } from '../../../platform/outbound/index.js';
import { createUser } from '../../../../test/helpers.js';
import { markOverdueInvoices } from '../overdue.js';
import { invoiceInput, invoiceRow, invoicesTestClient, person } from '../testing.js';

// The flow (the spec shows only draft): send -> e-mail to the client, viewed on the client's
// first look, overdue past the due date, cancel while unpaid; an e-mail without an account is linked
// when one signs up with it. prisma/sql/invoices.sql IN2/IN3 hold even for writers other than the API.
const { call, create, draftFor, sent } = invoicesTestClient();

describe('sending', () => {
  it("send: draft -> sent, the client is e-mailed the link, sees it under Received; the first look makes it viewed (the creator's does not)", async () => {
    const [creator, client] = [await person('Carla Creator'), await person('Cliff Client')];
    const draft = await draftFor(creator.id, client.id, { invoice_number: 'INV-123456' });
    const res = await call(creator.id, 'POST', `/${draft.id}/send`);
    expect(res.body.invoice).toMatchObject({
      status: 'sent',
      can: { edit: false, send: false, cancel: true, pay: false },
    });
    const [mail] = await readOutbox({ recipient: client.email });
    expect(mail).toMatchObject({ subject: 'Invoice INV-123456 from Carla Creator: 100.00 USD' });
    expect(mail!.body).toContain(`/invoice/${draft.id}`);
    await call(creator.id, 'GET', `/${draft.id}`);
    expect((await invoiceRow(draft.id)).status).toBe('sent');
    const seen = await call(client.id, 'GET', `/${draft.id}`);
    expect(seen.body.invoice).toMatchObject({
      status: 'viewed',
      role: 'client',
      can: { pay: true, edit: false, send: false, cancel: false },
    });
    expect((await invoiceRow(draft.id)).viewed_at).toBeInstanceOf(Date);
    expect(await call(creator.id, 'POST', `/${draft.id}/send`)).toMatchObject({
      status: 409,
      body: { error: 'Only a draft can be sent.' },
    });
  });

  it('an invoice to an e-mail without an account is linked to the account that signs up with it and confirms it, and only then', async () => {
    const creator = await person('Carla');
    const email = `newcomer-${Date.now()}@example.test`;
    const draft = (
      await create(creator.id, await invoiceInput({ client_name: 'Nina Newcomer', client_email: email.toUpperCase() }))
    ).body.invoice;
    await call(creator.id, 'POST', `/${draft.id}/send`);
    expect((await readOutbox({ recipient: email }))[0]!.body).toContain('Sign up with this e-mail address');
    expect((await invoiceRow(draft.id)).client_profile_id).toBeNull();
    // signs up (account and profile made, e-mail not yet confirmed): not linked; confirms: linked
    const newcomer = (
      await getPool().query<{ id: string }>(`INSERT INTO users (email) VALUES ($1) RETURNING id`, [email])
    ).rows[0]!.id;
    await getPool().query(`INSERT INTO profiles (id, full_name) VALUES ($1, 'Nina Newcomer')`, [newcomer]);
    expect((await invoiceRow(draft.id)).client_profile_id).toBeNull();
    await getPool().query('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [newcomer]);
    expect((await invoiceRow(draft.id)).client_profile_id).toBe(newcomer);
    const received = await call(newcomer, 'GET', '?box=received');
    expect(received.body.invoices.map((i: { id: string }) => i.id)).toEqual([draft.id]);
    expect((await call(newcomer, 'GET', `/${draft.id}`)).body.invoice).toMatchObject({
      status: 'viewed',
      client: { full_name: 'Nina Newcomer', email },
    });
  });

  it('an account made already confirmed (e.g. by Google sign-in) gets the invoices sent to its e-mail as its profile is made', async () => {
    const creator = await person('Carla');
    const email = `oauth-${Date.now()}@example.test`;
    const inv = (await create(creator.id, await invoiceInput({ client_name: 'Olga', client_email: email }))).body
      .invoice;
    await call(creator.id, 'POST', `/${inv.id}/send`);
    const { id } = await createUser({ email });
    expect((await invoiceRow(inv.id)).client_profile_id).toBe(id);
  });

  it('an e-mail of an existing account links the invoice to it when sent; a draft is never linked', async () => {
    const [creator, client] = [await person('Carla'), await person('Cliff')];
    const draft = (await create(creator.id, await invoiceInput({ client_name: 'Cliff', client_email: client.email })))
      .body.invoice;
    expect((await invoiceRow(draft.id)).client_profile_id).toBeNull();
    await call(creator.id, 'POST', `/${draft.id}/send`);
    expect((await invoiceRow(draft.id)).client_profile_id).toBe(client.id);
  });

  it('a total of zero cannot be sent (400, still a draft)', async () => {
    const [creator, client] = [await person('Carla'), await person('Cliff')];
    const draft = await draftFor(creator.id, client.id, {
      items: [{ description: 'Free advice', quantity: '1', unit_price: '0' }],
    });
    expect((await call(creator.id, 'POST', `/${draft.id}/send`)).body.details.fields).toEqual({
      items: 'An invoice must total more than zero to be sent.',
    });
    expect((await invoiceRow(draft.id)).status).toBe('draft');
  });
});

describe('cancel and overdue', () => {
  it('the creator cancels while unpaid; the client is told; a cancelled invoice cannot be paid, edited or cancelled again; the client cannot cancel', async () => {
    const [creator, client] = [await person('Carla'), await person('Cliff', '500.00')];
    const inv = await sent(creator.id, client.id);
    expect((await call(client.id, 'POST', `/${inv.id}/cancel`)).status).toBe(404);
    const res = await call(creator.id, 'POST', `/${inv.id}/cancel`);
    expect(res.body.invoice).toMatchObject({
      status: 'cancelled',
      can: { pay: false, cancel: false, edit: false, send: false },
    });
    expect((await readOutbox({ recipient: client.email })).map((m) => m.subject)).toContain(
      `Invoice ${inv.invoice_number} was cancelled`,
    );
    expect((await call(creator.id, 'POST', `/${inv.id}/cancel`)).status).toBe(409);
    expect(await call(client.id, 'GET', `/${inv.id}/payment-quote`)).toMatchObject({
      status: 409,
      body: { error: 'This invoice is cancelled and cannot be paid.' },
    });
  });

  it('the overdue job: sent and viewed invoices past their due date (UTC day) become overdue; drafts, due today and paid ones do not', async () => {
    const [creator, client] = [await person('Carla'), await person('Cliff')];
    const due = '2030-06-10';
    const [sentOne, viewedOne, draft] = [
      await sent(creator.id, client.id, { due_date: due }),
      await sent(creator.id, client.id, { due_date: due }),
      await draftFor(creator.id, client.id, { due_date: due }),
    ];
    await call(client.id, 'GET', `/${viewedOne.id}`);
    expect(await markOverdueInvoices(new Date('2030-06-10T23:59:00Z'))).toBe(0);
    expect(await markOverdueInvoices(new Date('2030-06-11T00:00:01Z'))).toBe(2);
    expect([
      (await invoiceRow(sentOne.id)).status,
      (await invoiceRow(viewedOne.id)).status,
      (await invoiceRow(draft.id)).status,
    ]).toEqual(['overdue', 'overdue', 'draft']);
    expect((await call(client.id, 'GET', `/${sentOne.id}`)).body.invoice).toMatchObject({
      status: 'overdue',
      can: { pay: true },
    });
  });
});

describe('what the database keeps true (prisma/sql/invoices.sql), for any writer', () => {
  it("IN2: statuses only move forward and a sent invoice's figures and items cannot change; IN1: figures must be the items'", async () => {
    const [creator, client] = [await person('Carla'), await person('Cliff')];
    const inv = await sent(creator.id, client.id);
    const db = getPool();
    await expect(db.query(`UPDATE invoices SET status = 'draft' WHERE id = $1`, [inv.id])).rejects.toMatchObject({
      code: 'IN409',
    });
    await expect(db.query(`UPDATE invoices SET notes = 'changed' WHERE id = $1`, [inv.id])).rejects.toMatchObject({
      code: 'IN409',
    });
    await expect(
      db.query(`UPDATE invoice_items SET description = 'changed' WHERE invoice_id = $1`, [inv.id]),
    ).rejects.toMatchObject({ code: 'IN409' });
    await expect(db.query(`UPDATE invoices SET status = 'paid' WHERE id = $1`, [inv.id])).rejects.toMatchObject({
      code: '23514',
    }); // paid needs its ledger transaction
    const draft = await draftFor(creator.id, client.id);
    await expect(
      db.query(`UPDATE invoices SET subtotal_amount = 1, total_amount = 1 WHERE id = $1`, [draft.id]),
    ).rejects.toMatchObject({ code: 'IN001' });
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'sent', total: '100.00' });
  });
});
