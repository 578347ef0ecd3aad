import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { EMAIL_KINDS } from '../../../platform/notifications/words.js';
import { err, json, security } from '../schemas.js';

// Per-kind e-mail preferences (the profile's settings): every kind that has an e-mail, on by default.

const Preferences = z
  .object({
    preferences: z.array(z.object({ kind: z.enum(EMAIL_KINDS), label: z.string(), email: z.boolean() })),
  })
  .openapi('EmailPreferences');

export const preferencesRoute = createRoute({
  method: 'get',
  path: '/email-preferences',
  tags: ['notifications'],
  'x-access': 'user',
  security,
  summary: 'For each kind of notification that has an e-mail: its label and whether the caller gets the e-mail',
  middleware: [requireAuth] as const,
  responses: { 200: json('Preferences', Preferences), 401: err('Not signed in') },
});

export const setPreferenceRoute = createRoute({
  method: 'patch',
  path: '/email-preferences',
  tags: ['notifications'],
  'x-access': 'user',
  security,
  summary: 'Turns the e-mail of one kind on or off for the caller; answers every preference',
  middleware: [requireAuth] as const,
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ kind: z.enum(EMAIL_KINDS), email: z.boolean() }).strict() } },
    },
  },
  responses: {
    200: json('Preferences', Preferences),
    400: err('Unknown kind or not a boolean'),
    401: err('Not signed in'),
  },
});
