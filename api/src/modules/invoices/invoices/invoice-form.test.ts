import { describe, expect, it } from 'vitest';
import { tableCounts } from '../../../../test/helpers.js';
import { assetId, invoiceInput, invoiceRow, invoicesTestClient, person } from '../testing.js';

// docs/product.md "Invoices" (the form's rules, figures computed by the server), (created as draft),
// (only the creator edits a draft; anyone else: 'Invoice not found.'), (Sent / Received).
const { call, create, draftFor, sent } = invoicesTestClient();
const counts = () => tableCounts(['invoices', 'invoice_items']);

describe('creating an invoice', () => {
  it("stores a draft with the server's figures from exact decimals (3 x 0.10 at 8.25% = 0.30 + 0.02 = 0.32), whatever figures the client sent", async () => {
    const [creator, client] = [await person('Carla Creator'), await person('Cliff Client')];
    const res = await create(
      creator.id,
      await invoiceInput({
        client_profile_id: client.id,
        tax_rate: '8.25',
        items: [{ description: 'Pens', quantity: '3', unit_price: '0.10', total: '999' }],
        subtotal_amount: '1000',
        tax_amount: '1',
        total_amount: '1001',
        status: 'paid',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.invoice).toMatchObject({
      status: 'draft',
      subtotal_amount: '0.30',
      tax_rate: '8.25',
      tax_amount: '0.02',
      total_amount: '0.32',
      role: 'creator',
      items: [{ description: 'Pens', quantity: '3', unit_price: '0.10', total: '0.30' }],
      can: { edit: true, send: true, pay: false, cancel: true },
      client: { id: client.id, full_name: 'Cliff Client', email: null },
    });
    expect(await invoiceRow(res.body.invoice.id)).toMatchObject({
      status: 'draft',
      subtotal: '0.30',
      tax: '0.02',
      total: '0.32',
    });
  });

  it('a typed client needs both name and e-mail: 400 Client Information Missing naming the missing field, nothing stored', async () => {
    const creator = await person('Carla');
    const before = await counts();
    const res = await create(creator.id, await invoiceInput({ client_name: 'Acme Ltd' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'Client Information Missing',
      code: 'VALIDATION',
      details: { fields: { client_email: expect.any(String) } },
    });
    expect(res.body.details.fields.client_name).toBeUndefined();
    expect(await counts()).toEqual(before);
  });

  it("refuses items without a description, quantity below 0.01, negative prices and a missing asset with the spec's words; nothing stored", async () => {
    const creator = await person('Carla');
    const before = await counts();
    const bad = [
      [
        { items: [{ description: '  ', quantity: '1', unit_price: '1' }] },
        'items.0.description',
        'Please fill all item details and select an asset.',
      ],
      [{ items: [] }, 'items', 'Please fill all item details and select an asset.'],
      [
        { items: [{ description: 'A', quantity: '0.001', unit_price: '1' }] },
        'items.0.quantity',
        expect.stringContaining('0.01'),
      ],
      [
        { items: [{ description: 'A', quantity: '0', unit_price: '1' }] },
        'items.0.quantity',
        'Quantity must be at least 0.01.',
      ],
      [
        { items: [{ description: 'A', quantity: '1', unit_price: '-1' }] },
        'items.0.unit_price',
        expect.stringContaining('0 or more'),
      ],
      [{ asset_id: undefined }, 'asset_id', 'Please fill all item details and select an asset.'],
      [{ tax_rate: '8.255' }, 'tax_rate', expect.stringContaining('steps of 0.01')],
      [{ tax_rate: '101' }, 'tax_rate', 'Tax rate can be at most 100%.'],
      [{ invoice_number: '' }, 'invoice_number', 'Invoice number is required.'],
      [{ due_date: '2020-01-01' }, 'due_date', 'The due date cannot be in the past.'],
      [{ client_email: 'not-an-email' }, 'client_email', 'Enter a valid e-mail address.'],
    ] as const;
    for (const [over, field, reason] of bad) {
      const res = await create(
        creator.id,
        await invoiceInput({ client_name: 'Acme', client_email: 'billing@acme.test', ...over }),
      );
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.details.fields[field], JSON.stringify(res.body)).toEqual(reason);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a crypto asset (the figures have 2 decimals: docs/decisions.md) and the creator as client', async () => {
    const creator = await person('Carla');
    const btc = await create(
      creator.id,
      await invoiceInput({ client_name: 'A', client_email: 'a@acme.test', asset_id: await assetId('BTC') }),
    );
    expect(btc.body.details.fields).toEqual({ asset_id: 'Please fill all item details and select an asset.' });
    const self = await create(creator.id, await invoiceInput({ client_profile_id: creator.id }));
    expect(self.body).toMatchObject({
      error: 'Client Information Missing',
      details: { fields: { client_profile_id: 'You cannot send an invoice to yourself.' } },
    });
    const ownEmail = await create(
      creator.id,
      await invoiceInput({ client_name: 'Me', client_email: creator.email.toUpperCase() }),
    );
    expect(ownEmail.body.details.fields).toEqual({ client_email: 'You cannot send an invoice to yourself.' });
  });

  it('the invoice number is unique per creator (another creator may use it)', async () => {
    const [a, b, client] = [await person('A'), await person('B'), await person('C')];
    await draftFor(a.id, client.id, { invoice_number: 'INV-000001' });
    const again = await create(
      a.id,
      await invoiceInput({ client_profile_id: client.id, invoice_number: 'INV-000001' }),
    );
    expect(again.status).toBe(400);
    expect(again.body.details.fields).toEqual({ invoice_number: 'You already have an invoice with this number.' });
    expect(
      (await create(b.id, await invoiceInput({ client_profile_id: client.id, invoice_number: 'INV-000001' }))).status,
    ).toBe(201);
  });
});

describe('editing and reading', () => {
  it('the creator edits a draft: items replaced, figures computed again; once sent it is 409 and unchanged', async () => {
    const [creator, client] = [await person('Carla'), await person('Cliff')];
    const draft = await draftFor(creator.id, client.id);
    const edited = await call(
      creator.id,
      'PUT',
      `/${draft.id}`,
      await invoiceInput({
        client_profile_id: client.id,
        invoice_number: draft.invoice_number,
        tax_rate: '10',
        items: [
          { description: 'Design', quantity: '1.5', unit_price: '40' },
          { description: 'Hosting', quantity: '1', unit_price: '9.99' },
        ],
      }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.invoice).toMatchObject({ subtotal_amount: '69.99', tax_amount: '7.00', total_amount: '76.99' });
    expect(edited.body.invoice.items.map((i: { description: string }) => i.description)).toEqual(['Design', 'Hosting']);
    await call(creator.id, 'POST', `/${draft.id}/send`);
    const late = await call(
      creator.id,
      'PUT',
      `/${draft.id}`,
      await invoiceInput({ client_profile_id: client.id, invoice_number: draft.invoice_number }),
    );
    expect(late).toMatchObject({ status: 409, body: { error: 'Only a draft can be edited.' } });
    expect(await invoiceRow(draft.id)).toMatchObject({ status: 'sent', total: '76.99' });
  });

  it('a stranger gets 404 Invoice not found. for show, edit, send, cancel, quote, pay and the PDF; the client cannot see a draft', async () => {
    const [creator, client, stranger] = [await person('Carla'), await person('Cliff'), await person('Stan')];
    const draft = await draftFor(creator.id, client.id);
    const input = await invoiceInput({ client_profile_id: client.id });
    for (const [method, path, body] of [
      ['GET', ''],
      ['PUT', '', input],
      ['POST', '/send'],
      ['POST', '/cancel'],
      ['GET', '/payment-quote'],
      ['GET', '/pdf'],
    ] as const) {
      const res = await call(stranger.id, method, `/${draft.id}${path}`, body);
      expect(res, `${method} ${path}`).toMatchObject({ status: 404, body: { error: 'Invoice not found.' } });
    }
    expect((await call(client.id, 'GET', `/${draft.id}`)).status).toBe(404);
    expect(await invoiceRow(draft.id)).toMatchObject({ status: 'draft' });
  });

  it("Sent lists the creator's invoices newest first; Received lists the client's once sent, not drafts", async () => {
    const [creator, client] = [await person('Carla'), await person('Cliff')];
    const first = await sent(creator.id, client.id);
    const draft = await draftFor(creator.id, client.id);
    const mine = await call(creator.id, 'GET', '?box=sent');
    expect(mine.body.invoices.map((i: { id: string }) => i.id)).toEqual([draft.id, first.id]);
    const received = await call(client.id, 'GET', '?box=received');
    expect(received.body.invoices.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([
      [first.id, 'sent'],
    ]);
    expect((await call(client.id, 'GET', '?box=sent')).body.invoices).toEqual([]);
    expect((await call(client.id, 'GET', '?box=other')).status).toBe(400);
  });
});
