import { useEffect, useState } from 'react';
import { onLive, onLiveReady, startLive, useSession } from '@portal/shared-ui';

const afterFirstPaint = (fn: () => void) =>
  (typeof requestIdleCallback === 'function'
    ? requestIdleCallback(fn, { timeout: 2000 })
    : setTimeout(fn, 200)) as number;

/**
 * A header count kept live (unread messages, unread notifications): the portal's socket opens once
 * the user is signed in, after the page's first paint (nothing on it needs the socket), and `read`
 * asks the count then, again on each of the socket's `events` and after each reconnect (what came
 * while the socket was down is counted). 0 when signed out. `set` takes a count an answer gave.
 */
export function useLiveCount(read: () => Promise<number>, events: string[]): [number, (n: number) => void] {
  const session = useSession();
  const userId = session.status === 'signedIn' ? session.user?.id : undefined;
  const [count, setCount] = useState(0);
  const eventKey = events.join(' ');
  useEffect(() => {
    setCount(0);
    if (!userId) return;
    let mounted = true;
    const load = () =>
      void read().then(
        (n) => mounted && setCount(n),
        () => {},
      );
    const handle = afterFirstPaint(() => {
      startLive();
      load();
    });
    const stops = [...eventKey.split(' ').map((type) => onLive(type, load)), onLiveReady(load)];
    return () => {
      mounted = false;
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(handle);
      else clearTimeout(handle);
      for (const stop of stops) stop();
    };
  }, [userId, read, eventKey]);
  return [count, setCount];
}
