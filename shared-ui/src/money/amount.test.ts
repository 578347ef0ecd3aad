import { describe, expect, it } from 'vitest';
import { checkAmount, compareAmounts } from './amount';

const USD = { symbol: 'USD', scale: 2 };
const BTC = { symbol: 'BTC', scale: 8 };

describe('an amount is checked against the asset scale as typed, and sent exactly as typed', () => {
  it("refuses more decimals than the asset allows, in the server's words, instead of rounding", () => {
    expect(checkAmount('50.123', USD)).toEqual({ amount: null, error: 'USD amounts allow at most 2 decimal places.' });
    expect(checkAmount('0.000000001', BTC)).toEqual({
      amount: null,
      error: 'BTC amounts allow at most 8 decimal places.',
    });
  });
  it('passes the text itself (trimmed), never a reformatted or rounded number', () => {
    expect(checkAmount(' 50.12 ', USD)).toEqual({ amount: '50.12', error: null });
    expect(checkAmount('55', USD)).toEqual({ amount: '55', error: null });
    expect(checkAmount('0.1', USD)).toEqual({ amount: '0.1', error: null });
    expect(checkAmount('0.00000001', BTC)).toEqual({ amount: '0.00000001', error: null });
    expect(checkAmount('999999999999999.99', USD)).toEqual({ amount: '999999999999999.99', error: null });
    expect(checkAmount('1.500', USD)).toEqual({ amount: '1.500', error: null }); // as the server: trailing zeros add no decimal
  });
  it("more than 15 integer digits is refused in the server's words (sums must fit the columns)", () => {
    for (const text of ['1000000000000000', '12345678901234567890.5', '123456789012345678901']) {
      expect(checkAmount(text, USD).error, text).toBe('Amounts can be at most 999,999,999,999,999.');
    }
    expect(checkAmount('000000000000000001', USD)).toEqual({ amount: '000000000000000001', error: null });
  });
  it('an amount of zero or less is refused: "Amount must be greater than zero."', () => {
    for (const text of ['0', '0.00', '000'])
      expect(checkAmount(text, USD).error, text).toBe('Amount must be greater than zero.');
  });
  it('anything but digits with one point is not a number (no sign, exponent, separator or bare point)', () => {
    for (const text of ['-5', '+5', '1e3', '12,50', '.5', '5.', 'abc', '1.2.3', '0x10']) {
      expect(checkAmount(text, USD).error, text).toBe('Amount must be a number.');
    }
  });
  it('an empty field asks for an amount', () => {
    expect(checkAmount('  ', USD)).toEqual({ amount: null, error: 'Enter an amount.' });
  });
});

describe('amounts compare exactly', () => {
  it('as decimals, not binary floats', () => {
    expect(compareAmounts('0.3', '0.30')).toBe(0);
    expect(compareAmounts('10.01', '10.1')).toBe(-1);
    expect(compareAmounts('100000000000000000000.01', '100000000000000000000')).toBe(1);
    expect(compareAmounts('5', '25')).toBe(-1);
  });
});
