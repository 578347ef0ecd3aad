import { z } from '@hono/zod-openapi';

/** The error envelope every failure uses. */
export const ErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
}).openapi('Error');

/**
 * Text PostgreSQL can store: no NUL, and no lone UTF-16 surrogate (not text). Input fields refine with
 * it (`.refine(storableText, NOT_STORABLE)`) so such input is a 400, never a 5xx from the database.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is refused
export const storableText = (s: string) => !/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
export const NOT_STORABLE = 'Contains characters that are not allowed.';

/** An OpenAPI error response: the envelope above, with this description. */
export const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } });

/** Money in JSON: a decimal string, never a number. */
export const Money = z.string().regex(/^-?\d+(\.\d+)?$/).openapi({ example: '12.50' });

/** An OpenAPI JSON response with this description and schema. */
export const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
/** Routes that take the bearer access token. */
export const security = [{ bearer: [] }];
