import { describe, expect, it } from 'vitest';
import { invoiceFigures } from './figures.js';

describe('docs/product.md "Invoices" figures (exact decimals, item totals and tax to 2 decimals)', () => {
  it('3 x 0.10 with 8.25% tax: subtotal 0.30, tax 0.02 (0.02475 rounded), total 0.32 — no binary float drift', () => {
    const f = invoiceFigures([{ description: 'Pens', quantity: '3', unit_price: '0.10' }], '8.25');
    expect(f).toMatchObject({ subtotal: '0.30', tax: '0.02', total: '0.32' });
    expect(f.items[0]!.total).toBe('0.30');
  });
  it('rounds an item total half up to 2 decimals (1.5 x 0.333 = 0.4995 -> 0.50) and sums the rounded totals', () => {
    const f = invoiceFigures(
      [
        { description: 'A', quantity: '1.5', unit_price: '0.333' },
        { description: 'B', quantity: '0.01', unit_price: '0.5' },
      ],
      '0',
    );
    expect(f.items.map((i) => i.total)).toEqual(['0.50', '0.01']);
    expect(f).toMatchObject({ subtotal: '0.51', tax: '0.00', total: '0.51' });
  });
  it('tax half up: 10.10 at 5% is 0.505 -> 0.51; large amounts stay exact', () => {
    expect(invoiceFigures([{ description: 'X', quantity: '1', unit_price: '10.10' }], '5')).toMatchObject({
      tax: '0.51',
      total: '10.61',
    });
    expect(
      invoiceFigures([{ description: 'Y', quantity: '999999.99', unit_price: '99999.9999' }], '100'),
    ).toMatchObject({ subtotal: '99999998900.00', tax: '99999998900.00', total: '199999997800.00' });
  });
});
