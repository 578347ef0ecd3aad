import styled from 'styled-components';
import { Card } from '@portal/shared-ui';

export const Section = styled(Card)`margin-bottom: 20px;`;
export const Row = styled.div`
  display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap;
  padding: 12px 0; border-top: 1px solid ${(p) => p.theme.colors.border};
  &:first-child { border-top: 0; padding-top: 4px; }
`;
export const RowLabel = styled.div`font-size: 13px; color: ${(p) => p.theme.colors.mutedForeground}; min-width: 120px;`;
export const RowValue = styled.div`font-size: 15px; font-weight: 500; flex: 1; min-width: 0; overflow-wrap: anywhere;`;
export const Muted = styled.span`color: ${(p) => p.theme.colors.mutedForeground}; font-weight: 400;`;
export const Actions = styled.div`display: flex; gap: 8px; flex-wrap: wrap; align-items: center;`;
export const Text = styled.p`margin: 0 0 12px; font-size: 14px; color: ${(p) => p.theme.colors.mutedForeground};`;
export const ErrorText = styled.p`margin: 6px 0 0; font-size: 13px; color: ${(p) => p.theme.colors.destructive};`;
export const Hint = styled.p`margin: 6px 0 0; font-size: 12px; color: ${(p) => p.theme.colors.mutedForeground};`;
export const Select = styled.select`
  display: block; width: 100%; height: 40px; padding: 0 10px; font-size: 14px;
  border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius.md};
  background: ${(p) => p.theme.colors.background}; color: ${(p) => p.theme.colors.foreground};
  &:focus { outline: 2px solid ${(p) => p.theme.colors.ring}; outline-offset: 1px; }
`;
