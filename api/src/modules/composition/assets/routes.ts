import { createRoute, z } from '@hono/zod-openapi';

export const logoRoute = createRoute({
  method: 'get',
  path: '/assets/logo/{file}',
  'x-access': 'public',
  tags: ['platform'],
  summary: 'Asset logo (SVG)',
  request: { params: z.object({ file: z.string().regex(/^[A-Z0-9]{2,10}\.svg$/, 'Expected <SYMBOL>.svg') }) },
  responses: {
    200: { description: 'SVG image', content: { 'image/svg+xml': { schema: z.string() } } },
    404: { description: 'Unknown asset' },
  },
});
