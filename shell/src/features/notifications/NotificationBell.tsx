import { Suspense, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { lazyPage, media, Spinner } from '@portal/shared-ui';
import { Hidden } from './hidden';
import { useUnreadNotifications } from './useUnreadNotifications';

// The list is its own chunk, loaded when the bell is first opened, or hovered or focused: then the
// panel opens with its list at once (a lazy component that suspends shows its fallback for 300 ms
// at least, React's throttle, however soon the chunk arrives).
const NotificationPanel = lazyPage(
  () => import(/* webpackChunkName: "notifications" */ './NotificationPanel'),
  'default',
);

// The badge sits beside the button, not in it: the button's name is "Notifications" and holds no visible
// text that its name lacks (axe label-content-name-mismatch); the count is read from aria-describedby.
const Wrap = styled.div`
  position: relative;
  .count { position: absolute; top: -2px; right: -4px; min-width: 18px; height: 18px; padding: 0 5px; border-radius: 999px; pointer-events: none;
    background: ${(p) => p.theme.colors.destructive}; color: #fff; font-size: 11px; font-weight: 700; line-height: 18px; text-align: center; }
`;
const Bell = styled.button`
  position: relative; display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px; border-radius: 50%;
  border: 0; background: none; cursor: pointer; color: ${(p) => p.theme.colors.mutedForeground};
  &:hover, &[aria-expanded='true'] { background: ${(p) => p.theme.colors.muted}; }
`;
const Panel = styled.div`
  position: fixed; z-index: 50; top: 64px; left: 8px; right: 8px; max-height: min(70vh, 560px); display: flex; flex-direction: column;
  background: ${(p) => p.theme.colors.background}; border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.md}; box-shadow: ${(p) => p.theme.shadow.md};
  ${media.md} { position: absolute; top: calc(100% + 8px); left: auto; right: 0; width: 380px; }
  > .loading { display: flex; justify-content: center; padding: 24px; }
`;

/** The header's bell: the live unread count, and the list in a panel under it. */
export function NotificationBell() {
  const [unread, setUnread] = useUnreadNotifications();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <Wrap ref={ref}>
      <Bell
        type="button"
        aria-label="Notifications"
        aria-describedby="notifications-unread"
        aria-expanded={open}
        aria-haspopup="dialog"
        data-testid="notifications-bell"
        onClick={() => setOpen((o) => !o)}
        onPointerEnter={() => void NotificationPanel.preload().catch(() => undefined)}
        onFocus={() => void NotificationPanel.preload().catch(() => undefined)}
      >
        <svg
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
      </Bell>
      {unread > 0 && (
        <span className="count" aria-hidden data-testid="notifications-unread">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
      <Hidden id="notifications-unread">{unread > 0 ? `${unread} unread` : 'No unread notifications'}</Hidden>
      {open && (
        <Panel role="dialog" aria-label="Notifications" data-testid="notifications-panel">
          <Suspense
            fallback={
              <div className="loading">
                <Spinner role="status" aria-label="Loading notifications" />
              </div>
            }
          >
            <NotificationPanel unread={unread} onUnread={setUnread} onClose={() => setOpen(false)} />
          </Suspense>
        </Panel>
      )}
    </Wrap>
  );
}
