import { describe, expect, it } from 'vitest';
import { checkInvestment } from './invest-check';

const campaign = {
  min_investment: '50.00',
  max_investment: '5000.00',
  currency: { id: 'usd', symbol: 'USD', name: 'US Dollar', scale: 2 },
};

describe('an investment amount is checked as typed before the PIN', () => {
  it('more decimals than the currency allows: Invalid Amount with the scale reason, never rounded to fit', () => {
    expect(checkInvestment('50.123', campaign)).toEqual({
      title: 'Invalid Amount',
      text: 'USD amounts allow at most 2 decimal places.',
    });
  });
  it("not a number above zero: Invalid Amount, 'Please enter a valid investment amount.'", () => {
    for (const text of ['', '0', 'abc', '-5', '1e3'])
      expect(checkInvestment(text, campaign), text).toEqual({
        title: 'Invalid Amount',
        text: 'Please enter a valid investment amount.',
      });
  });
  it('below the minimum or above the maximum, compared exactly', () => {
    expect(checkInvestment('49.99', campaign)).toEqual({
      title: 'Amount Too Low',
      text: 'Minimum investment is 50.00 USD.',
    });
    expect(checkInvestment('5000.01', campaign)).toEqual({
      title: 'Amount Too High',
      text: 'Maximum investment is 5,000.00 USD.',
    });
    expect(checkInvestment('50', campaign)).toBeNull();
    expect(checkInvestment('5000.00', campaign)).toBeNull();
    expect(checkInvestment('1000000', { ...campaign, max_investment: null })).toBeNull();
  });
});
