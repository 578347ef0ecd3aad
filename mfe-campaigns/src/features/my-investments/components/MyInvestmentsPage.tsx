import { useEffect } from 'react';
import styled from 'styled-components';
import { Button, Card, CenteredMessage, Link, Spinner, errorMessage, formatDate, toast } from '@portal/shared-ui';
import { InvestmentStatus, Muted, Page, PageHead, moneyText } from '../../../lib/ui';
import { useMyInvestmentsQuery } from '../api/my-investments';

const Item = styled(
  Card,
)`padding: 14px 16px; display: flex; justify-content: space-between; gap: 12px; flex-wrap: wrap; align-items: center; a { font-weight: 600; }`;

/** /my-investments (docs/product.md "Campaigns and investments"): the user's investments with their campaign; 'No Investments Yet'. */
export function MyInvestmentsPage() {
  const { data, isLoading, error } = useMyInvestmentsQuery();
  useEffect(() => {
    if (error)
      toast({ title: 'Error fetching your investments', description: errorMessage(error), variant: 'destructive' });
  }, [error]);
  return (
    <Page>
      <PageHead>
        <div>
          <h1>My Investments</h1>
          <p>Your investments and where they stand.</p>
        </div>
        <Button as={Link} to="/browse-campaigns">
          Browse Campaigns
        </Button>
      </PageHead>
      {isLoading ? (
        <CenteredMessage role="status">
          <Spinner /> Loading...
        </CenteredMessage>
      ) : error ? (
        <Muted role="alert">Your investments could not be loaded. Please try again.</Muted>
      ) : !data?.investments.length ? (
        <CenteredMessage>
          <div>
            <h2>No Investments Yet</h2>
            <Muted>Live campaigns are on Browse Campaigns.</Muted>
          </div>
        </CenteredMessage>
      ) : (
        <div style={{ display: 'grid', gap: 10 }}>
          {data.investments.map((i) => (
            <Item key={i.id} data-testid="my-investment">
              <div>
                <Link to={`/campaign/${i.campaign.id}`}>{i.campaign.company_name}</Link>
                <Muted>
                  {moneyText(i.amount_invested, i.campaign.currency)} · {formatDate(i.created_at)}
                </Muted>
              </div>
              <InvestmentStatus status={i.status} />
            </Item>
          ))}
        </div>
      )}
    </Page>
  );
}
