import { z } from '@hono/zod-openapi';

/** The error envelope every failure uses. */
export const ErrorSchema = z
  .object({
    error: z.string(),
    code: z.string(),
    details: z.unknown().optional(),
  })
  .openapi('Error');

/**
 * Text PostgreSQL can store: no NUL, and no lone UTF-16 surrogate (not text). Input fields refine with
 * it (`.refine(storableText, NOT_STORABLE)`) so such input is a 400, never a 5xx from the database.
 */
export const storableText = (s: string) =>
  // eslint-disable-next-line no-control-regex -- NUL is exactly what is refused
  !/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
export const NOT_STORABLE = 'Contains characters that are not allowed.';

/** An OpenAPI error response: the envelope above, with this description. */
export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorSchema } },
});

/** Money in JSON: a decimal string, never a number. */
export const Money = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .openapi({ example: '12.50' });

/** An OpenAPI JSON response with this description and schema. */
export const json = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema } },
});
/** The 4-digit transaction PIN every payment takes (checked by platform/pin). */
export const PinInput = z
  .string()
  .regex(/^\d{4}$/, 'PINs must be 4 digits.')
  .openapi({ example: '1234' });
/** The Idempotency-Key of a money-moving request (platform/idempotency refuses one without it). */
export const IdemHeader = z.object({
  'idempotency-key': z.string().optional().openapi({
    description:
      'Required: unique per money-moving request (e.g. a UUID); a retry with the same key returns the first answer.',
  }),
});

/** Routes that take the bearer access token. */
export const security = [{ bearer: [] }];

const NOT_A_CURSOR = 'Not a cursor from this list.';
/** `<created_at in microseconds, UTC>_<id>` as platform/db/keyset.ts writes it: a real time and a uuid, or 400. */
export const KeysetCursor = z
  .string()
  .max(80)
  .regex(
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    NOT_A_CURSOR,
  )
  .refine((c) => {
    const d = new Date(`${c.slice(0, 19)}Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 19) === c.slice(0, 19);
  }, NOT_A_CURSOR);
