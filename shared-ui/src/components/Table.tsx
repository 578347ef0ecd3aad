import styled from 'styled-components';

/** Scrolls sideways on narrow screens; focusable so keyboard users can scroll it (axe scrollable-region-focusable). */
export const TableWrap = styled.div.attrs({ tabIndex: 0 })`
  width: 100%; overflow-x: auto; border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.lg}; background: ${(p) => p.theme.colors.background};
  &:focus-visible { outline: 2px solid ${(p) => p.theme.colors.ring}; outline-offset: 2px; }
`;
export const Table = styled.table`
  width: 100%; border-collapse: collapse; font-size: 14px;
`;
export const Th = styled.th`
  text-align: left; font-weight: 500; color: ${(p) => p.theme.colors.mutedForeground};
  padding: 10px 14px; border-bottom: 1px solid ${(p) => p.theme.colors.border}; white-space: nowrap;
`;
export const Td = styled.td`
  padding: 12px 14px; border-bottom: 1px solid ${(p) => p.theme.colors.border}; vertical-align: middle; white-space: nowrap;
  tr:last-child > & { border-bottom: 0; }
`;
