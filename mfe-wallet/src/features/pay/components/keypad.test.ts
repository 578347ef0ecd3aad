import { describe, expect, it } from 'vitest';
import { initialKeypad, keypadAmount, press, type Key, type KeypadState } from './keypad';

const type = (keys: string, state: KeypadState = initialKeypad, cap?: number) =>
  [...keys].reduce((s, k) => press(s, k as Key, cap ? { cap } : {}), state);

describe('pay keypad (docs/product.md "Sending and requesting money")', () => {
  it('types digits and one decimal point, at most 10 characters', () => {
    expect(type('12.5').display).toBe('12.5');
    expect(type('1.2.3').display).toBe('1.23');
    expect(type('.5').display).toBe('0.5');
    expect(type('007').display).toBe('7');
    expect(type('12345.67891').display).toBe('12345.6789'); // 10 characters
    expect(type('12345.678912').display).toBe('12345.6789');
  });

  it('caps at 1,000,000 by default (typing and results)', () => {
    expect(type('9999999').display).toBe('1000000');
    expect(type('999999×9=').display).toBe('1000000');
    expect(type('50×3=', initialKeypad, 100).display).toBe('100');
  });

  it('computes exactly and rounds results to 2 decimals', () => {
    expect(type('0.1+0.2=').display).toBe('0.3');
    expect(type('10÷3=').display).toBe('3.33');
    expect(type('2÷3=').display).toBe('0.67');
    expect(type('1.005×1=').display).toBe('1.01'); // half-up, not float 1.00
    expect(type('7-10=').display).toBe('-3');
    expect(type('2+3×4=').display).toBe('20'); // calculator order: (2+3)×4
  });

  it("division by zero gives 'Error'; the next digit starts over", () => {
    const e = type('5÷0=');
    expect(e.display).toBe('Error');
    expect(keypadAmount(e)).toBeNull();
    expect(press(e, '7').display).toBe('7');
    expect(type('5÷0+').display).toBe('Error');
  });

  it('percent divides by 100 with 4 decimals', () => {
    expect(type('5%').display).toBe('0.05');
    expect(type('12.345%').display).toBe('0.1235');
    expect(type('1%%').display).toBe('0.0001');
  });

  it('C clears, ⌫ deletes the last character', () => {
    expect(type('123⌫').display).toBe('12');
    expect(type('1⌫').display).toBe('0');
    expect(type('12+3C')).toEqual(initialKeypad);
  });

  it('keypadAmount: a positive decimal string for the API, or null', () => {
    expect(keypadAmount(type('12.50'))).toBe('12.50');
    expect(keypadAmount(type('12.'))).toBe('12');
    expect(keypadAmount(initialKeypad)).toBeNull();
    expect(keypadAmount(type('1-5='))).toBeNull();
  });
});
