import { useEffect } from 'react';
import styled from 'styled-components';
import { Button, Card, CenteredMessage, Link, Spinner, errorMessage, toast } from '@portal/shared-ui';
import { CampaignStatus, Muted, Page, PageHead, Row, moneyText } from '../../../lib/ui';
import { useMyCampaignsQuery } from '../api/my-campaigns';

const Item = styled(
  Card,
)`padding: 14px 16px; display: flex; justify-content: space-between; gap: 12px; flex-wrap: wrap; align-items: center; a { font-weight: 600; }`;

/** /my-campaigns (docs/product.md "Campaigns and investments"): the user's campaigns with buttons to /create-campaign and /campaign/{id}; 'No Campaigns Yet'. */
export function MyCampaignsPage() {
  const { data, isLoading, error } = useMyCampaignsQuery();
  useEffect(() => {
    if (error)
      toast({ title: 'Error fetching your campaigns', description: errorMessage(error), variant: 'destructive' });
  }, [error]);
  return (
    <Page>
      <PageHead>
        <div>
          <h1>My Campaigns</h1>
          <p>Drafts, campaigns in review and live ones.</p>
        </div>
        <Button as={Link} to="/create-campaign">
          Create Campaign
        </Button>
      </PageHead>
      {isLoading ? (
        <CenteredMessage role="status">
          <Spinner /> Loading...
        </CenteredMessage>
      ) : error ? (
        <Muted role="alert">Your campaigns could not be loaded. Please try again.</Muted>
      ) : !data?.campaigns.length ? (
        <CenteredMessage>
          <div>
            <h2>No Campaigns Yet</h2>
            <Muted>Create one to raise money for your company.</Muted>
          </div>
        </CenteredMessage>
      ) : (
        <div style={{ display: 'grid', gap: 10 }}>
          {data.campaigns.map((c) => (
            <Item key={c.id} data-testid="my-campaign">
              <div>
                <Link to={`/campaign/${c.id}`}>{c.company_name}</Link>
                <Muted>
                  {moneyText(c.funds_raised, c.currency)} of {moneyText(c.target_amount, c.currency)}
                </Muted>
              </div>
              <Row>
                <CampaignStatus status={c.status} />
                <Button as={Link} to={`/campaign/${c.id}`} $size="sm" $variant="outline">
                  View
                </Button>
              </Row>
            </Item>
          ))}
        </div>
      )}
    </Page>
  );
}
