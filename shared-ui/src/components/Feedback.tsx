import styled, { keyframes } from 'styled-components';

const pulse = keyframes`50% { opacity: .5; }`;
const spin = keyframes`to { transform: rotate(360deg); }`;

export const Skeleton = styled.div<{ $w?: string; $h?: string }>`
  width: ${(p) => p.$w ?? '100%'}; height: ${(p) => p.$h ?? '16px'};
  border-radius: ${(p) => p.theme.radius.sm}; background: ${(p) => p.theme.colors.muted};
  animation: ${pulse} 1.6s ease-in-out infinite;
`;
export const Spinner = styled.span<{ $size?: number }>`
  display: inline-block; width: ${(p) => p.$size ?? 20}px; height: ${(p) => p.$size ?? 20}px;
  border: 2px solid ${(p) => p.theme.colors.border}; border-top-color: ${(p) => p.theme.colors.primary};
  border-radius: 50%; animation: ${spin} .8s linear infinite;
`;
export const CenteredMessage = styled.div`
  display: flex; align-items: center; justify-content: center; gap: 12px;
  min-height: 240px; padding: 24px; color: ${(p) => p.theme.colors.mutedForeground}; text-align: center;
`;
