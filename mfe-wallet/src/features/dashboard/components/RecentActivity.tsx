import styled from 'styled-components';
import { Badge, Button, Card, formatDate, formatFixed, statusBadgeKind, Link } from '@portal/shared-ui';
import type { DashboardTransaction } from '../api/get-dashboard';
import { describeTransaction } from './describe-transaction';

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

export function RecentActivity({ transactions, userId }: { transactions: DashboardTransaction[]; userId: string }) {
  return (
    <>
      {transactions.length === 0 ? (
        <Empty>No recent transactions.</Empty>
      ) : (
        <List data-testid="recent-activity">
          {transactions.map((tx) => {
            const d = describeTransaction(tx, userId);
            return (
              <Row key={tx.id} data-testid="activity-row">
                <Main>
                  <Title $sent={d.isSender} title={`${formatFixed(tx.amount, 8)} ${tx.asset?.symbol ?? ''}`}>
                    <span>{d.direction}</span>{' '}
                    {formatFixed(tx.amount, 2)} {tx.asset?.symbol ?? ''}
                  </Title>
                  <Sub>{d.counterparty}</Sub>
                </Main>
                <Sub>{formatDate(tx.created_at)}</Sub>
                <Badge $kind={statusBadgeKind(tx.status)} data-testid="status-badge">{tx.status}</Badge>
              </Row>
            );
          })}
        </List>
      )}
      <Footer>
        <Button as={Link} to="/transactions" $variant="link">View All Transactions</Button>
      </Footer>
    </>
  );
}
