import type pg from 'pg';

/** Reference data every database needs: assets, USD prices, fee schedule, system accounts. */
export const ASSETS = [
  // ETH: the chain has 18 decimals, the portal keeps 8 (what the dashboard shows at most); amounts
  // finer than an asset's scale are refused by the ledger, so balances never hide dust.
  { symbol: 'USD', name: 'US Dollar', type: 'fiat', scale: 2, priceUsd: '1' },
  { symbol: 'EUR', name: 'Euro', type: 'fiat', scale: 2, priceUsd: '1.08' },
  { symbol: 'BTC', name: 'Bitcoin', type: 'crypto', scale: 8, priceUsd: '65000' },
  { symbol: 'ETH', name: 'Ethereum', type: 'crypto', scale: 8, priceUsd: '3200' },
  { symbol: 'USDC', name: 'USD Coin', type: 'crypto', scale: 6, priceUsd: '1' },
] as const;

/** p2p_transfer: 0.5% paid by the sender on top, at least / at most these amounts per asset. */
const P2P_FEE_LIMITS: Record<string, [min: string, max: string]> = {
  USD: ['0.01', '25'],
  EUR: ['0.01', '25'],
  USDC: ['0.01', '25'],
  BTC: ['0.00000100', '0.0005'],
  ETH: ['0.00001', '0.01'],
};

export const logoUrl = (symbol: string) => `/api/platform/assets/logo/${symbol}.svg`;

export async function seedBase(db: pg.ClientBase | pg.Pool): Promise<void> {
  for (const a of ASSETS) {
    await db.query(
      `INSERT INTO assets (symbol, name, logo_url, asset_type, scale) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (symbol) DO NOTHING`,
      [a.symbol, a.name, logoUrl(a.symbol), a.type, a.scale],
    );
    await db.query(
      `INSERT INTO asset_prices (asset_id, price_usd) SELECT id, $2 FROM assets WHERE symbol = $1 ON CONFLICT (asset_id) DO NOTHING`,
      [a.symbol, a.priceUsd],
    );
    const [min, max] = P2P_FEE_LIMITS[a.symbol]!;
    await db.query(
      `INSERT INTO fee_schedule (transaction_type, asset_id, percent, minimum, maximum, bearer)
       SELECT 'p2p_transfer', id, 0.5, $2, $3, 'sender' FROM assets WHERE symbol = $1 ON CONFLICT DO NOTHING`,
      [a.symbol, min, max],
    );
  }
  // Marketplace milestone payments: 1% taken from the amount paid to the freelancer (docs/product.md "Fees").
  await db.query(
    `INSERT INTO fee_schedule (transaction_type, asset_id, percent, bearer) VALUES ('milestone_payment', NULL, 1, 'receiver') ON CONFLICT DO NOTHING`,
  );
  // a funded campaign's escrow goes to its owner minus this (docs/decisions.md "Crowdfunding")
  await db.query(
    `INSERT INTO fee_schedule (transaction_type, asset_id, percent, bearer) VALUES ('investment', NULL, 2, 'receiver') ON CONFLICT DO NOTHING`,
  );
  // an invoice's payment: the client pays the total, the creator receives it less this (docs/decisions.md "Invoices")
  await db.query(
    `INSERT INTO fee_schedule (transaction_type, asset_id, percent, bearer) VALUES ('invoice_payment', NULL, 1, 'receiver') ON CONFLICT DO NOTHING`,
  );
  // an instant withdrawal to a bank (US dollars only): quoted before the PIN, paid on top of the amount (docs/decisions.md "Bank linking")
  await db.query(
    `INSERT INTO fee_schedule (transaction_type, asset_id, percent, minimum, maximum, bearer) SELECT 'withdrawal', id, 1.5, 0.25, 15, 'sender' FROM assets WHERE symbol = 'USD' ON CONFLICT DO NOTHING`,
  );
  await db.query(
    `INSERT INTO system_accounts (code, asset_id) SELECT c.code, a.id FROM assets a CROSS JOIN unnest(enum_range(NULL::system_account_code)) AS c(code)
     ON CONFLICT (code, asset_id) DO NOTHING`,
  );
}
