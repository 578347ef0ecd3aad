import { useEffect, useState } from 'react';
import { apiFetch, onLive, onLiveReady, startLive, useSession } from '@portal/shared-ui';

const afterFirstPaint = (fn: () => void) =>
  (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 200)) as number;

/**
 * The header's count of unread messages (issue 17), kept live: the portal's socket opens once the
 * user is signed in (after the page's first paint: nothing on it needs the socket), and the count is
 * asked again on each live message or read event and after each reconnect.
 */
export function useUnreadMessages(): number {
  const session = useSession();
  const userId = session.status === 'signedIn' ? session.user?.id : undefined;
  const [count, setCount] = useState(0);
  useEffect(() => {
    setCount(0);
    if (!userId) return;
    let mounted = true;
    const load = () => void apiFetch<{ unread_total: number }>('/api/messages/unread').then((r) => mounted && setCount(r.unread_total), () => {});
    const handle = afterFirstPaint(() => { startLive(); load(); });
    const stops = [onLive('message', load), onLive('read', load), onLiveReady(load)];
    return () => {
      mounted = false;
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(handle); else clearTimeout(handle);
      for (const stop of stops) stop();
    };
  }, [userId]);
  return count;
}
