import styled from 'styled-components';
import { Link } from '../router';
import { Button } from './Button';
import { Card } from './Card';

/** A centred card for a whole-page notice (not found, coming soon). */
export const NoticePanel = styled(Card)`
  max-width: 560px; margin: 48px auto; padding: 32px; text-align: center;
  h1 { font-size: 22px; margin: 0 0 8px; }
  p { color: ${(p) => p.theme.colors.mutedForeground}; margin: 0 0 20px; }
`;

/** The portal's 404 page: the shell's catch-all and any remote's unknown paths (e.g. /admin/nope) show the same one. */
export function NotFound() {
  return (
    <NoticePanel data-testid="not-found">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist.</p>
      <Button as={Link} to="/">
        Back to Home
      </Button>
    </NoticePanel>
  );
}
