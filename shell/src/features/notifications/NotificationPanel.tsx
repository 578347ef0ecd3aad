import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, formatDateTime, Link, onLive, Spinner } from '@portal/shared-ui';
import { fetchPage, markAllRead, markRead, type NotificationEntry } from './api';
import { Hidden } from './hidden';

const Head = styled.div`
  display: flex; align-items: center; justify-content: space-between; gap: 8px; padding: 10px 12px;
  border-bottom: 1px solid ${(p) => p.theme.colors.border};
  h2 { margin: 0; font-size: 15px; }
`;
const List = styled.ul`list-style: none; margin: 0; padding: 4px; overflow-y: auto; flex: 1;`;
const Entry = styled(Link)<{ $unread: boolean }>`
  display: grid; grid-template-columns: 10px 1fr; gap: 8px; padding: 10px 8px; border-radius: ${(p) => p.theme.radius.sm};
  text-decoration: none; color: inherit; font-size: 14px; line-height: 1.4; overflow-wrap: anywhere;
  &:hover, &:focus-visible { background: ${(p) => p.theme.colors.muted}; }
  .dot { width: 8px; height: 8px; margin-top: 6px; border-radius: 50%; background: ${(p) => (p.$unread ? p.theme.colors.primary : 'transparent')}; }
  strong { font-weight: ${(p) => (p.$unread ? 600 : 400)}; }
  time { display: block; margin-top: 2px; font-size: 12px; color: ${(p) => p.theme.colors.mutedForeground}; }
`;
const Note = styled.div`padding: 24px 16px; text-align: center; color: ${(p) => p.theme.colors.mutedForeground}; font-size: 14px;
  display: flex; flex-direction: column; align-items: center; gap: 10px;`;
const Foot = styled.div`padding: 8px; border-top: 1px solid ${(p) => p.theme.colors.border}; display: flex; justify-content: center;`;

interface Props {
  unread: number;
  onUnread: (n: number) => void;
  onClose: () => void;
}
type State =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: NotificationEntry[]; next: string | null };

const merge = (fresh: NotificationEntry[], old: NotificationEntry[]) => {
  const known = new Set(old.map((n) => n.id));
  return [...fresh.filter((n) => !known.has(n.id)), ...old];
};

/** The bell's list (a lazy chunk): newest first, "Show more" pages on, new entries arrive live. */
export default function NotificationPanel({ unread, onUnread, onClose }: Props) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [more, setMore] = useState<'idle' | 'loading' | 'error'>('idle');

  const loadFirst = useCallback(() => {
    setState({ status: 'loading' });
    fetchPage(null).then(
      (p) => {
        setState({ status: 'ready', items: p.notifications, next: p.next_cursor });
        onUnread(p.unread);
      },
      () => setState({ status: 'error' }),
    );
  }, [onUnread]);
  useEffect(loadFirst, [loadFirst]);

  // a new entry while the list is open joins it at the top (the page's newest; what was shown stays)
  useEffect(
    () =>
      onLive('notification', () => {
        void fetchPage(null).then(
          (p) => setState((s) => (s.status === 'ready' ? { ...s, items: merge(p.notifications, s.items) } : s)),
          () => {},
        );
      }),
    [],
  );

  const showMore = (cursor: string) => {
    setMore('loading');
    fetchPage(cursor).then(
      (p) => {
        setState((s) =>
          s.status === 'ready'
            ? {
                status: 'ready',
                items: [...s.items, ...p.notifications.filter((n) => !s.items.some((o) => o.id === n.id))],
                next: p.next_cursor,
              }
            : s,
        );
        setMore('idle');
      },
      () => setMore('error'),
    );
  };
  const readOne = (n: NotificationEntry) => {
    onClose();
    if (!n.read)
      void markRead(n.id).then(
        (r) => onUnread(r.unread),
        () => {},
      );
  };
  const readAll = () => {
    void markAllRead().then(
      (r) => {
        onUnread(r.unread);
        setState((s) => (s.status === 'ready' ? { ...s, items: s.items.map((n) => ({ ...n, read: true })) } : s));
      },
      () => {},
    );
  };

  return (
    <>
      <Head>
        <h2>Notifications</h2>
        <Button type="button" $size="sm" $variant="ghost" disabled={unread === 0} onClick={readAll}>
          Mark all as read
        </Button>
      </Head>
      {state.status === 'loading' && (
        <Note>
          <Spinner role="status" aria-label="Loading notifications" />
        </Note>
      )}
      {state.status === 'error' && (
        <Note role="alert">
          Notifications could not be loaded.
          <Button type="button" $size="sm" $variant="outline" onClick={loadFirst}>
            Try again
          </Button>
        </Note>
      )}
      {state.status === 'ready' && state.items.length === 0 && <Note>No notifications yet.</Note>}
      {state.status === 'ready' && state.items.length > 0 && (
        <List data-testid="notifications-list">
          {state.items.map((n) => (
            <li key={n.id}>
              <Entry to={n.link} $unread={!n.read} onClick={() => readOne(n)} data-unread={!n.read || undefined}>
                <span className="dot" aria-hidden />
                <span>
                  <strong>{n.text}</strong>
                  {!n.read && <Hidden> (unread)</Hidden>}
                  <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
                </span>
              </Entry>
            </li>
          ))}
        </List>
      )}
      {state.status === 'ready' && state.next && (
        <Foot>
          <Button
            type="button"
            $size="sm"
            $variant="outline"
            disabled={more === 'loading'}
            onClick={() => showMore(state.next!)}
          >
            {more === 'loading' ? 'Loading…' : more === 'error' ? 'Could not load more. Try again' : 'Show more'}
          </Button>
        </Foot>
      )}
    </>
  );
}
