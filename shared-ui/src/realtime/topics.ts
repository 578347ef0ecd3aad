import { useEffect, useRef } from 'react';
import { dispatchToPortal } from '../store';
import { onLive, onLiveReady, sendLive } from './live';

/**
 * Live pages (api/src/platform/realtime/topics.ts; docs/decisions.md "Live pages"): a page watches the
 * topics of the objects it shows ('contract:<id>', 'admin:tickets') and reads them again through RTK
 * Query (its cache tags) when the server says one changed. The server answers each watch with
 * 'watching' once the socket hears the topic, and the page reads again then too: that covers what
 * changed between the page's first read and the watch, and after a reconnect (the watches are sent
 * again on every 'ready') everything missed while the socket was down. The page shows what the
 * database holds, each item once, whatever events were lost.
 */
const refreshers = new Map<string, Set<() => void>>();
/** Topics a frame may carry (the server's limit). */
const FRAME_TOPICS = 8;

function refresh(topic: unknown) {
  for (const r of refreshers.get(String(topic)) ?? []) r();
}
function send(type: 'watch' | 'unwatch', topics: string[]) {
  for (let i = 0; i < topics.length; i += FRAME_TOPICS) sendLive({ type, topics: topics.slice(i, i + FRAME_TOPICS) });
}
onLive('topic', (e) => refresh(e.topic));
onLive('watching', (e) => refresh(e.topic));
onLiveReady(() => send('watch', [...refreshers.keys()]));

/** `fn` runs on each change of `topic` (and once it is watched); the returned function stops it. */
function watchTopic(topic: string, fn: () => void): () => void {
  let set = refreshers.get(topic);
  if (!set) {
    refreshers.set(topic, (set = new Set()));
    send('watch', [topic]); // dropped while the socket is down: 'ready' sends every watched topic
  }
  set.add(fn);
  return () => {
    set.delete(fn);
    if (set.size > 0) return;
    refreshers.delete(topic);
    send('unwatch', [topic]);
  };
}

/** An RTK Query api, as far as invalidating its tags goes. */
interface TaggedApi<Tag> {
  util: { invalidateTags(tags: Tag[]): unknown };
}

/**
 * While mounted, the page reads `tags` of `api` again whenever one of `topics` changes (a null topic,
 * e.g. before the id is known, is skipped).
 */
export function useLiveTopics<Tag>(topics: (string | null | undefined)[], api: TaggedApi<Tag>, tags: Tag[]) {
  const invalidate = useRef(() => {});
  invalidate.current = () => dispatchToPortal(api.util.invalidateTags(tags));
  const key = topics.filter(Boolean).join(' ');
  useEffect(() => {
    if (!key) return undefined;
    const stops = key.split(' ').map((topic) => watchTopic(topic, () => invalidate.current()));
    return () => {
      for (const stop of stops) stop();
    };
  }, [key]);
}
