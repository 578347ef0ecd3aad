import styled from 'styled-components';
import { Badge, Button, Card, formatDate, formatMoney, statusBadgeKind, Link } from '@portal/shared-ui';
import type { DashboardTransaction } from '../api/get-dashboard';

const List = styled(Card)`padding: 4px 16px;`;
const Row = styled.div`
  display: flex; align-items: center; gap: 12px; padding: 12px 0; flex-wrap: wrap;
  border-bottom: 1px solid ${(p) => p.theme.colors.border};
  &:last-child { border-bottom: 0; }
`;
const Main = styled.div`flex: 1; min-width: 160px;`;
const Title = styled.div<{ $sent: boolean }>`
  font-weight: 600; font-variant-numeric: tabular-nums;
  span { color: ${(p) => (p.$sent ? p.theme.colors.destructive : p.theme.colors.success)}; }
`;
const Sub = styled.div`font-size: 13px; color: ${(p) => p.theme.colors.mutedForeground}; text-transform: none;`;
const Empty = styled.p`color: ${(p) => p.theme.colors.mutedForeground};`;
const Footer = styled.div`margin-top: 12px;`;

/**
 * Recent activity on the dashboard: Sent or Received, the amount at the asset's scale, and what
 * it was in the server's words (platform/ledger/statement.ts), with the fee the user paid when there was one.
 */
export function RecentActivity({ transactions }: { transactions: DashboardTransaction[] }) {
  return (
    <>
      {transactions.length === 0 ? (
        <Empty>No recent transactions.</Empty>
      ) : (
        <List data-testid="recent-activity">
          {transactions.map((tx) => {
            const sent = tx.direction === 'out';
            return (
              <Row key={tx.id} data-testid="activity-row">
                <Main>
                  <Title $sent={sent}>
                    <span>{sent ? 'Sent' : 'Received'}</span> {formatMoney(tx.amount, tx.asset)}
                  </Title>
                  <Sub data-testid="activity-label">
                    {tx.link ? <Link to={tx.link}>{tx.label}</Link> : tx.label}
                    {/[1-9]/.test(tx.fee) && ` · fee ${formatMoney(tx.fee, tx.asset)}`}
                  </Sub>
                </Main>
                <Sub>{formatDate(tx.created_at)}</Sub>
                <Badge $kind={statusBadgeKind(tx.status)} data-testid="status-badge">
                  {tx.status}
                </Badge>
              </Row>
            );
          })}
        </List>
      )}
      <Footer>
        <Button as={Link} to="/transactions" $variant="link">
          View All Transactions
        </Button>
      </Footer>
    </>
  );
}
