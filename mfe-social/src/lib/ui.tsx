import styled from 'styled-components';

export { Back, Muted, Page, PageHead, Row, UserText } from '@portal/shared-ui';

/** "5 min ago"-free times: the date and time in the browser's locale (docs/product.md "Feed and profiles"). */
export const localTime = (iso: string) =>
  new Date(iso).toLocaleString(typeof navigator === 'undefined' ? undefined : navigator.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
export const who = (p: { full_name: string | null; username: string | null }) => p.full_name || p.username || 'User';
export const Narrow = styled.section`max-width: 720px; margin: 0 auto; padding: 24px 16px 48px;`;
