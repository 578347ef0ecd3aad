import styled from 'styled-components';
import { Card } from '@portal/shared-ui';

const Panel = styled(Card)`
  padding: 32px; text-align: center;
  h1 { margin: 0 0 8px; font-size: 22px; }
  p { margin: 0; color: ${(p) => p.theme.colors.mutedForeground}; }
`;

/** Support tickets come with the support issue; until then the route shows this panel. */
export function TicketsPage({ title = 'Support Tickets' }: { title?: string }) {
  return (
    <Panel data-testid="admin-tickets">
      <h1>{title}</h1>
      <p>Ticket management is coming soon.</p>
    </Panel>
  );
}
