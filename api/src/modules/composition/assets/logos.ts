/**
 * Asset logos served by the API at /api/platform/assets/logo/<SYMBOL>.svg (assets.logo_url points
 * here): small, same-origin, no external image host, and they work offline.
 */
const STYLE: Record<string, { bg: string; fg: string; glyph: string }> = {
  USD: { bg: '#1f8a4c', fg: '#ffffff', glyph: '$' },
  EUR: { bg: '#1d4ed8', fg: '#ffffff', glyph: '€' },
  BTC: { bg: '#f7931a', fg: '#ffffff', glyph: '₿' },
  ETH: { bg: '#627eea', fg: '#ffffff', glyph: 'Ξ' },
  USDC: { bg: '#2775ca', fg: '#ffffff', glyph: 'USDC' },
};

export function logoSvg(symbol: string): string | undefined {
  const s = STYLE[symbol];
  if (!s) return undefined;
  const size = s.glyph.length > 2 ? 11 : 18;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40" role="img" aria-label="${symbol}">` +
    `<circle cx="20" cy="20" r="20" fill="${s.bg}"/>` +
    `<text x="20" y="20" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="${s.fg}">${s.glyph}</text></svg>`
  );
}
