import { describe, expect, it } from 'vitest';
import { liveFigures } from './figures';

describe('invoice figures while typing (docs/product.md "Invoices"; the same as the server\'s)', () => {
  it('3 x 0.10 at 8.25%: 0.30 + 0.02 = 0.32 (no binary float drift)', () => {
    expect(liveFigures([{ description: 'Pens', quantity: '3', unit_price: '0.10' }], '8.25')).toEqual({
      lines: ['0.30'],
      subtotal: '0.30',
      tax: '0.02',
      total: '0.32',
    });
  });
  it('rounds line totals and tax half up to 2 decimals; unfinished numbers count as 0.00', () => {
    expect(
      liveFigures(
        [
          { description: 'A', quantity: '1.5', unit_price: '0.333' },
          { description: 'B', quantity: '', unit_price: '5' },
          { description: 'C', quantity: '1', unit_price: '10.10' },
        ],
        '5',
      ),
    ).toEqual({ lines: ['0.50', '0.00', '10.10'], subtotal: '10.60', tax: '0.53', total: '11.13' });
  });
  it('large figures stay exact', () => {
    expect(liveFigures([{ description: 'Y', quantity: '999999.99', unit_price: '99999.9999' }], '100').total).toBe(
      '199999997800.00',
    );
  });
});
