import { useCallback, useEffect, useState } from 'react';
import { onLive, onLiveReady, useSession } from '@portal/shared-ui';
import { fetchUnread } from './api';

const afterFirstPaint = (fn: () => void) =>
  (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 200)) as number;

/**
 * The bell's unread count, kept live: asked after the first paint, again on each 'notification'
 * event of the portal's socket (only the user's own reach it) and after every reconnect, so a
 * notification written while the socket was down is counted. `set` takes the count a mark-read answered.
 */
export function useUnreadNotifications(): [number, (n: number) => void] {
  const session = useSession();
  const userId = session.status === 'signedIn' ? session.user?.id : undefined;
  const [count, setCount] = useState(0);
  useEffect(() => {
    setCount(0);
    if (!userId) return;
    let mounted = true;
    const load = () => void fetchUnread().then((r) => mounted && setCount(r.unread), () => {});
    const handle = afterFirstPaint(load);
    const stops = [onLive('notification', load), onLiveReady(load)];
    return () => {
      mounted = false;
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(handle); else clearTimeout(handle);
      for (const stop of stops) stop();
    };
  }, [userId]);
  return [count, useCallback((n: number) => setCount(n), [])];
}
