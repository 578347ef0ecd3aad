import styled from 'styled-components';

export const Card = styled.div`
  background: ${(p) => p.theme.colors.background};
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.lg};
  box-shadow: ${(p) => p.theme.shadow.sm};
`;
export const CardHeader = styled.div`
  display: flex; flex-direction: column; gap: 4px; padding: 20px 20px 8px;
`;
export const CardTitle = styled.h3`
  margin: 0; font-size: 16px; font-weight: 600; line-height: 1.3;
`;
export const CardDescription = styled.p`
  margin: 0; font-size: 13px; color: ${(p) => p.theme.colors.mutedForeground};
`;
export const CardContent = styled.div`
  padding: 8px 20px 20px;
`;
export const CardFooter = styled.div`
  display: flex; align-items: center; gap: 8px; padding: 0 20px 20px;
`;
