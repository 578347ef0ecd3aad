import { z } from '@hono/zod-openapi';
import { calendarDay } from '../../../platform/http/fields.js';
import { NOT_STORABLE, storableText } from '../../../platform/http/schemas.js';
import { COUNTRY_CODES } from '../countries.js';

/** The terms' minimum age (docs/product.md "Profile, PIN and KYC" Static pages: users must be 18 or older). */
export const MIN_AGE = 18;
export const DOCUMENT_TYPES = ['passport', 'national_id', 'drivers_license'] as const;

/** Age in whole years on `today` (UTC dates). */
export function ageOn(dob: Date, today = new Date()): number {
  let age = today.getUTCFullYear() - dob.getUTCFullYear();
  const m = today.getUTCMonth() - dob.getUTCMonth();
  if (m < 0 || (m === 0 && today.getUTCDate() < dob.getUTCDate())) age -= 1;
  return age;
}

export const KycForm = z.object({
  legal_name: z
    .string()
    .trim()
    .min(1, 'Enter your full legal name.')
    .max(200, 'At most 200 characters.')
    .refine(storableText, NOT_STORABLE),
  date_of_birth: z
    .string()
    .trim()
    .refine((s) => calendarDay(s) != null, 'Enter a valid date of birth (YYYY-MM-DD).')
    .refine((s) => {
      const d = calendarDay(s);
      return d == null || ageOn(d) >= MIN_AGE;
    }, `You must be at least ${MIN_AGE} years old.`)
    .refine((s) => {
      const d = calendarDay(s);
      return d == null || ageOn(d) < 120;
    }, 'Enter a valid date of birth.'),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((s) => COUNTRY_CODES.has(s), 'Choose a country.'),
  document_type: z.enum(DOCUMENT_TYPES, 'Choose a document type.'),
  document_number: z
    .string()
    .trim()
    .min(1, 'Enter the document number.')
    .max(40, 'At most 40 characters.')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'Use letters, numbers, spaces or dashes.'),
  document: z.any().optional().openapi({
    type: 'string',
    format: 'binary',
    description: 'Image of the document: JPEG, PNG or WebP, at most 5 MB',
  }),
});
export type KycFormInput = z.infer<typeof KycForm>;
