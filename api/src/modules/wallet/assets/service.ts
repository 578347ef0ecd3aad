import { getPool } from '../../../platform/db/pool.js';

/** The caller's wallets with a balance (`funded`), or every asset with the caller's balance, 0 when none (`all`). */
export async function fundedWallets(userId: string, scope: 'funded' | 'all' = 'funded') {
  const { rows } = await getPool().query(
    scope === 'funded'
      ? `SELECT w.id, round(w.balance, a.scale)::text AS balance,
                json_build_object('id', a.id, 'symbol', a.symbol, 'name', a.name, 'scale', a.scale, 'logo_url', a.logo_url) AS asset
           FROM user_wallets w JOIN assets a ON a.id = w.asset_id
          WHERE w.user_id = $1 AND w.balance > 0 ORDER BY a.symbol`
      : `SELECT coalesce(w.id, a.id) AS id, round(coalesce(w.balance, 0), a.scale)::text AS balance,
                json_build_object('id', a.id, 'symbol', a.symbol, 'name', a.name, 'scale', a.scale, 'logo_url', a.logo_url) AS asset
           FROM assets a LEFT JOIN user_wallets w ON w.asset_id = a.id AND w.user_id = $1 ORDER BY a.symbol`,
    [userId],
  );
  return { wallets: rows };
}
