import { describe, expect, it } from 'vitest';
import { HttpError } from '../session/refresh';
import { errorMessage, failureToast, fieldErrors } from './error-message';

describe("error toasts show the server's reason (not just 'Invalid request')", () => {
  it('a generic validation message gives way to the field reasons', () => {
    const avatar = {
      status: 400,
      error: 'Invalid request',
      code: 'VALIDATION',
      details: { fields: { file: 'Only JPEG, PNG or WebP images are accepted.' } },
    };
    expect(errorMessage(avatar)).toBe('Only JPEG, PNG or WebP images are accepted.');
    const limits = new HttpError(400, 'Invalid request', 'VALIDATION', {
      fields: { daily: 'Use at most 2 decimals.', weekly: 'Use at most 2 decimals.', monthly: 'Too high.' },
    });
    expect(errorMessage(limits)).toBe('Use at most 2 decimals. Too high.');
  });
  it('a specific message is kept; no message at all is the spec fallback', () => {
    expect(errorMessage({ status: 409, error: 'You do not have enough USD.', code: 'INSUFFICIENT_FUNDS' })).toBe(
      'You do not have enough USD.',
    );
    expect(
      errorMessage({
        status: 400,
        error: 'USD amounts allow at most 2 decimal places.',
        details: { fields: { amount: 'x' } },
      }),
    ).toBe('USD amounts allow at most 2 decimal places.');
    expect(errorMessage(null)).toBe('An unexpected error occurred.');
    expect(errorMessage(new Error('Network down'))).toBe('Network down');
  });
  it('fieldErrors reads details.fields and ignores anything else', () => {
    expect(fieldErrors({ details: { fields: { amount: 'Bad', n: 3 } } })).toEqual({ amount: 'Bad' });
    expect(fieldErrors({ details: 'text' })).toEqual({});
    expect(fieldErrors(undefined)).toEqual({});
  });
  it("a failure the server names ('Invalid Invoice Data') with field reasons: the name is the title and the reason is the text", () => {
    const pastDue = {
      status: 400,
      error: 'Invalid Invoice Data',
      code: 'VALIDATION',
      details: { fields: { due_date: 'The due date cannot be in the past.' } },
    };
    expect(failureToast(pastDue, 'Error creating invoice')).toEqual({
      title: 'Invalid Invoice Data',
      description: 'The due date cannot be in the past.',
    });
    const generic = {
      status: 400,
      error: 'Invalid request',
      code: 'VALIDATION',
      details: { fields: { amount: 'Too high.' } },
    };
    expect(failureToast(generic, 'Error creating invoice')).toEqual({
      title: 'Error creating invoice',
      description: 'Too high.',
    });
    expect(
      failureToast({ status: 409, error: 'Only a draft can be edited.', code: 'CONFLICT' }, 'Error updating invoice'),
    ).toEqual({ title: 'Error updating invoice', description: 'Only a draft can be edited.' });
  });
});
