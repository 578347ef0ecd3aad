import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  Back,
  Badge,
  Button,
  Card,
  CenteredMessage,
  Link,
  Muted,
  Page,
  PageHead,
  Row,
  Spinner,
  errorMessage,
  formatDate,
  ticketBadge,
  toast,
  wordsOf,
  type ApiResponse,
} from '@portal/shared-ui';
import { useGetMyTicketsQuery } from '../api/tickets';
import { NewTicketDialog } from './NewTicketDialog';

type Ticket = ApiResponse<'/api/support/tickets', 'get'>['tickets'][number];
const Cards = styled.div`display: grid; gap: 16px; grid-template-columns: 1fr; @media (min-width: 760px) { grid-template-columns: repeat(2, 1fr); }`;
const Box = styled(
  Card,
)`padding: 16px; display: grid; gap: 8px; min-width: 0; h2 { margin: 0; font-size: 17px; overflow-wrap: anywhere; }`;
const Preview = styled.p`margin: 0; color: ${(p) => p.theme.colors.mutedForeground}; font-size: 14px; overflow-wrap: anywhere; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden;`;

function TicketCard({ t }: { t: Ticket }) {
  const badge = ticketBadge(t.status);
  return (
    <Box as="article" data-testid="ticket-card">
      <Row style={{ justifyContent: 'space-between' }}>
        <h2>{t.subject}</h2>
        <Badge $kind={badge.kind}>{badge.label}</Badge>
      </Row>
      <Muted>
        {t.ticket_id} · Priority: {wordsOf(t.priority)}
      </Muted>
      <Preview>{t.description}</Preview>
      <Muted>
        Created {formatDate(t.created_at)}
        {t.updated_at !== t.created_at ? ` · Updated ${formatDate(t.updated_at)}` : ''}
      </Muted>
      <div>
        <Button as={Link} to={`/support/ticket/${t.id}`} $size="sm" $variant="outline">
          View Details
        </Button>
      </div>
    </Box>
  );
}

function TicketsChunk({ cursor, last, onMore }: { cursor?: string; last: boolean; onMore: (c: string) => void }) {
  const { data, error, isFetching } = useGetMyTicketsQuery({ cursor });
  useEffect(() => {
    if (error)
      toast({ title: 'Error fetching support tickets', description: errorMessage(error), variant: 'destructive' });
  }, [error]);
  if (!data)
    return isFetching ? (
      <CenteredMessage role="status" style={{ gridColumn: '1 / -1' }}>
        <Spinner /> Loading tickets...
      </CenteredMessage>
    ) : null;
  if (!cursor && data.tickets.length === 0)
    return (
      <CenteredMessage data-testid="no-tickets" style={{ gridColumn: '1 / -1' }}>
        <div>
          <h2>No Support Tickets Yet</h2>
          <Muted>Create a ticket and we will get back to you.</Muted>
        </div>
      </CenteredMessage>
    );
  return (
    <>
      {data.tickets.map((t) => (
        <TicketCard key={t.id} t={t} />
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

/** /support (docs/product.md "Support" Support): back to the dashboard, Create New Ticket, the caller's tickets. */
export function TicketsPage() {
  const [open, setOpen] = useState(false);
  const [cursors, setCursors] = useState<string[]>([]);
  return (
    <Page>
      <Back to="/dashboard">← Back to Dashboard</Back>
      <PageHead>
        <div>
          <h1>Customer Support</h1>
          <p>Ask us anything about your account, payments or the marketplace. We answer every ticket.</p>
        </div>
        <Button type="button" onClick={() => setOpen(true)}>
          Create New Ticket
        </Button>
      </PageHead>
      <Cards>
        {[undefined, ...cursors].map((c, i) => (
          <TicketsChunk
            key={c ?? 'first'}
            cursor={c}
            last={i === cursors.length}
            onMore={(n) => setCursors((x) => [...x, n])}
          />
        ))}
      </Cards>
      <NewTicketDialog open={open} onOpenChange={setOpen} />
    </Page>
  );
}
