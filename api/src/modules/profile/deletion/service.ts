import { getPool } from '../../../platform/db/pool.js';

/** What deletion would refuse on: wallets holding money. */
export async function fundedWallets(userId: string) {
  const { rows } = await getPool().query<{ symbol: string; balance: string; scale: number }>(
    `SELECT a.symbol, w.balance::text, a.scale FROM user_wallets w JOIN assets a ON a.id = w.asset_id
      WHERE w.user_id = $1 AND w.balance > 0 ORDER BY a.symbol`,
    [userId],
  );
  return rows.map((r) => ({
    symbol: r.symbol,
    balance: Number.isFinite(r.scale) ? trimTo(r.balance, r.scale) : r.balance,
  }));
}
const trimTo = (s: string, scale: number) => {
  const [i, f = ''] = s.split('.');
  return scale > 0 ? `${i}.${(f + '0'.repeat(scale)).slice(0, scale)}` : i!;
};

export function fundedMessage(wallets: { symbol: string; balance: string }[]) {
  return `Your account cannot be deleted while your wallets hold money: ${wallets.map((w) => `${w.symbol} ${w.balance}`).join(', ')}. Send or withdraw these balances first.`;
}
