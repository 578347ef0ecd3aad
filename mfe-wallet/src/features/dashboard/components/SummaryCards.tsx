import styled from 'styled-components';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  media,
  type BadgeKind,
  Link,
} from '@portal/shared-ui';
import type { DashboardProfile } from '../api/get-dashboard';
import { kycStatusText } from './kyc-status';

const Grid = styled.div`
  display: grid; gap: 16px; grid-template-columns: 1fr; margin-bottom: 24px;
  ${media.md} { grid-template-columns: repeat(3, 1fr); }
`;
const Big = styled.div`font-size: 28px; font-weight: 700; line-height: 1.2;`;
const Muted = styled.p`margin: 4px 0 0; font-size: 13px; color: ${(p) => p.theme.colors.mutedForeground};`;
const Actions = styled.div`display: flex; flex-wrap: wrap; gap: 8px;`;

const kycKind = (s: string | null): BadgeKind =>
  s === 'verified' ? 'green' : s === 'pending' ? 'yellow' : s === 'rejected' ? 'red' : 'grey';

export function SummaryCards({ profile, walletCount }: { profile: DashboardProfile; walletCount: number }) {
  return (
    <Grid>
      <Card data-testid="card-profile-status">
        <CardHeader>
          <CardTitle>Profile Status</CardTitle>
          <CardDescription>KYC Verification</CardDescription>
        </CardHeader>
        <CardContent>
          <Badge $kind={kycKind(profile.kyc_status)}>{kycStatusText(profile.kyc_status)}</Badge>
          {profile.is_accredited_investor && <Muted>Accredited investor</Muted>}
        </CardContent>
      </Card>
      <Card data-testid="card-total-wallets">
        <CardHeader>
          <CardTitle>Total Wallets</CardTitle>
        </CardHeader>
        <CardContent>
          <Big>{walletCount}</Big>
          <Muted>Across all assets</Muted>
        </CardContent>
      </Card>
      <Card data-testid="card-quick-actions">
        <CardHeader>
          <CardTitle>Quick Actions</CardTitle>
        </CardHeader>
        <CardContent>
          <Actions>
            <Button as={Link} to="/send-money" $size="sm">
              Send Money
            </Button>
            <Button as={Link} to="/transactions" $size="sm" $variant="outline">
              Transactions
            </Button>
            <Button type="button" $size="sm" $variant="secondary" disabled>
              Trade (Soon)
            </Button>
          </Actions>
        </CardContent>
      </Card>
    </Grid>
  );
}
