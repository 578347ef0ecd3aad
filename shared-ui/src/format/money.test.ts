import { describe, expect, it } from 'vitest';
import { formatAmount, formatBalance, formatDecimal, formatFixed, formatMoney, formatUsd } from './money';

describe('money formatting from decimal strings', () => {
  it('shows dashboard balances with 2 to 8 decimals', () => {
    expect(formatBalance('1234.5')).toBe('1,234.50');
    expect(formatBalance('0.12345678')).toBe('0.12345678');
    expect(formatBalance('0.123456789')).toBe('0.12345679');
    expect(formatBalance('10')).toBe('10.00');
    expect(formatBalance('1.10000000')).toBe('1.10');
  });
  it('keeps precision that floats would lose', () => {
    expect(formatBalance('90071992547409931.12345678')).toBe('90,071,992,547,409,931.12345678');
    expect(formatFixed('0.1', 2)).toBe('0.10');
    expect(formatFixed('1.005', 2)).toBe('1.01'); // 1.005 as a float would round to 1.00
  });
  it('rounds half away from zero and carries into the integer part', () => {
    expect(formatFixed('2.345', 2)).toBe('2.35');
    expect(formatFixed('2.344999', 2)).toBe('2.34');
    expect(formatFixed('-2.345', 2)).toBe('-2.35');
    expect(formatFixed('999.995', 2)).toBe('1,000.00');
    expect(formatFixed('-0.001', 2)).toBe('0.00');
  });
  it('supports fixed 2, 4 and 8 digits', () => {
    expect(formatFixed('12', 4)).toBe('12.0000');
    expect(formatFixed('0.000000015', 8)).toBe('0.00000002');
    expect(formatFixed('1234567.12345', 4)).toBe('1,234,567.1235');
  });
  it('formats dollars and the empty limit', () => {
    expect(formatUsd('10000')).toBe('$10,000.00');
    expect(formatUsd(null)).toBe('Not Set');
    expect(formatUsd('')).toBe('Not Set');
  });
  it('uses locale separators and rejects non-decimals', () => {
    expect(formatDecimal('1234.5', { locale: 'de-DE' })).toBe('1.234,50');
    expect(formatDecimal('abc')).toBe('—');
    expect(formatDecimal('.5')).toBe('0.50');
    expect(formatDecimal(undefined)).toBe('—');
  });
  it("amounts at the asset's scale ('You requested 2.50 USD', as the list shows it)", () => {
    expect(formatAmount('2.5', 2)).toBe('2.50');
    expect(formatAmount('0.001', 8)).toBe('0.00100000');
    expect(formatAmount('1234', 0)).toBe('1,234');
  });
  it("statement amounts at the asset's display scale, never a fixed 4 (USD -129.89, not -129.8900; BTC keeps its 8)", () => {
    const usd = { symbol: 'USD', scale: 2 };
    expect(formatMoney('129.89', usd, '-')).toBe('-129.89 USD');
    expect(formatMoney('101.5', usd)).toBe('101.50 USD');
    expect(formatMoney('1234.5', usd, '+')).toBe('+1,234.50 USD');
    expect(formatMoney('0.0025', { symbol: 'BTC', scale: 8 }, '-')).toBe('-0.00250000 BTC');
    expect(formatMoney('2.5', { symbol: 'USDC', scale: 6 })).toBe('2.500000 USDC');
  });
});
