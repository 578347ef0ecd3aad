import { z } from '@hono/zod-openapi';
import { decimalInput } from '../../platform/http/fields.js';
import { NOT_STORABLE, storableText } from '../../platform/http/schemas.js';

/** docs/product.md "Profile, PIN and KYC": the messages, in the spec's order (the first failing rule is reported). */
export const MSG = {
  fullNameEmpty: 'Full name cannot be empty.',
  fullNameLong: 'Full name must be at most 100 characters.',
  usernameEmpty: 'Username cannot be empty.',
  usernameLength: 'Username must be 3-20 characters.',
  usernameChars: 'Username can only contain letters, numbers, and underscores.',
  usernameTaken: 'Username already taken. Please choose another.',
} as const;

export const FullName = z
  .string()
  .trim()
  .min(1, MSG.fullNameEmpty)
  .max(100, MSG.fullNameLong)
  .refine(storableText, NOT_STORABLE);
export const Username = z
  .string()
  .trim()
  .min(1, MSG.usernameEmpty)
  .refine((s) => s.length === 0 || (s.length >= 3 && s.length <= 20), MSG.usernameLength)
  .refine((s) => s.length < 3 || s.length > 20 || /^[A-Za-z0-9_]+$/.test(s), MSG.usernameChars);

/** Default payment hashtags: stored as '#tag' (letters, digits, underscore, 1-30), at most 10, no duplicates. */
export const HASHTAG_MAX = 10;
export const Hashtags = z
  .array(
    z
      .string()
      .trim()
      .transform((s) => s.replace(/^#+/, ''))
      .pipe(z.string().regex(/^[A-Za-z0-9_]{1,30}$/, 'A hashtag has 1-30 letters, numbers or underscores.'))
      .transform((s) => `#${s}`),
  )
  .max(HASHTAG_MAX, `At most ${HASHTAG_MAX} hashtags.`)
  .transform((tags) => tags.filter((t, i) => tags.findIndex((u) => u.toLowerCase() === t.toLowerCase()) === i));

/** A dollar amount as typed: digits with at most 2 decimals (thousands separators allowed), or null for Not Set. */
// .nullable() rather than a union with z.null(), so the OpenAPI document says "string or null" (the
// union's null branch came out untyped); the error keeps the union's message for a non-string.
const IN_DOLLARS = 'Enter an amount in dollars, e.g. 500 or 500.00.';
export const LimitAmount = z
  .string({ error: 'Invalid input' })
  .trim()
  .transform((s) => s.replace(/,/g, ''))
  .pipe(decimalInput({ invalid: IN_DOLLARS, tooFine: IN_DOLLARS, min: 'zero', decimals: 2 }))
  .nullable()
  .openapi({ example: '1000.00', description: 'Dollars, or null for Not Set' });

/** Whole cents of a decimal string with at most 18 decimals (caps and limits are dollars). */
export function toCents(s: string): bigint {
  const [int, frac = ''] = s.split('.');
  return BigInt(int!) * 100n + BigInt((frac + '00').slice(0, 2));
}
export function centsToString(c: bigint): string {
  return `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
}
/** $10,000.00 */
export function dollars(c: bigint): string {
  return `$${(c / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(c % 100n).padStart(2, '0')}`;
}

/** A short device label from a User-Agent ('Chrome on Linux'); the raw string is returned too. */
export function describeUserAgent(ua: string | null): string {
  if (!ua) return 'Unknown device';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /HeadlessChrome/.test(ua)
          ? 'Headless Chrome'
          : /Chrome\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : /curl|node|undici|axios|python/i.test(ua)
                ? 'API client'
                : 'Browser';
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad|iOS/.test(ua)
        ? 'iOS'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : '';
  return os ? `${browser} on ${os}` : browser;
}
