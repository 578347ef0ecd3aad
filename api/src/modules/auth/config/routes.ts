import { createRoute, z } from '@hono/zod-openapi';

export const configRoute = createRoute({
  method: 'get',
  path: '/config',
  'x-access': 'public',
  tags: ['auth'],
  summary: 'Public sign-in configuration: which providers are configured and the Google client id for One Tap',
  responses: {
    200: {
      description: 'Configuration',
      content: {
        'application/json': {
          schema: z.object({
            google_client_id: z.string().nullable(),
            providers: z.object({ google: z.boolean(), facebook: z.boolean() }),
          }),
        },
      },
    },
  },
});
