import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  CenteredMessage,
  Input,
  Label,
  Link,
  Spinner,
  errorMessage,
  toast,
  useDebounced,
} from '@portal/shared-ui';
import { Muted, Page, PageHead } from '../../../lib/ui';
import { useBrowseCampaignsQuery, type BrowseQuery } from '../api/browse-campaigns';
import { CampaignCard } from './CampaignCard';

const Cards = styled.div`display: grid; gap: 16px; grid-template-columns: 1fr; @media (min-width: 640px) { grid-template-columns: repeat(2, 1fr); } @media (min-width: 1000px) { grid-template-columns: repeat(3, 1fr); }`;

function ResultsPage({
  query,
  cursor,
  last,
  onMore,
}: {
  query: BrowseQuery;
  cursor?: string;
  last: boolean;
  onMore: (c: string) => void;
}) {
  const { data, error, isFetching } = useBrowseCampaignsQuery({ ...query, cursor });
  useEffect(() => {
    if (error) toast({ title: 'Error fetching campaigns', description: errorMessage(error), variant: 'destructive' });
  }, [error]);
  if (!data)
    return isFetching ? (
      <CenteredMessage role="status">
        <Spinner /> Loading campaigns...
      </CenteredMessage>
    ) : error ? (
      <Muted role="alert">Campaigns could not be loaded. Please try again.</Muted>
    ) : null;
  if (!cursor && data.campaigns.length === 0)
    return (
      <CenteredMessage data-testid="no-campaigns">
        <div>
          <h2>No Campaigns Found</h2>
          <Muted>Try other words, or come back soon.</Muted>
        </div>
      </CenteredMessage>
    );
  return (
    <>
      {data.campaigns.map((c) => (
        <CampaignCard key={c.id} campaign={c} />
      ))}
      {last && data.next_cursor && (
        <div style={{ gridColumn: '1 / -1', textAlign: 'center' }}>
          <Button type="button" $variant="outline" onClick={() => onMore(data.next_cursor!)}>
            Load More
          </Button>
        </div>
      )}
    </>
  );
}

/** /browse-campaigns (docs/product.md "Campaigns and investments"): active campaigns, search on company name, tagline and description, pages of 9, Load More. */
export function BrowsePage() {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const [cursors, setCursors] = useState<string[]>([]);
  useEffect(() => setCursors([]), [q]);
  const query: BrowseQuery = { q: q || undefined };
  return (
    <Page>
      <PageHead>
        <div>
          <h1>Invest in Startups</h1>
          <p>Live equity campaigns, newest first.</p>
        </div>
        <Button as={Link} to="/create-campaign" $variant="outline">
          Start a Campaign
        </Button>
      </PageHead>
      <div style={{ marginBottom: 16 }}>
        <Label htmlFor="campaign-search">Search campaigns</Label>
        <Input
          id="campaign-search"
          type="search"
          placeholder="Company name, tagline or description"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <Cards data-testid="campaign-results">
        {[undefined, ...cursors].map((cursor, i) => (
          <ResultsPage
            key={`${q}:${cursor ?? 'first'}`}
            query={query}
            cursor={cursor}
            last={i === cursors.length}
            onMore={(next) => setCursors((c) => [...c, next])}
          />
        ))}
      </Cards>
    </Page>
  );
}
