import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import {
  calendarDate,
  calendarDay,
  checkAssetScale,
  decimalRefusal,
  earliestNotPastDay,
  notPastDate,
} from './fields.js';

const amount = { invalid: 'Enter an amount.' };
const reasonOf = (schema: ReturnType<typeof calendarDate>, s: string) =>
  schema.safeParse(s).error?.issues[0]?.message ?? null;

describe('one amount rule: plain decimals above zero, within the columns, refused and never rounded', () => {
  it('takes plain decimals of up to 15 integer digits and 18 decimals', () => {
    for (const s of ['1', '0.01', '12.50', '999999999999999', '0.000000000000000001', '007.5'])
      expect(decimalRefusal(s, amount), s).toBeNull();
  });
  it('refuses each bad amount with its reason', () => {
    const cases: [string, string][] = [
      ['', 'Enter an amount.'],
      ['abc', 'Enter an amount.'],
      ['1e3', 'Enter an amount.'],
      ['NaN', 'Enter an amount.'],
      ['.5', 'Enter an amount.'],
      ['1,000', 'Enter an amount.'],
      ['１.００', 'Enter an amount.'],
      [' 1', 'Enter an amount.'],
      ['-1', 'Amount must be greater than zero.'],
      ['0', 'Amount must be greater than zero.'],
      ['0.000', 'Amount must be greater than zero.'],
      ['1000000000000000', 'Amounts can be at most 999,999,999,999,999.'],
      ['999999999999999999999999', 'Amounts can be at most 999,999,999,999,999.'],
      ['1.0000000000000000001', 'At most 18 decimal places.'],
    ];
    for (const [s, reason] of cases) expect(decimalRefusal(s, amount), JSON.stringify(s)).toBe(reason);
  });
  it("'0 or more' fields take zero and refuse a sign with the field's words; a field's decimals and its own reason", () => {
    expect(decimalRefusal('0', { ...amount, min: 'zero' })).toBeNull();
    expect(decimalRefusal('-1', { ...amount, min: 'zero' })).toBe('Enter an amount.');
    expect(decimalRefusal('1.255', { ...amount, decimals: 2, tooFine: 'In steps of 0.01.' })).toBe('In steps of 0.01.');
  });
  it("an amount finer than its asset is a 400 naming each such field in money.sql's words; trailing zeros are not finer", () => {
    const usd = { symbol: 'USD', scale: 2 };
    expect(() => checkAssetScale(usd, { amount: '1.500', max: null, min: undefined })).not.toThrow();
    let caught: unknown;
    try {
      checkAssetScale(usd, { amount: '1.505', other: '2.001', fine: '3.10' });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).details).toEqual({
      fields: {
        amount: 'USD amounts allow at most 2 decimal places.',
        other: 'USD amounts allow at most 2 decimal places.',
      },
    });
  });
});

describe("one calendar-date rule: days that exist, 1900 to 2100; not-past dates allow every time zone's today", () => {
  it('a day is that day at UTC midnight, never rolled into the next month', () => {
    expect(calendarDay('2028-02-29')?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
    for (const s of [
      '2026-02-30',
      '2027-02-29',
      '2026-04-31',
      '0000-01-01',
      '2026-13-01',
      '2026-00-10',
      '2026-1-1',
      '0099-12-31',
    ]) {
      expect(calendarDay(s) === null || calendarDay(s)!.toISOString().startsWith(s), s).toBe(true);
    }
    expect(calendarDay('2026-02-30')).toBeNull();
    expect(calendarDay('0000-01-01')).toBeNull();
  });
  it('calendarDate gives the reason: format, a day that does not exist, outside 1900-2100', () => {
    const date = calendarDate();
    expect(reasonOf(date, '2026-02-28')).toBeNull();
    expect(reasonOf(date, '1900-01-01')).toBeNull();
    expect(reasonOf(date, '28/02/2026')).toBe('Enter a date as YYYY-MM-DD.');
    expect(reasonOf(date, '2026-02-30')).toBe('This date does not exist.');
    expect(reasonOf(date, '0000-01-01')).toBe('This date does not exist.');
    expect(reasonOf(date, '1899-12-31')).toBe('Enter a date between 1900-01-01 and 2100-12-31.');
    expect(reasonOf(date, '2101-01-01')).toBe('Enter a date between 1900-01-01 and 2100-12-31.');
  });
  it('not in the past: yesterday in UTC is still today at UTC-12; the day before is past', () => {
    expect(earliestNotPastDay(new Date('2026-03-01T05:00:00Z'))).toBe('2026-02-28');
    const deadline = notPastDate('The deadline cannot be in the past.');
    const today = new Date().toISOString().slice(0, 10);
    expect(reasonOf(deadline, today)).toBeNull();
    expect(reasonOf(deadline, earliestNotPastDay())).toBeNull();
    expect(reasonOf(deadline, '1900-01-01')).toBe('The deadline cannot be in the past.');
    expect(reasonOf(deadline, '2026-02-30')).toBe('This date does not exist.');
  });
});
