import { useEffect } from 'react';
import styled from 'styled-components';
import { Button, CenteredMessage, errorMessage, Spinner, toast, useLogOut, useLiveTopics } from '@portal/shared-ui';
import { dashboardApi, useGetDashboardQuery } from '../api/get-dashboard';
import { RecentActivity } from './RecentActivity';
import { SummaryCards } from './SummaryCards';
import { WalletsGrid } from './WalletsGrid';

const Head = styled.div`
  display: flex; align-items: center; justify-content: space-between; gap: 16px; flex-wrap: wrap; margin-bottom: 24px;
  h1 { margin: 0; font-size: 28px; letter-spacing: -0.01em; }
`;
const H2 = styled.h2`font-size: 20px; margin: 32px 0 12px;`;

/** /dashboard (docs/product.md "Dashboard"). */
export function DashboardPage() {
  const { data, error, isLoading } = useGetDashboardQuery();
  // money arriving or leaving moves a balance: the balances and the recent activity are read again
  useLiveTopics([data && `wallets:${data.profile.id}`], dashboardApi, ['Dashboard']);
  const onLogout = useLogOut();

  useEffect(() => {
    if (error)
      toast({ title: 'Error fetching dashboard data', description: errorMessage(error), variant: 'destructive' });
  }, [error]);

  if (isLoading) {
    return (
      <CenteredMessage role="status">
        <Spinner /> Loading dashboard...
      </CenteredMessage>
    );
  }
  const profile = data?.profile;
  if (!profile) return <CenteredMessage>Could not load profile. Please try again.</CenteredMessage>;

  const wallets = data.wallets.filter((w) => w.asset != null);
  return (
    <section
      data-testid="dashboard"
      data-remote-build={__REMOTE_VERSION__}
      data-build-marker={__BUILD_MARKER__ || undefined}
    >
      <Head>
        <h1>Welcome {profile.full_name || profile.email}</h1>
        <Button type="button" $variant="outline" onClick={onLogout}>
          Logout
        </Button>
      </Head>
      <SummaryCards profile={profile} walletCount={wallets.length} />
      <H2>Your Wallets</H2>
      <WalletsGrid wallets={data.wallets} />
      <H2>Recent Activity</H2>
      <RecentActivity transactions={data.recent_transactions} />
      {__BUILD_MARKER__ && (
        <p data-testid="build-marker" style={{ fontSize: 12, color: '#64748b' }}>
          Build {__BUILD_MARKER__}
        </p>
      )}
    </section>
  );
}
