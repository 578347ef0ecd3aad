import { getPrisma } from '../../../platform/db/prisma.js';
import { notFound } from '../../../platform/errors.js';
import { recentTransactions } from '../transactions/service.js';

export const RECENT_TRANSACTIONS = 5; // docs/product.md "Dashboard"

/** Dashboard data for one user: only rows that are theirs (own profile, own wallets, own transactions). */
export async function loadDashboard(userId: string) {
  const prisma = getPrisma();
  const [profile, wallets, recent] = await Promise.all([
    prisma.profile.findUnique({ where: { id: userId }, include: { user: { select: { email: true } } } }),
    prisma.userWallet.findMany({
      where: { userId },
      include: { asset: true },
      orderBy: [{ asset: { symbol: 'asc' } }],
    }),
    // Two index range scans (as sender, as receiver) merged, not an OR over the table (transactions/service.ts).
    recentTransactions(userId, RECENT_TRANSACTIONS),
  ]);
  if (!profile) throw notFound('Could not load profile. Please try again.');

  return {
    profile: {
      id: profile.id,
      full_name: profile.fullName,
      email: profile.user.email,
      username: profile.username,
      kyc_status: profile.kycStatus,
      is_accredited_investor: profile.isAccreditedInvestor,
      avatar_url: profile.avatarUrl,
    },
    // The spec drops wallets without an asset; asset_id is NOT NULL here, the filter keeps that rule explicit.
    wallets: wallets
      .filter((w) => w.asset)
      .map((w) => ({
        id: w.id,
        balance: w.balance.toFixed(w.asset.scale),
        asset: {
          id: w.asset.id,
          symbol: w.asset.symbol,
          name: w.asset.name,
          logo_url: w.asset.logoUrl,
          asset_type: w.asset.assetType,
          scale: w.asset.scale,
        },
      })),
    recent_transactions: recent.rows,
  };
}
