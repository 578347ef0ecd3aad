import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  Avatar,
  Badge,
  Button,
  Card,
  CenteredMessage,
  Input,
  Link,
  Spinner,
  dispatchToPortal,
  errorMessage,
  toast,
  useDebounced,
  useLiveEvent,
} from '@portal/shared-ui';
import { socialApi } from '../../../lib/api';
import { Muted, Narrow, PageHead, localTime, who } from '../../../lib/ui';
import { useGetThreadsQuery } from '../api/messages';

const Item = styled(Link)`
  display: flex; gap: 12px; align-items: center; padding: 12px 16px; text-decoration: none; color: inherit;
  border-bottom: 1px solid ${(p) => p.theme.colors.border};
  &:last-child { border-bottom: 0; }
  &:hover { background: ${(p) => p.theme.colors.muted}; }
  .text { min-width: 0; flex: 1; }
  .last { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;
const refreshThreads = () => dispatchToPortal(socialApi.util.invalidateTags(['Threads']));

/** /messages (docs/product.md "Messages"): threads newest first with the latest message and unread count; search; New Message. */
export function ThreadsPage() {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const { data, isLoading, error } = useGetThreadsQuery({ q: q || undefined });
  useLiveEvent('message', refreshThreads);
  useLiveEvent('read', refreshThreads);
  useEffect(() => {
    if (error) toast({ title: 'Error fetching messages', description: errorMessage(error), variant: 'destructive' });
  }, [error]);
  return (
    <Narrow>
      <PageHead>
        <div>
          <h1>Messages</h1>
          <p>Your conversations, newest first.</p>
        </div>
        <Button as={Link} to="/messages/new">
          New Message
        </Button>
      </PageHead>
      <Input
        type="search"
        aria-label="Search conversations"
        placeholder="Search by name"
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
        style={{ marginBottom: 16 }}
      />
      {isLoading ? (
        <CenteredMessage role="status">
          <Spinner /> Loading conversations...
        </CenteredMessage>
      ) : !data ? (
        <Muted role="alert">Conversations could not be loaded. Please try again.</Muted>
      ) : data.threads.length === 0 ? (
        <CenteredMessage data-testid="no-threads">
          <div>
            <h2>{q ? 'No conversations found' : 'No Messages Yet'}</h2>
            <Muted>{q ? 'Try another name.' : 'Start a conversation with New Message.'}</Muted>
          </div>
        </CenteredMessage>
      ) : (
        <Card style={{ padding: 0, overflow: 'hidden' }}>
          {data.threads.map((t) => (
            <Item key={t.id} to={`/messages/${t.id}`} data-testid="thread">
              <Avatar src={t.partner.avatar_url} name={who(t.partner)} size={40} />
              <div className="text">
                <strong>{who(t.partner)}</strong>
                <Muted className="last">{t.last_message?.content ?? ''}</Muted>
              </div>
              <div style={{ textAlign: 'right' }}>
                <Muted as="div" style={{ fontSize: 12 }}>
                  {t.last_message ? localTime(t.last_message.at) : ''}
                </Muted>
                {t.unread_count > 0 && (
                  <Badge $kind="blue" data-testid="unread" aria-label={`${t.unread_count} unread`}>
                    {t.unread_count}
                  </Badge>
                )}
              </div>
            </Item>
          ))}
        </Card>
      )}
    </Narrow>
  );
}
