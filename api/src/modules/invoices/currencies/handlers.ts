import type { RouteHandler } from '@hono/zod-openapi';
import { getPrisma } from '../../../platform/db/prisma.js';
import type { AppEnv } from '../../../platform/http/env.js';
import { INVOICE_ASSET_TYPE } from '../schemas.js';
import type { currenciesRoute } from './routes.js';

export const list: RouteHandler<typeof currenciesRoute, AppEnv> = async (c) =>
  c.json(
    {
      currencies: await getPrisma().asset.findMany({
        where: { assetType: INVOICE_ASSET_TYPE },
        select: { id: true, symbol: true, name: true, scale: true },
        orderBy: { symbol: 'asc' },
      }),
    },
    200,
  );
