import { useState } from 'react';
import styled from 'styled-components';

const Root = styled.span<{ $size: number }>`
  display: inline-flex; align-items: center; justify-content: center; flex: none; overflow: hidden;
  width: ${(p) => p.$size}px; height: ${(p) => p.$size}px; border-radius: 50%;
  background: ${(p) => p.theme.colors.badge.blue.bg}; color: ${(p) => p.theme.colors.badge.blue.fg};
  font-weight: 600; font-size: ${(p) => Math.round(p.$size * 0.4)}px; text-transform: uppercase;
  img { width: 100%; height: 100%; object-fit: cover; }
`;

/** Image avatar; falls back to initials when there is no image or it fails to load. */
export function Avatar({
  src,
  name,
  size = 36,
  initials = 1,
  alt,
}: {
  src?: string | null;
  name?: string | null;
  size?: number;
  initials?: number;
  alt?: string;
}) {
  const [failed, setFailed] = useState(false);
  const text = (name ?? '').trim();
  const fallback = (initials === 1 ? text.charAt(0) : text.slice(0, initials)).toUpperCase() || '?';
  return (
    <Root $size={size} aria-label={alt ?? name ?? undefined} data-testid="avatar">
      {src && !failed ? <img src={src} alt={alt ?? name ?? ''} onError={() => setFailed(true)} /> : fallback}
    </Root>
  );
}
