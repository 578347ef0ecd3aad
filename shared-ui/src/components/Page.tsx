import styled from 'styled-components';
import { Link } from '../router';

/** The layout and text pieces every remote's pages share. */
export const Page = styled.section`max-width: 1100px; margin: 0 auto; padding: 24px 16px 48px;`;
export const PageHead = styled.div`
  display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap; margin-bottom: 20px;
  h1 { font-size: 26px; margin: 0; }
  p { margin: 4px 0 0; color: ${(p) => p.theme.colors.mutedForeground}; }
`;
/** "← Back to ..." above a page's content. */
export const Back = styled(
  Link,
)`display: inline-block; margin-bottom: 12px; font-size: 14px; color: ${(p) => p.theme.colors.mutedForeground};`;
export const Muted = styled.p`color: ${(p) => p.theme.colors.mutedForeground}; font-size: 14px; margin: 0;`;
export const Row = styled.div`display: flex; gap: 8px; flex-wrap: wrap; align-items: center;`;
/** Text a user typed, shown as text with its line breaks (never as HTML). */
export const UserText = styled.p`white-space: pre-wrap; overflow-wrap: anywhere; margin: 0;`;
