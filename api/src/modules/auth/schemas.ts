import { z } from '@hono/zod-openapi';
import { errorResponse as err } from '../../platform/http/schemas.js';

// What the routes of /api/auth share. Every one of them is callable signed out ('x-access': 'public',
// docs/decisions.md): these are the ways in. Each one is rate limited where it could be abused.

export const errors = (codes: Record<number, string>) =>
  Object.fromEntries(Object.entries(codes).map(([k, v]) => [k, err(v)]));

export const TokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int(),
    expires_at: z.number().int().openapi({ description: 'unix seconds' }),
    user: z.object({ id: z.uuid(), email: z.string() }),
  })
  .openapi('TokenResponse');

/** E.164 after removing spaces, dashes, dots and brackets. */
export const Phone = z
  .string()
  .max(32)
  .transform((s) => s.replace(/[\s\-().]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, 'Include the country code, for example +15551234567'))
  .openapi({ example: '+15551234567' });
