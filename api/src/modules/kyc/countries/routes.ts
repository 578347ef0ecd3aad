import { createRoute, z } from '@hono/zod-openapi';

export const countriesRoute = createRoute({
  method: 'get',
  path: '/countries',
  'x-access': 'public',
  tags: ['kyc'],
  summary: 'The country codes a KYC submission accepts (ISO 3166-1 alpha-2, sorted); the form lists these',
  responses: {
    200: {
      description: 'Country codes',
      content: { 'application/json': { schema: z.object({ countries: z.array(z.string()) }).openapi('KycCountries') } },
    },
  },
});
