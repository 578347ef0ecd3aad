import styled from 'styled-components';

export const TableWrap = styled.div`
  width: 100%; overflow-x: auto; border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.lg}; background: ${(p) => p.theme.colors.background};
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
