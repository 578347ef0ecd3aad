import { describe, expect, it } from 'vitest';
import { ageFrom, fullNameError, pinError, usernameError } from './validation';

describe('profile rules on the client (docs/product.md "Profile, PIN and KYC")', () => {
  it('full name and username messages in the spec order', () => {
    expect(fullNameError('  ')).toBe('Full name cannot be empty.');
    expect(usernameError('')).toBe('Username cannot be empty.');
    expect(usernameError('ab')).toBe('Username must be 3-20 characters.');
    expect(usernameError('a'.repeat(21))).toBe('Username must be 3-20 characters.');
    expect(usernameError('no spaces')).toBe('Username can only contain letters, numbers, and underscores.');
    expect(usernameError('ok_name_1')).toBeNull();
  });
  it('PIN rules', () => {
    expect(pinError({ pin: '123', confirm: '123' })).toEqual({
      title: 'Invalid PIN',
      message: 'PINs must be 4 digits.',
    });
    expect(pinError({ current: '12', pin: '1234', confirm: '1234' })?.title).toBe('Invalid PIN');
    expect(pinError({ pin: '1234', confirm: '4321' })).toEqual({
      title: "PINs Don't Match",
      message: 'New PIN and confirm PIN do not match.',
    });
    expect(pinError({ current: '0000', pin: '1234', confirm: '1234' })).toBeNull();
  });
  it('age on a birthday', () => {
    expect(ageFrom('2008-05-10', new Date(2026, 4, 10))).toBe(18);
    expect(ageFrom('2008-05-11', new Date(2026, 4, 10))).toBe(17);
  });
});
