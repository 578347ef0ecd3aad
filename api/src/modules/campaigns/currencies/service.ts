import { getPrisma } from '../../../platform/db/prisma.js';
import { assetSelect } from '../views.js';

export async function fiatCurrencies() {
  return {
    currencies: await getPrisma().asset.findMany({
      where: { assetType: 'fiat' },
      select: assetSelect,
      orderBy: { symbol: 'asc' },
    }),
  };
}
