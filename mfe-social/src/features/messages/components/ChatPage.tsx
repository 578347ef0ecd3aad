import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import {
  Avatar,
  Button,
  CenteredMessage,
  Link,
  Spinner,
  Textarea,
  apiFetch,
  errorMessage,
  toast,
  useLiveStatus,
  useNavigate,
  useParams,
  useSession,
  readFailure,
} from '@portal/shared-ui';
import { Back, Muted, Narrow, Row, localTime, who } from '../../../lib/ui';
import { useChatWithQuery, useGetThreadQuery } from '../api/messages';
import { useChat, type ChatMessage } from '../api/use-chat';

const Box = styled.div`display: flex; flex-direction: column; height: calc(100dvh - 200px); min-height: 360px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: 12px; overflow: hidden; background: ${(p) => p.theme.colors.background};`;
const Head = styled.div`display: flex; gap: 12px; align-items: center; padding: 12px 16px; border-bottom: 1px solid ${(p) => p.theme.colors.border};`;
const List = styled.ol`flex: 1; overflow-y: auto; margin: 0; padding: 16px; list-style: none; display: flex; flex-direction: column; gap: 8px;`;
const Bubble = styled.li<{ $mine: boolean }>`
  align-self: ${(p) => (p.$mine ? 'flex-end' : 'flex-start')}; max-width: 78%;
  background: ${(p) => (p.$mine ? p.theme.colors.primary : p.theme.colors.muted)}; color: ${(p) => (p.$mine ? '#fff' : 'inherit')};
  padding: 8px 12px; border-radius: 14px; white-space: pre-wrap; overflow-wrap: anywhere;
  small { display: block; opacity: .75; font-size: 11px; margin-top: 2px; }
`;
const Composer = styled.form`display: flex; gap: 8px; padding: 12px; border-top: 1px solid ${(p) => p.theme.colors.border}; textarea { min-height: 44px; resize: none; }`;

function Thread({
  threadId,
  partner,
  onFirstSent,
}: {
  threadId: string | null;
  partner: { id: string; full_name: string | null; username: string | null; avatar_url: string | null };
  onFirstSent: (id: string) => void;
}) {
  const me = useSession().user?.id ?? '';
  const status = useLiveStatus();
  const chat = useChat(threadId, partner.id, onFirstSent);
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const readSent = useRef(0);

  // keep the newest message in view unless the reader scrolled up
  useLayoutEffect(() => {
    if (stick.current && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [chat.messages.length, chat.partnerTyping]);
  // read receipt: what is on screen while the page is visible
  useEffect(() => {
    const seq = chat.lastSeq.current;
    if (!threadId || seq <= readSent.current || document.visibilityState !== 'visible') return;
    readSent.current = seq;
    void apiFetch({ url: `messages/threads/${threadId}/read`, method: 'POST', body: { seq } }).catch(() => {
      readSent.current = 0;
    });
  }, [chat.messages, threadId, chat.lastSeq]);

  const onScroll = () => {
    const el = list.current!;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    if (el.scrollTop < 40 && chat.hasOlder) {
      const before = el.scrollHeight;
      void chat.loadOlder().then(() =>
        requestAnimationFrame(() => {
          el.scrollTop += el.scrollHeight - before;
        }),
      );
    }
  };
  const send = async (content: string, retryOf?: ChatMessage) => {
    try {
      await chat.send(content, me, retryOf);
    } catch (err) {
      toast({
        title: 'Error sending message',
        description: threadId ? errorMessage(err) : 'Failed to create new chat thread.',
        variant: 'destructive',
      });
    }
  };
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const content = text.trim();
    if (!content) return;
    setText('');
    stick.current = true;
    chat.typing(false);
    void send(content);
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      submit();
    }
  };
  const lastMine = [...chat.messages].reverse().find((m) => m.sender_id === me && !m.pending);
  const profile = partner.username ? `/user/${partner.username}` : `/profile/${partner.id}`;
  return (
    <Box>
      <Head>
        <Avatar src={partner.avatar_url} name={who(partner)} size={40} />
        <div style={{ minWidth: 0 }}>
          <Link to={profile} style={{ fontWeight: 600 }}>
            {who(partner)}
          </Link>
          <Muted data-testid="presence">
            {chat.partnerTyping ? 'typing…' : chat.online === null ? '' : chat.online ? 'Online' : 'Offline'}
          </Muted>
        </div>
        {status !== 'live' && (
          <Muted role="status" style={{ marginLeft: 'auto' }}>
            Reconnecting…
          </Muted>
        )}
      </Head>
      <List
        ref={list}
        onScroll={onScroll}
        aria-label={`Conversation with ${who(partner)}`}
        aria-live="polite"
        data-testid="chat"
      >
        {chat.hasOlder && (
          <li style={{ alignSelf: 'center' }}>
            <Button type="button" $size="sm" $variant="ghost" onClick={() => void chat.loadOlder()}>
              Load older messages
            </Button>
          </li>
        )}
        {!chat.loaded ? (
          <li>
            <Muted role="status">Loading messages...</Muted>
          </li>
        ) : (
          chat.messages.length === 0 && (
            <li>
              <Muted>No messages yet. Say hello!</Muted>
            </li>
          )
        )}
        {chat.messages.map((m) => (
          <Bubble
            key={m.client_message_id}
            $mine={m.sender_id === me}
            data-testid="message"
            data-seq={m.pending ? undefined : m.seq}
          >
            {m.content}
            <small>
              {m.pending ? (
                m.failed ? (
                  <>
                    Not sent ·{' '}
                    <button
                      type="button"
                      onClick={() => void send(m.content, m)}
                      style={{
                        color: 'inherit',
                        background: 'none',
                        border: 0,
                        textDecoration: 'underline',
                        cursor: 'pointer',
                        padding: 0,
                      }}
                    >
                      Retry
                    </button>
                  </>
                ) : (
                  'Sending…'
                )
              ) : (
                localTime(m.created_at)
              )}
              {m === lastMine && chat.partnerRead >= m.seq && ' · Read'}
            </small>
          </Bubble>
        ))}
      </List>
      <Composer onSubmit={submit}>
        <Textarea
          aria-label="Message"
          placeholder="Write a message"
          rows={1}
          maxLength={4000}
          value={text}
          onKeyDown={onKey}
          onChange={(e) => {
            setText(e.target.value);
            chat.typing(Boolean(e.target.value));
          }}
          onBlur={() => chat.typing(false)}
        />
        <Button type="submit" disabled={!text.trim()}>
          Send
        </Button>
      </Composer>
    </Box>
  );
}

