import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  Badge,
  Button,
  Input,
  Label,
  Link,
  Select,
  Spinner,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  Table,
  TableWrap,
  Td,
  Th,
  errorMessage,
  formatDateTime,
  ticketBadge,
  toast,
  useDebounced,
  useSearchParams,
  wordsOf,
  useLiveTopics,
} from '@portal/shared-ui';
import { ticketsApi, useGetTicketsQuery, type TicketFilter } from '../api/tickets';

const Filters = styled.div`display: flex; gap: 12px; flex-wrap: wrap; align-items: end; margin-bottom: 16px; > div { display: grid; gap: 4px; min-width: 160px; }`;

function Rows({
  filter,
  cursor,
  last,
  onMore,
}: {
  filter: TicketFilter;
  cursor?: string;
  last: boolean;
  onMore: (c: string) => void;
}) {
  const { data, error, isFetching } = useGetTicketsQuery({ ...filter, cursor });
  useLiveTopics(['admin:tickets'], ticketsApi, ['Tickets']);
  useEffect(() => {
    if (error) toast({ title: 'Error fetching tickets', description: errorMessage(error), variant: 'destructive' });
  }, [error]);
  if (!data)
    return isFetching ? (
      <tr>
        <Td colSpan={7}>
          <Spinner /> Loading tickets...
        </Td>
      </tr>
    ) : null;
  if (!cursor && data.tickets.length === 0)
    return (
      <tr>
        <Td colSpan={7} data-testid="no-tickets">
          No tickets found matching filters
        </Td>
      </tr>
    );
  return (
    <>
      {data.tickets.map((t) => {
        const badge = ticketBadge(t.status);
        return (
          <tr key={t.id} data-testid="ticket-row">
            <Td>{t.ticket_id}</Td>
            <Td style={{ overflowWrap: 'anywhere' }}>{t.subject}</Td>
            <Td>
              {t.user?.full_name ?? t.user?.username ?? ''}
              <br />
              <small>{t.user?.email}</small>
            </Td>
            <Td>
              <Badge $kind={badge.kind}>{badge.label}</Badge>
            </Td>
            <Td>{wordsOf(t.priority)}</Td>
            <Td>{formatDateTime(t.created_at)}</Td>
            <Td>
              <Button as={Link} to={`/admin/support/ticket/${t.id}`} $size="sm" $variant="outline">
                View
              </Button>{' '}
              <Button as={Link} to={`/admin/support/ticket/${t.id}#respond`} $size="sm" $variant="ghost">
                Reply
              </Button>
            </Td>
          </tr>
        );
      })}
      {last && data.next_cursor && (
        <tr>
          <Td colSpan={7} style={{ textAlign: 'center' }}>
            <Button type="button" $variant="outline" onClick={() => onMore(data.next_cursor!)}>
              Load More
            </Button>
          </Td>
        </tr>
      )}
    </>
  );
}

/** /admin/tickets (docs/product.md "Support"): Status and Priority filters and a search in the address, newest first, 20 a page. */
export function TicketsPage() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebounced(text.trim(), 300);
  const status = params.get('status') ?? '';
  const priority = params.get('priority') ?? '';
  const [cursors, setCursors] = useState<string[]>([]);
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const filter: TicketFilter = {
    status: status || undefined,
    priority: priority || undefined,
    q: q || undefined,
  } as TicketFilter;
  const key = JSON.stringify(filter);
  useEffect(() => setCursors([]), [key]);
  return (
    <section data-testid="admin-tickets">
      <h1 style={{ marginTop: 0 }}>Support Tickets</h1>
      <Filters>
        <div>
          <Label htmlFor="ticket-status">Status</Label>
          <Select id="ticket-status" value={status} onChange={(e) => set('status', e.target.value)}>
            <option value="">All</option>
            {TICKET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {wordsOf(s)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="ticket-priority">Priority</Label>
          <Select id="ticket-priority" value={priority} onChange={(e) => set('priority', e.target.value)}>
            <option value="">All</option>
            {TICKET_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {wordsOf(p)}
              </option>
            ))}
          </Select>
        </div>
        <div style={{ flex: 1 }}>
          <Label htmlFor="ticket-search">Search</Label>
          <Input
            id="ticket-search"
            type="search"
            placeholder="Ticket ID, subject or user"
            value={text}
            maxLength={100}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
      </Filters>
      <TableWrap>
        <Table>
          <thead>
            <tr>
              <Th>Ticket ID</Th>
              <Th>Subject</Th>
              <Th>User</Th>
              <Th>Status</Th>
              <Th>Priority</Th>
              <Th>Created At</Th>
              <Th>Actions</Th>
            </tr>
          </thead>
          <tbody>
            {[undefined, ...cursors].map((c, i) => (
              <Rows
                key={`${key}${c ?? ''}`}
                filter={filter}
                cursor={c}
                last={i === cursors.length}
                onMore={(n) => setCursors((x) => [...x, n])}
              />
            ))}
          </tbody>
        </Table>
      </TableWrap>
    </section>
  );
}
