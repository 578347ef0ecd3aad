import { z } from '@hono/zod-openapi';

/** The error envelope every failure uses. */
export const ErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
}).openapi('Error');

/** Money in JSON: a decimal string, never a number. */
export const Money = z.string().regex(/^-?\d+(\.\d+)?$/).openapi({ example: '12.50' });
