import { createRoute, z } from '@hono/zod-openapi';
import { optionalAuth } from '../../../platform/auth/middleware.js';

export const RemotesResponse = z
  .object({
    remotes: z.array(
      z.object({
        name: z.string(),
        version: z.string(),
        manifestUrl: z.string(),
        entryUrl: z.string(),
        routes: z.array(z.string()),
        audience: z.enum(['user', 'admin']),
        preload: z
          .array(z.string())
          .openapi({ description: "JS the remote's ./App needs at once, remoteEntry first (fetched in parallel)" }),
        prefetch: z
          .record(z.string(), z.array(z.string()))
          .openapi({ description: 'Route prefix -> API GET paths its first screen reads' }),
        split: z.boolean().openapi({
          description:
            "A canary of this remote runs: a signed-in user's release depends on who asks (ask with the token)",
        }),
      }),
    ),
  })
  .openapi('RemoteRegistry');

export const remotesRoute = createRoute({
  method: 'get',
  path: '/remotes',
  'x-access': 'public',
  tags: ['platform'],
  summary:
    "Remote registry for the shell: each remote's current release; admin remotes only for admins (checked in the database), an admin's previewed release in place of its remote's current one",
  middleware: [optionalAuth] as const,
  security: [{ bearer: [] }, {}],
  responses: {
    200: {
      description: 'Remotes this caller may load (Cache-Control: private, no-cache; ETag)',
      content: { 'application/json': { schema: RemotesResponse } },
    },
    304: { description: 'Unchanged since the ETag in If-None-Match' },
  },
});
