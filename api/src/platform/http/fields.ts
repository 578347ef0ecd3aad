import { z } from '@hono/zod-openapi';
import { Prisma } from '../db/prisma.js';
import { validationError } from '../errors.js';

// The input fields every module shares: amounts (docs/decisions.md "Amounts and dates in requests")
// and calendar dates. A route declares the field with these schemas; a service that knows the asset
// checks the asset's scale with checkAssetScale. Each rule is written here once.

// ---------------------------------------------------------------------------------------- amounts

/**
 * Amount columns are numeric(38,18) (prisma/schema.prisma): 20 integer digits, 18 decimals. One
 * input gets at most 15 integer digits, so what is summed from inputs (balances, funds raised, an
 * invoice's lines, held totals) still fits the column; no asset is finer than 18 decimals.
 */
export const AMOUNT_INTEGER_DIGITS = 15;
export const AMOUNT_DECIMALS = 18;
export const AMOUNT_MAX = new Prisma.Decimal('9'.repeat(AMOUNT_INTEGER_DIGITS));
/** 999,999,999,999,999: the largest amount, as the reasons say it */
export const AMOUNT_MAX_TEXT = AMOUNT_MAX.toFixed(0).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
export const AMOUNT_TOO_LARGE = `Amounts can be at most ${AMOUNT_MAX_TEXT}.`;
export const GREATER_THAN_ZERO = 'Amount must be greater than zero.';
export const NOT_A_NUMBER = 'Amount must be a number.';

const DECIMAL = /^\d+(\.\d+)?$/;

export interface DecimalRules {
  /** the reason for anything that is not a plain decimal number (the field's words) */
  invalid: string;
  /** the reason for an empty string or no value, when the field is required (default `invalid`) */
  missing?: string;
  /** 'positive' (default): above zero; 'zero': 0 or more */
  min?: 'positive' | 'zero';
  /** the reason for 0 when it must be above zero (default GREATER_THAN_ZERO) */
  notPositive?: string;
  /** decimals the field takes whatever the asset (default 18, the column's) */
  decimals?: number;
  /** the reason for more decimals than that (default 'At most N decimal places.') */
  tooFine?: string;
}

/** `s` as an exact decimal when it is a plain decimal string, else null (object-level rules run even after a field failed). */
export const plainDecimal = (s: unknown) => (typeof s === 'string' && DECIMAL.test(s) ? new Prisma.Decimal(s) : null);

/** Why `s` is not a decimal by these rules (null: it is one). */
export function decimalRefusal(s: string, rules: DecimalRules): string | null {
  const {
    invalid,
    missing = invalid,
    min = 'positive',
    notPositive = GREATER_THAN_ZERO,
    decimals = AMOUNT_DECIMALS,
  } = rules;
  if (s === '') return missing;
  if (s.startsWith('-') && DECIMAL.test(s.slice(1))) return min === 'positive' ? notPositive : invalid;
  if (!DECIMAL.test(s)) return invalid;
  const [integer = '', fraction = ''] = s.split('.');
  if (integer.replace(/^0+(?=\d)/, '').length > AMOUNT_INTEGER_DIGITS) return AMOUNT_TOO_LARGE;
  if (fraction.length > decimals) return rules.tooFine ?? `At most ${decimals} decimal places.`;
  if (min === 'positive' && new Prisma.Decimal(s).lte(0)) return notPositive;
  return null;
}

/**
 * A decimal number as a JSON string ("12.50"): never a JS number, never rounded. Refuses signs,
 * exponents, spaces and separators, more than 15 integer digits, more decimals than `decimals`, and
 * (by default) zero. The OpenAPI pattern says the same to clients and to the malformed-input suite.
 */
export function decimalInput(rules: DecimalRules) {
  const pattern = `^\\d{1,${AMOUNT_INTEGER_DIGITS}}(\\.\\d{1,${rules.decimals ?? AMOUNT_DECIMALS}})?$`;
  return z
    .string({ error: (issue) => (issue.input === undefined ? (rules.missing ?? rules.invalid) : rules.invalid) })
    .superRefine((s, ctx) => {
      const reason = decimalRefusal(s, rules);
      if (reason) ctx.addIssue({ code: 'custom', message: reason });
    })
    .openapi({ pattern, example: '12.50' });
}

/** An amount of money above zero; the asset's scale is checked where the asset is known (checkAssetScale). */
export const amountInput = (invalid = NOT_A_NUMBER, notPositive = GREATER_THAN_ZERO) =>
  decimalInput({ invalid, notPositive });

export interface ScaledAsset {
  symbol: string;
  scale: number;
}

/** prisma/sql/money.sql's words for an amount finer than its asset. */
export const scaleReason = (asset: ScaledAsset) =>
  `${asset.symbol} amounts allow at most ${asset.scale} decimal places.`;

/** True when `amount` needs no more decimals than the asset has (1.50 fits USD; 1.505 does not): refused, never rounded. */
export const fitsScale = (amount: string, asset: ScaledAsset) =>
  new Prisma.Decimal(amount).decimalPlaces() <= asset.scale;

/**
 * 400 naming every field whose amount is finer than the asset (null and undefined fields are
 * absent ones). Call it once the asset of the amounts is known.
 */
export function checkAssetScale(asset: ScaledAsset, amounts: Record<string, string | null | undefined>): void {
  const fields: Record<string, string> = {};
  for (const [field, amount] of Object.entries(amounts))
    if (amount && !fitsScale(amount, asset)) fields[field] = scaleReason(asset);
  if (Object.keys(fields).length) throw validationError(fields, scaleReason(asset));
}

// ------------------------------------------------------------------------------------------ dates

/** Dates people enter: within these (a deadline in 9999 or a birth in year 0 is a typing mistake). */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2100-12-31';
export const DATE_FORMAT = 'Enter a date as YYYY-MM-DD.';
export const NO_SUCH_DATE = 'This date does not exist.';
export const DATE_OUT_OF_RANGE = `Enter a date between ${EARLIEST_DATE} and ${LATEST_DATE}.`;

/** UTC midnight of `s` when it is YYYY-MM-DD and that day exists (2026-02-30 does not; nor year 0, as in PostgreSQL), else null. */
export function calendarDay(s: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return null;
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  if (y === 0) return null;
  const day = new Date(Date.UTC(y, m - 1, d));
  day.setUTCFullYear(y); // Date.UTC maps years 0-99 to 1900-1999
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d ? day : null;
}

function dateRefusal(s: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return DATE_FORMAT;
  if (!calendarDay(s)) return NO_SUCH_DATE;
  if (s < EARLIEST_DATE || s > LATEST_DATE) return DATE_OUT_OF_RANGE;
  return null;
}

/** A calendar date, YYYY-MM-DD, that exists and lies between 1900 and 2100: stored as that day, never shifted. */
export const calendarDate = () =>
  z
    .string({ error: DATE_FORMAT })
    .superRefine((s, ctx) => {
      const reason = dateRefusal(s);
      if (reason) ctx.addIssue({ code: 'custom', message: reason });
    })
    .openapi({ format: 'date' }); // no example: a fixed day would fall into the past for not-past dates

/**
 * The first day that is not in the past somewhere on Earth: yesterday in UTC (UTC-12 is a day
 * behind), so a person picking today in their own time zone is never refused.
 */
export function earliestNotPastDay(now = new Date()): string {
  return new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A calendar date that is today or later (deadlines, due dates, end dates); `pastReason` in the field's words. */
export const notPastDate = (pastReason: string) =>
  calendarDate().refine((s) => dateRefusal(s) !== null || s >= earliestNotPastDay(), pastReason);
