import { describe, expect, it } from 'vitest';
import { tableCounts } from '../../../../test/helpers.js';
import { invoiceInput, invoicesTestClient, person } from '../testing.js';

// An invoice's figures are amounts too (invoices/schemas.ts): a line total and the total fit the
// amount columns, and the due date is a real day that is not in the past. Refusals are 400s naming
// the field; nothing is stored.
const { create } = invoicesTestClient();
const counts = () => tableCounts(['invoices', 'invoice_items']);
const line = (quantity: string, unit_price: string) => ({ description: 'Consulting', quantity, unit_price });

describe('invoice figures and due dates within what the columns and the calendar hold', () => {
  it("999999999999.99 x 999999999999.9999 is a 400 naming that line's unit price, not a column overflow; nothing stored", async () => {
    const creator = await person('Carla Creator');
    const before = await counts();
    const res = await create(
      creator.id,
      await invoiceInput({
        client_name: 'Acme',
        client_email: 'billing@acme.test',
        items: [line('1', '10.00'), line('999999999999.99', '999999999999.9999')],
      }),
    );
    expect({ status: res.status, fields: res.body.details?.fields }).toEqual({
      status: 400,
      fields: { 'items.1.unit_price': 'A line total can be at most 999,999,999,999,999.' },
    });
    expect(await counts()).toEqual(before);
  });

  it('lines that each fit but add up beyond the columns are a 400 naming the items; a total at the bound is stored exactly', async () => {
    const creator = await person('Carla Creator');
    const before = await counts();
    const big = line('1', '600000000000000');
    const over = await create(
      creator.id,
      await invoiceInput({ client_name: 'Acme', client_email: 'billing@acme.test', items: [big, big] }),
    );
    expect({ status: over.status, fields: over.body.details?.fields }).toEqual({
      status: 400,
      fields: { items: 'The invoice total can be at most 999,999,999,999,999.' },
    });
    expect(await counts()).toEqual(before);
    const atBound = await create(
      creator.id,
      await invoiceInput({
        client_name: 'Acme',
        client_email: 'billing@acme.test',
        items: [line('1', '999999999999999')],
      }),
    );
    expect(atBound.status).toBe(201);
    expect(atBound.body.invoice.total_amount).toBe('999999999999999.00');
  });

  it('a due date of 2026-02-30, 0000-01-01, 9999-12-31 or 1900-01-01 is a 400 naming due_date; nothing stored', async () => {
    const creator = await person('Carla Creator');
    const before = await counts();
    for (const [due_date, reason] of [
      ['2026-02-30', 'This date does not exist.'],
      ['0000-01-01', 'This date does not exist.'],
      ['9999-12-31', 'Enter a date between 1900-01-01 and 2100-12-31.'],
      ['1900-01-01', 'The due date cannot be in the past.'],
    ]) {
      const res = await create(
        creator.id,
        await invoiceInput({ client_name: 'Acme', client_email: 'billing@acme.test', due_date }),
      );
      expect({ due_date, status: res.status, fields: res.body.details?.fields }).toEqual({
        due_date,
        status: 400,
        fields: { due_date: reason },
      });
    }
    expect(await counts()).toEqual(before);
    const leap = await create(
      creator.id,
      await invoiceInput({ client_name: 'Acme', client_email: 'billing@acme.test', due_date: '2028-02-29' }),
    );
    expect(leap.body.invoice.due_date).toBe('2028-02-29');
  });
});
