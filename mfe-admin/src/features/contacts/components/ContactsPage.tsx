import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  Badge,
  Button,
  Card,
  CenteredMessage,
  Label,
  Muted,
  Row,
  Select,
  Spinner,
  UserText,
  errorMessage,
  formatDateTime,
  toast,
} from '@portal/shared-ui';
import { useGetContactsQuery, useMarkHandledMutation } from '../api/contacts';

const Item = styled(Card)`padding: 16px; display: grid; gap: 6px;`;

function Chunk({
  handled,
  cursor,
  last,
  onMore,
}: {
  handled: string;
  cursor?: string;
  last: boolean;
  onMore: (c: string) => void;
}) {
  const { data, error, isFetching } = useGetContactsQuery({ handled: handled || undefined, cursor });
  const [mark, { isLoading }] = useMarkHandledMutation();
  useEffect(() => {
    if (error) toast({ title: 'Error fetching messages', description: errorMessage(error), variant: 'destructive' });
  }, [error]);
  if (!data)
    return isFetching ? (
      <CenteredMessage role="status">
        <Spinner /> Loading messages...
      </CenteredMessage>
    ) : null;
  if (!cursor && data.messages.length === 0) return <Muted data-testid="no-contacts">No messages.</Muted>;
  return (
    <>
      {data.messages.map((m) => (
        <Item key={m.id} data-testid="contact-message">
          <Row style={{ justifyContent: 'space-between' }}>
            <strong style={{ overflowWrap: 'anywhere' }}>{m.subject}</strong>
            {m.handled_at ? <Badge $kind="green">Handled</Badge> : <Badge $kind="yellow">New</Badge>}
          </Row>
          <Muted>
            {m.name} · {m.email} · {formatDateTime(m.created_at)}
          </Muted>
          <UserText>{m.message}</UserText>
          <div>
            <Button
              type="button"
              $size="sm"
              $variant="outline"
              disabled={isLoading}
              onClick={() =>
                mark({ id: m.id, handled: !m.handled_at })
                  .unwrap()
                  .catch((err) =>
                    toast({
                      title: 'Failed to update message',
                      description: errorMessage(err),
                      variant: 'destructive',
                    }),
                  )
              }
            >
              {m.handled_at ? 'Mark as New' : 'Mark as Handled'}
            </Button>
          </div>
        </Item>
      ))}
      {last && data.next_cursor && (
        <Button type="button" $variant="outline" onClick={() => onMore(data.next_cursor!)}>
          Load More
        </Button>
      )}
    </>
  );
}

/** /admin/contacts: what visitors sent through the public contact form, newest first, with a handled flag. */
export function ContactsPage() {
  const [handled, setHandled] = useState('false');
  const [cursors, setCursors] = useState<string[]>([]);
  useEffect(() => setCursors([]), [handled]);
  return (
    <section data-testid="admin-contacts" style={{ display: 'grid', gap: 12, maxWidth: 900 }}>
      <h1 style={{ margin: 0 }}>Contact Messages</h1>
      <div style={{ maxWidth: 220 }}>
        <Label htmlFor="contact-filter">Show</Label>
        <Select id="contact-filter" value={handled} onChange={(e) => setHandled(e.target.value)}>
          <option value="false">New</option>
          <option value="true">Handled</option>
          <option value="">All</option>
        </Select>
      </div>
      {[undefined, ...cursors].map((c, i) => (
        <Chunk
          key={`${handled}${c ?? ''}`}
          handled={handled}
          cursor={c}
          last={i === cursors.length}
          onMore={(n) => setCursors((x) => [...x, n])}
        />
      ))}
    </section>
  );
}
