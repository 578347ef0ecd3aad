import { describe, expect, it } from 'vitest';
import { describeRefusal } from './send-check';
import { incorrectPinText } from './transfer';

describe('a refused quote or send, as the send screens show it', () => {
  it('puts the reason at the field the server names, with the spec title when there is one', () => {
    expect(
      describeRefusal({
        status: 400,
        code: 'VALIDATION',
        error: 'USD amounts allow at most 2 decimal places.',
        details: { fields: { amount: 'USD amounts allow at most 2 decimal places.' } },
      }),
    ).toEqual({ field: 'amount', title: 'Transfer Failed', message: 'USD amounts allow at most 2 decimal places.' });
    expect(
      describeRefusal({
        status: 404,
        code: 'NOT_FOUND',
        error: 'Recipient not found.',
        details: { fields: { recipientId: 'No user with this e-mail address.' } },
      }),
    ).toMatchObject({ field: 'recipient', message: 'Recipient not found.' });
    expect(
      describeRefusal({
        status: 400,
        code: 'VALIDATION',
        error: 'Unknown asset.',
        details: { fields: { assetSymbol: 'Unknown asset.' } },
      }).field,
    ).toBe('asset');
    expect(
      describeRefusal({
        status: 409,
        code: 'INSUFFICIENT_FUNDS',
        error: 'You do not have enough USD.',
        details: { title: 'Insufficient Balance', needed: '10.01' },
      }),
    ).toEqual({ field: 'amount', title: 'Insufficient Balance', message: 'You do not have enough USD.' });
    expect(
      describeRefusal({
        status: 409,
        code: 'LIMIT_EXCEEDED',
        error: 'This transfer would exceed your daily transaction limit of $100.00.',
        details: { title: 'Limit Exceeded' },
      }),
    ).toMatchObject({ field: 'amount', title: 'Limit Exceeded' });
    expect(describeRefusal({ status: 'FETCH_ERROR', error: 'Failed to fetch' })).toEqual({
      field: 'form',
      title: 'Transfer Failed',
      message: 'Failed to fetch',
    });
  });
  it('a wrong PIN says how many attempts the server says are left', () => {
    expect(
      incorrectPinText({
        status: 403,
        code: 'PIN_INCORRECT',
        error: 'The PIN you entered is incorrect.',
        details: { attempts_left: 3 },
      }),
    ).toBe('The PIN you entered is incorrect. 3 attempts left before your PIN is locked for 15 minutes.');
    expect(
      incorrectPinText({ status: 403, code: 'PIN_INCORRECT', error: 'x', details: { attempts_left: 1 } }),
    ).toContain('1 attempt left');
    expect(incorrectPinText({ status: 403, code: 'PIN_INCORRECT', error: 'x' })).toBe(
      'The PIN you entered is incorrect.',
    );
  });
});