const loadFailed = (description: string) => toast({ title: 'Error loading chat', description, variant: 'destructive' });

/** /messages/{threadId}: a chat. Errors return to /messages (docs/product.md "Messages"). */
export function ChatPage() {
  const { threadId = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, isLoading } = useGetThreadQuery(threadId);
  useEffect(() => {
    if (!error) return;
    loadFailed(readFailure(error, 'Thread not found.'));
    navigate('/messages');
  }, [error, navigate]);
  const noop = useCallback(() => {}, []);
  if (isLoading || !data)
    return (
      <CenteredMessage role="status">
        <Spinner /> Loading chat...
      </CenteredMessage>
    );
  return (
    <Narrow>
      <Back to="/messages">← Back to Messages</Back>
      <Thread threadId={threadId} partner={data.thread.partner} onFirstSent={noop} />
    </Narrow>
  );
}

/** /messages/new/{userId}: the pair's thread if there is one, else an empty chat whose first message creates it (the address becomes /messages/{id}). */
export function NewChatPage() {
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, isLoading } = useChatWithQuery(userId);
  useEffect(() => {
    if (data?.thread_id) navigate(`/messages/${data.thread_id}`, { replace: true });
  }, [data, navigate]);
  useEffect(() => {
    if (!error) return;
    loadFailed(readFailure(error, 'Recipient not found.'));
    navigate('/messages');
  }, [error, navigate]);
  const onFirstSent = useCallback((id: string) => navigate(`/messages/${id}`, { replace: true }), [navigate]);
  if (isLoading || !data || data.thread_id)
    return (
      <CenteredMessage role="status">
        <Spinner /> Loading chat...
      </CenteredMessage>
    );
  return (
    <Narrow>
      <Back to="/messages">← Back to Messages</Back>
      <Row style={{ marginBottom: 8 }}>
        <Muted>New conversation</Muted>
      </Row>
      <Thread threadId={null} partner={data.partner} onFirstSent={onFirstSent} />
    </Narrow>
  );
}
