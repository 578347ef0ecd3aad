import { getPrisma, Prisma } from '../../../platform/db/prisma.js';

const ZERO = new Prisma.Decimal(0);

const assetSelect = { id: true, symbol: true, name: true, scale: true, logoUrl: true } as const;
type ListedAsset = { id: string; symbol: string; name: string; scale: number; logoUrl: string | null };
const assetView = (a: ListedAsset) => ({
  id: a.id,
  symbol: a.symbol,
  name: a.name,
  scale: a.scale,
  logo_url: a.logoUrl,
});

/** The caller's wallets with a balance (`funded`), or every asset with the caller's balance, 0 when none (`all`). */
export async function fundedWallets(userId: string, scope: 'funded' | 'all' = 'funded') {
  if (scope === 'funded') {
    const wallets = await getPrisma().userWallet.findMany({
      where: { userId, balance: { gt: 0 } },
      select: { id: true, balance: true, asset: { select: assetSelect } },
      orderBy: { asset: { symbol: 'asc' } },
    });
    return {
      wallets: wallets.map((w) => ({ id: w.id, balance: w.balance.toFixed(w.asset.scale), asset: assetView(w.asset) })),
    };
  }
  const assets = await getPrisma().asset.findMany({
    select: { ...assetSelect, wallets: { where: { userId }, select: { id: true, balance: true } } },
    orderBy: { symbol: 'asc' },
  });
  // an asset the caller holds no wallet of reads as a zero balance under the asset's id
  const wallets = assets.map(({ wallets: [w], ...a }) => ({
    id: w?.id ?? a.id,
    balance: (w?.balance ?? ZERO).toFixed(a.scale),
    asset: assetView(a),
  }));
  return { wallets };
}
