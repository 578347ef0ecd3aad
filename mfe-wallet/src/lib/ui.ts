import styled from 'styled-components';

/** Form bits of the money pages (/send-money, /pay). */
export const Select = styled.select`
  display: block; width: 100%; height: 40px; padding: 0 8px; font-size: 14px;
  border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius.md}; background: ${(p) => p.theme.colors.background};
`;
export const Hint = styled.p`margin: 6px 0 0; font-size: 13px; color: ${(p) => p.theme.colors.mutedForeground};`;
