import { describe, expect, it } from 'vitest';
import { checkMove, covers, describeBankRefusal } from './move-check';

const form = (over: Partial<{ accountId: string; assetId: string; amount: string }> = {}) => ({
  accountId: 'acc',
  assetId: 'usd',
  amount: '20.00',
  ...over,
});

describe('the deposit and withdrawal forms, checked as the server checks them (docs/product.md "Linked accounts, deposits and withdrawal")', () => {
  it('account, asset and amount are required: Missing Information, naming every missing one', () => {
    expect(checkMove(form({ accountId: '', amount: ' ' }))).toEqual({
      title: 'Missing Information',
      field: 'account',
      message: 'Choose a bank account. Enter an amount.',
    });
    expect(checkMove(form({ assetId: '' }))).toEqual({
      title: 'Missing Information',
      field: 'asset',
      message: 'Choose an asset.',
    });
  });
  it('the amount is a number above 0 with at most 2 decimals, as typed: Invalid Amount with the reason', () => {
    for (const amount of ['0', '0.00', '-5', 'abc', '1.234', '1e3', '12,50', '.5']) {
      expect(checkMove(form({ amount })), amount).toMatchObject({ title: 'Invalid Amount', field: 'amount' });
    }
    expect(checkMove(form({ amount: '1.234' }))?.message).toBe('USD amounts allow at most 2 decimal places.');
    expect(checkMove(form({ amount: '0' }))?.message).toBe('Amount must be greater than zero.');
    for (const amount of ['0.01', '20', '20.5', ' 20.50 ', '999999999999.99'])
      expect(checkMove(form({ amount })), amount).toBeNull();
  });
  it('a withdrawal may not be above the balance: Insufficient Balance (exact to the cent)', () => {
    expect(checkMove(form({ amount: '150.00' }), { balance: '150.00', symbol: 'USD' })).toBeNull();
    expect(checkMove(form({ amount: '150.01' }), { balance: '150.00', symbol: 'USD' })).toEqual({
      title: 'Insufficient Balance',
      field: 'amount',
      message: 'You do not have enough USD.',
    });
    expect(checkMove(form({ amount: '1' }), { balance: null })).toMatchObject({ title: 'Insufficient Balance' });
    expect(checkMove(form({ amount: '1000000' }))).toBeNull(); // a deposit has no balance to check
  });
  it('the quoted total (amount + fee) must be covered too', () => {
    expect(covers('150.00', '20.30')).toBe(true);
    expect(covers('20.29', '20.30')).toBe(false);
    expect(covers('20.30', '20.30')).toBe(true);
    expect(covers(undefined, '1.00')).toBe(false);
  });
  it('compared exactly: no binary float', () => {
    expect(checkMove(form({ amount: '0.13' }), { balance: '0.129999', symbol: 'USD' })).toMatchObject({
      title: 'Insufficient Balance',
    });
    expect(checkMove(form({ amount: '0.3' }), { balance: '0.30000000', symbol: 'USD' })).toBeNull();
    expect(covers('999999999999.99', '999999999999.99')).toBe(true);
  });
});

describe("a refused deposit or withdrawal as a toast: title plus the server's message", () => {
  it("the spec's titles come with the reasons per field", () => {
    expect(
      describeBankRefusal(
        {
          status: 400,
          code: 'VALIDATION',
          error: 'Insufficient Balance',
          details: { fields: { amount: 'You do not have enough USD.' } },
        },
        'Withdrawal Failed',
      ),
    ).toEqual({ title: 'Insufficient Balance', message: 'You do not have enough USD.' });
    expect(
      describeBankRefusal(
        {
          status: 400,
          code: 'VALIDATION',
          error: 'Missing Information',
          details: { fields: { linkedAccountId: 'Choose a bank account.', amount: 'Enter an amount.' } },
        },
        'Deposit Failed',
      ),
    ).toEqual({ title: 'Missing Information', message: 'Choose a bank account. Enter an amount.' });
    expect(
      describeBankRefusal(
        {
          status: 400,
          code: 'VALIDATION',
          error: 'Invalid Amount',
          details: { fields: { assetId: 'Bank transfers are in US dollars (USD) only.' } },
        },
        'Withdrawal Failed',
      ),
    ).toEqual({ title: 'Invalid Amount', message: 'Bank transfers are in US dollars (USD) only.' });
  });
  it('a deposit over a deposit limit: the title the server names (Limit Exceeded) and its sentence', () => {
    const error =
      'This deposit would exceed your daily deposit limit of $2,500.00. You can add $700.00 more in 24 hours.';
    expect(
      describeBankRefusal(
        {
          status: 409,
          code: 'LIMIT_EXCEEDED',
          error,
          details: { title: 'Limit Exceeded', period: 'daily', remaining_usd: '700.00' },
        },
        'Deposit Failed',
      ),
    ).toEqual({ title: 'Limit Exceeded', message: error });
  });
  it("the ledger's refusals carry the spec's title in details: Insufficient Balance, Limit Exceeded", () => {
    expect(
      describeBankRefusal(
        {
          status: 409,
          code: 'INSUFFICIENT_FUNDS',
          error: 'You do not have enough USD.',
          details: { title: 'Insufficient Balance', fields: { amount: 'You do not have enough USD.' } },
        },
        'Withdrawal Failed',
      ),
    ).toEqual({ title: 'Insufficient Balance', message: 'You do not have enough USD.' });
    expect(
      describeBankRefusal(
        {
          status: 409,
          code: 'LIMIT_EXCEEDED',
          error: 'This transfer would exceed your daily transaction limit of $5.00. You can still send $5.00 today.',
          details: { title: 'Limit Exceeded' },
        },
        'Withdrawal Failed',
      ),
    ).toEqual({
      title: 'Limit Exceeded',
      message: 'This transfer would exceed your daily transaction limit of $5.00. You can still send $5.00 today.',
    });
  });
  it("anything else: the screen's failure title and the server's message", () => {
    expect(
      describeBankRefusal(
        { status: 409, code: 'CONFLICT', error: 'Your bank needs you to sign in again: choose Reconnect first.' },
        'Withdrawal Failed',
      ),
    ).toEqual({ title: 'Withdrawal Failed', message: 'Your bank needs you to sign in again: choose Reconnect first.' });
    expect(describeBankRefusal({ status: 'FETCH_ERROR', error: 'Failed to fetch' }, 'Deposit Failed')).toEqual({
      title: 'Deposit Failed',
      message: 'Failed to fetch',
    });
  });
});
