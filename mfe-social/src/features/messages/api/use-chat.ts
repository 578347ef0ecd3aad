import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFetch, onLive, onLiveReady, sendLive, type ApiResponse } from '@portal/shared-ui';
import type { Message, SentAnswer } from './messages';

type Page = ApiResponse<'/api/messages/threads/{id}/messages', 'get'>;
/** A message on screen: stored (seq) or still on its way (pending, kept under its client id until stored). */
export type ChatMessage = Message & { pending?: boolean; failed?: boolean };
const TYPING_SHOWN_MS = 5000;
const TYPING_EVERY_MS = 2000;

/** Adds messages by seq, each once, in seq order; a stored message replaces its pending copy. */
function merge(list: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byKey = new Map(list.map((m) => [m.client_message_id, m]));
  for (const m of incoming) byKey.set(m.client_message_id, m);
  return [...byKey.values()].sort((a, b) => (a.pending ? Infinity : a.seq) - (b.pending ? Infinity : b.seq));
}

/**
 * One chat, live: the latest page, older pages on demand, and after every live event or
 * reconnect what came after the last seq shown, from PostgreSQL (so nothing is lost, doubled or
 * reordered). Sending is idempotent by a client message id, retried with the same id. Also the
 * partner's typing (expires by itself), presence and read position.
 */
export function useChat(
  threadId: string | null,
  partnerId: string | undefined,
  onFirstSent: (threadId: string) => void,
) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [loaded, setLoaded] = useState(!threadId);
  const [typingUntil, setTypingUntil] = useState(0);
  const [online, setOnline] = useState<boolean | null>(null);
  const [partnerRead, setPartnerRead] = useState(0);
  const lastSeq = useRef(0);
  const catching = useRef<Promise<void> | null>(null);

  const take = useCallback((page: ChatMessage[]) => {
    for (const m of page) if (!m.pending && m.seq > lastSeq.current) lastSeq.current = m.seq;
    setMessages((list) => merge(list, page));
  }, []);
  /** A page from the server: its messages and the partner's read position (so "Read" survives a reload). */
  const takePage = useCallback(
    (page: Page) => {
      take(page.messages);
      setPartnerRead((s) => Math.max(s, page.partner_read_seq));
    },
    [take],
  );

  /** Everything after the last seq shown (one catch-up at a time; a second request waits for it). */
  const catchUp = useCallback(async () => {
    if (!threadId) return;
    while (catching.current) await catching.current;
    catching.current = (async () => {
      for (let more = true; more;) {
        const page = await apiFetch<Page>({
          url: `messages/threads/${threadId}/messages`,
          params: { after: lastSeq.current },
        });
        takePage(page);
        more = page.has_more;
      }
    })().finally(() => {
      catching.current = null;
    });
    await catching.current;
  }, [threadId, takePage]);

  useEffect(() => {
    if (!threadId) return;
    let live = true;
    lastSeq.current = 0;
    setMessages([]);
    setPartnerRead(0);
    void apiFetch<Page>(`messages/threads/${threadId}/messages`).then((page) => {
      if (!live) return;
      takePage(page);
      setHasOlder(page.has_more);
      setLoaded(true);
    });
    const stops = [
      onLive('message', (e) => {
        if (e.thread_id === threadId) void catchUp();
      }),
      onLive('typing', (e) => {
        if (e.thread_id === threadId && e.user_id === partnerId)
          setTypingUntil(e.typing ? Date.now() + TYPING_SHOWN_MS : 0);
      }),
      onLive('read', (e) => {
        if (e.thread_id === threadId && e.user_id === partnerId) setPartnerRead((s) => Math.max(s, Number(e.seq)));
      }),
      onLive('presence', (e) => {
        if (e.user_id === partnerId) setOnline(Boolean(e.online));
      }),
      // after every (re)connect: what was sent meanwhile, and the partner's presence again
      onLiveReady(() => {
        void catchUp();
        sendLive({ type: 'presence.watch', thread_id: threadId });
      }),
    ];
    return () => {
      live = false;
      for (const s of stops) s();
    };
  }, [threadId, partnerId, catchUp, takePage]);

  // the typing indicator goes by itself when no new {typing:true} comes (a stop that never arrives)
  useEffect(() => {
    if (!typingUntil) return;
    const t = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => clearTimeout(t);
  }, [typingUntil]);

  const loadOlder = useCallback(async () => {
    const first = messages.find((m) => !m.pending);
    if (!threadId || !first) return;
    const page = await apiFetch<Page>({ url: `messages/threads/${threadId}/messages`, params: { before: first.seq } });
    takePage(page);
    setHasOlder(page.has_more);
  }, [threadId, messages, takePage]);

  const send = useCallback(
    async (content: string, me: string, retryOf?: ChatMessage) => {
      const pending: ChatMessage = retryOf ?? {
        id: crypto.randomUUID(),
        thread_id: threadId ?? '',
        seq: 0,
        sender_id: me,
        content,
        client_message_id: crypto.randomUUID(),
        created_at: new Date().toISOString(),
        pending: true,
      };
      setMessages((list) => merge(list, [{ ...pending, pending: true, failed: false }]));
      const body = { content, client_message_id: pending.client_message_id };
      try {
        if (threadId) {
          take([
            (
              await apiFetch<{ message: Message }>({
                url: `messages/threads/${threadId}/messages`,
                method: 'POST',
                body,
              })
            ).message,
          ]);
        } else {
          const first = await apiFetch<SentAnswer>({ url: `messages/with/${partnerId}`, method: 'POST', body });
          take([first.message]);
          onFirstSent(first.thread_id);
        }
      } catch (err) {
        setMessages((list) => merge(list, [{ ...pending, pending: true, failed: true }]));
        throw err;
      }
    },
    [threadId, partnerId, take, onFirstSent],
  );

  const lastTyping = useRef(0);
  const typing = useCallback(
    (active: boolean) => {
      if (!threadId) return;
      if (active && Date.now() - lastTyping.current < TYPING_EVERY_MS) return;
      lastTyping.current = active ? Date.now() : 0;
      sendLive({ type: 'typing', thread_id: threadId, typing: active });
    },
    [threadId],
  );

  return {
    messages,
    hasOlder,
    loaded,
    loadOlder,
    send,
    typing,
    partnerTyping: typingUntil > 0,
    online,
    partnerRead,
    lastSeq,
  };
}
