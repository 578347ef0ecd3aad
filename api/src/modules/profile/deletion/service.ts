import { getPrisma } from '../../../platform/db/prisma.js';

/** What deletion would refuse on: wallets holding money. */
export async function fundedWallets(userId: string) {
  const wallets = await getPrisma().userWallet.findMany({
    where: { userId, balance: { gt: 0 } },
    select: { balance: true, asset: { select: { symbol: true, scale: true } } },
    orderBy: { asset: { symbol: 'asc' } },
  });
  return wallets.map(({ balance, asset }) => ({
    symbol: asset.symbol,
    balance: trimTo(balance.toFixed(), asset.scale),
  }));
}
const trimTo = (s: string, scale: number) => {
  const [i, f = ''] = s.split('.');
  return scale > 0 ? `${i}.${(f + '0'.repeat(scale)).slice(0, scale)}` : i!;
};

export function fundedMessage(wallets: { symbol: string; balance: string }[]) {
  return `Your account cannot be deleted while your wallets hold money: ${wallets.map((w) => `${w.symbol} ${w.balance}`).join(', ')}. Send or withdraw these balances first.`;
}
