import { useState } from 'react';
import styled from 'styled-components';

/**
 * The logo of an asset, shipped with the UI as vector shapes: no text glyph, so it never depends on
 * the system's fonts (a '₿' drawn as text is an empty box where the font lacks it). Known
 * assets use their shapes; any other asset its logo_url image, else the first two letters of its
 * symbol (docs/product.md).
 */
interface Shape {
  bg: string;
  paths: string[];
}

// Drawn on a 40 x 40 circle with white round strokes.
const SHAPES: Record<string, Shape> = {
  USD: {
    bg: '#1f8a4c',
    paths: [
      'M25 14.5c-1-1.8-2.9-2.8-5-2.8-2.8 0-4.9 1.5-4.9 3.9 0 5 10 2.8 10 8.4 0 2.5-2.2 4.2-5.1 4.2-2.3 0-4.3-1-5.3-2.9',
      'M20 9v22',
    ],
  },
  EUR: { bg: '#1d4ed8', paths: ['M26.5 13.5a8.5 8.5 0 1 0 0 13', 'M11.5 18h11', 'M11.5 22.5h10'] },
  BTC: {
    bg: '#f7931a',
    paths: [
      'M15 11v18',
      'M13 11h8.5a4 4 0 0 1 0 8H15',
      'M15 19h7.5a5 5 0 0 1 0 10H13',
      'M18 8v3M22 8v3M18 29v3M22 29v3',
    ],
  },
  ETH: { bg: '#627eea', paths: ['M20 8l-7 12.5 7 4 7-4z', 'M13 23l7 9 7-9-7 4z'] },
  USDC: {
    bg: '#2775ca',
    paths: [
      'M16 11.5a9.5 9.5 0 0 0 0 17M24 11.5a9.5 9.5 0 0 1 0 17',
      'M23 16c-.6-1.2-1.7-1.8-3-1.8-1.7 0-2.9.9-2.9 2.3 0 3 6 1.7 6 5 0 1.5-1.3 2.5-3.1 2.5-1.4 0-2.6-.6-3.2-1.8',
      'M20 12.5v15',
    ],
  },
};

const Circle = styled.span<{ $size: number }>`
  width: ${(p) => p.$size}px; height: ${(p) => p.$size}px; border-radius: 50%; flex: none; overflow: hidden;
  display: inline-flex; align-items: center; justify-content: center; font-weight: 700; font-size: ${(p) => Math.round(p.$size * 0.35)}px;
  background: ${(p) => p.theme.colors.badge.blue.bg}; color: ${(p) => p.theme.colors.badge.blue.fg};
  img, svg { width: 100%; height: 100%; display: block; }
`;

export const symbolInitials = (symbol: string) => symbol.slice(0, 2).toUpperCase();

export function AssetIcon({ symbol, logoUrl, size = 40 }: { symbol: string; logoUrl?: string | null; size?: number }) {
  const [failed, setFailed] = useState(false);
  const shape = SHAPES[symbol.toUpperCase()];
  return (
    <Circle $size={size} aria-hidden data-testid="asset-icon" data-symbol={symbol}>
      {shape ? (
        <svg viewBox="0 0 40 40" focusable="false">
          <circle cx="20" cy="20" r="20" fill={shape.bg} />
          <path
            d={shape.paths.join(' ')}
            fill="none"
            stroke="#fff"
            strokeWidth={2.6}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      ) : logoUrl && !failed ? (
        <img src={logoUrl} alt="" onError={() => setFailed(true)} />
      ) : (
        symbolInitials(symbol)
      )}
    </Circle>
  );
}
