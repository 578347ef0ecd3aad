import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  Button,
  Card,
  CenteredMessage,
  Link,
  Spinner,
  Tabs,
  countOf,
  TabsContent,
  TabsList,
  TabsTrigger,
  errorMessage,
  formatDate,
  toast,
} from '@portal/shared-ui';
import { Muted, Page, PageHead, Row, StatusBadge, budgetText, moneyText } from '../../../lib/ui';
import { useMyContractsQuery, useMyProjectsQuery, useMyProposalsQuery } from '../api/my-lists';

const Item = styled(
  Card,
)`padding: 14px 16px; display: flex; justify-content: space-between; gap: 12px; flex-wrap: wrap; align-items: center; a { font-weight: 600; overflow-wrap: anywhere; }`;
const List = styled.div`display: grid; gap: 10px;`;

/** Loading, the error toast (docs/product.md "Marketplace" 'Error fetching your projects, contracts, proposals'), the empty text, or the list. */
function TabList<T>({
  query,
  what,
  empty,
  render,
}: {
  query: { data?: T[]; isLoading: boolean; error?: unknown };
  what: string;
  empty: string;
  render: (x: T) => ReactNode;
}) {
  useEffect(() => {
    if (query.error)
      toast({ title: `Error fetching your ${what}`, description: errorMessage(query.error), variant: 'destructive' });
  }, [query.error, what]);
  if (query.isLoading)
    return (
      <CenteredMessage role="status">
        <Spinner /> Loading...
      </CenteredMessage>
    );
  if (query.error) return <Muted role="alert">Your {what} could not be loaded. Please try again.</Muted>;
  if (!query.data?.length)
    return (
      <CenteredMessage>
        <Muted>{empty}</Muted>
      </CenteredMessage>
    );
  return <List>{query.data.map(render)}</List>;
}

/** /my-projects (docs/product.md "Marketplace"): Post New Project; tabs As Client, As Freelancer (Active), As Freelancer (Proposals). */
export function MyProjectsPage() {
  const projects = useMyProjectsQuery();
  const contracts = useMyContractsQuery();
  const proposals = useMyProposalsQuery();
  return (
    <Page>
      <PageHead>
        <div>
          <h1>My Projects</h1>
          <p>Projects you posted, your contracts and your proposals.</p>
        </div>
        <Button as={Link} to="/post-project">
          Post New Project
        </Button>
      </PageHead>
      <Tabs defaultValue="client">
        <TabsList>
          <TabsTrigger value="client">As Client</TabsTrigger>
          <TabsTrigger value="active">As Freelancer (Active)</TabsTrigger>
          <TabsTrigger value="proposals">As Freelancer (Proposals)</TabsTrigger>
        </TabsList>
        <TabsContent value="client">
          <TabList
            query={{ ...projects, data: projects.data?.projects }}
            what="projects"
            empty="You have not posted a project yet."
            render={(p) => (
              <Item key={p.id} data-testid="my-project">
                <div>
                  <Link to={`/project/${p.id}`}>{p.title}</Link>
                  <Muted>
                    {budgetText(p.budget_amount, p.currency, p.budget_type)} ·{' '}
                    {countOf(p.proposal_count, 'proposal', 'proposals')} · {formatDate(p.created_at)}
                  </Muted>
                </div>
                <StatusBadge status={p.status} />
              </Item>
            )}
          />
        </TabsContent>
        <TabsContent value="active">
          <TabList
            query={{ ...contracts, data: contracts.data?.contracts }}
            what="contracts"
            empty="You have no contracts yet."
            render={(c) => (
              <Item key={c.id} data-testid="my-contract">
                <div>
                  <Link to={`/contract/${c.id}`}>{c.project.title}</Link>
                  <Muted>
                    {moneyText(c.agreed_amount, c.asset)} · client {c.client.full_name ?? c.client.username ?? 'Client'}{' '}
                    · since {formatDate(c.start_date)}
                  </Muted>
                </div>
                <StatusBadge status={c.status} />
              </Item>
            )}
          />
        </TabsContent>
        <TabsContent value="proposals">
          <TabList
            query={{ ...proposals, data: proposals.data?.proposals }}
            what="proposals"
            empty="You have not sent a proposal yet."
            render={(p) => (
              <Item key={p.id} data-testid="my-proposal-row">
                <div>
                  <Link to={`/project/${p.project.id}`}>{p.project.title}</Link>
                  <Muted>Sent {formatDate(p.created_at)}</Muted>
                </div>
                <Row>
                  <StatusBadge status={p.status} />
                  {p.contract_id && <Link to={`/contract/${p.contract_id}`}>View Contract</Link>}
                </Row>
              </Item>
            )}
          />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
