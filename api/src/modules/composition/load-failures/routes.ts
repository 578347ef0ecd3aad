import { createRoute, z } from '@hono/zod-openapi';
import { errorResponse as err } from '../../../platform/http/schemas.js';

/** What the shell's loader reports when a remote fails to load in a browser. */
export const LoadFailureBody = z.object({
  remote: z.string().regex(/^[a-z][a-z0-9-]{0,62}$/, 'Expected a remote name'),
  version: z.string().regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,99}$/, 'Expected a version'),
  lifecycle: z.string().trim().min(1).max(40),
  // the browser's error message, cut to its first 300 characters; stored as text, never rendered as HTML
  message: z
    .string()
    .max(2000)
    .transform((m) => m.slice(0, 300)),
});

export const loadFailureRoute = createRoute({
  method: 'post',
  path: '/load-failures',
  tags: ['platform'],
  'x-access': 'public',
  summary:
    "A remote failed to load in this browser (the shell's loader beacon); counted per release on the admin's Releases page, 10 a minute per address",
  request: { body: { required: true, content: { 'application/json': { schema: LoadFailureBody } } } },
  responses: {
    204: { description: 'Recorded' },
    400: err('Invalid report'),
    404: err('No such release'),
    429: err('Too many reports'),
  },
});
