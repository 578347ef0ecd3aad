import { useEffect, useState } from 'react';
import { API_BASE } from '../session/authClient';
import { getAccessToken, onAccessToken, refreshSession } from '../session/manager';

/**
 * The portal's one live socket (api/src/platform/realtime/sockets.ts), shared by the shell and every
 * remote (shared-ui is a federation singleton). It says that something is new; the screens read it
 * over HTTP. So after every (re)connect, `onReady` listeners catch up from the database (e.g. the
 * messages after their last seq): nothing sent while the socket was down is lost.
 *
 * Open while the user is signed in (the shell calls `startLive`); authenticated with the access
 * token in the first frame and again with every refreshed token; a 4001 close (expired or ended
 * session) refreshes the session before reconnecting. Reconnects after 1, 2, 5, then every 10 s.
 */
export interface LiveEvent {
  type: string;
  [key: string]: unknown;
}
export type LiveStatus = 'off' | 'connecting' | 'live';
const DELAYS_MS = [1000, 2000, 5000, 10_000];
const UNAUTHENTICATED = 4001;

type Listener<T> = Set<(value: T) => void>;
const events = new Map<string, Listener<LiveEvent>>();
const readyListeners: Listener<void> = new Set();
const statusListeners: Listener<LiveStatus> = new Set();
let socket: WebSocket | undefined;
let status: LiveStatus = 'off';
let wanted = false;
let attempt = 0;
let retry: ReturnType<typeof setTimeout> | undefined;

function setStatus(next: LiveStatus) {
  status = next;
  for (const l of statusListeners) l(next);
}

function url() {
  const base = new URL(`${API_BASE}/realtime`, location.href);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  return base.href;
}

function connect() {
  clearTimeout(retry);
  const token = getAccessToken();
  if (!wanted || !token || socket) return;
  setStatus('connecting');
  const ws = new WebSocket(url());
  socket = ws;
  ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: getAccessToken() ?? token }));
  ws.onmessage = (m) => {
    let e: LiveEvent;
    try {
      e = JSON.parse(String(m.data)) as LiveEvent;
    } catch {
      return;
    }
    if (e.type === 'ready') {
      const first = status !== 'live';
      attempt = 0;
      setStatus('live');
      if (first) for (const l of readyListeners) l();
      return;
    }
    for (const l of events.get(e.type) ?? []) l(e);
  };
  ws.onclose = (c) => {
    if (socket !== ws) return;
    socket = undefined;
    setStatus('off');
    // an ended session (a log out here or elsewhere): no refresh from here, which would race the log
    // out's own navigation; the session manager finds out on its own and a new sign-in reconnects
    if (!wanted || (c.code === UNAUTHENTICATED && c.reason === 'session ended')) return;
    const delay = DELAYS_MS[Math.min(attempt++, DELAYS_MS.length - 1)]!;
    // an expired or ended session: a fresh token first (a signed-out result stops here)
    const before = c.code === UNAUTHENTICATED ? refreshSession().catch(() => null) : Promise.resolve(getAccessToken());
    void before.then(() => {
      retry = setTimeout(connect, delay);
    });
  };
}

let stopTokenWatch: (() => void) | undefined;
/** The shell starts it once the session is known; it follows the session from then on. */
export function startLive() {
  if (stopTokenWatch) return;
  wanted = true;
  stopTokenWatch = onAccessToken((token) => {
    if (!token) return void socket?.close(1000, 'signed out');
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'auth', token }));
    else connect();
  });
  connect();
}

/** Sends a frame if the socket is live (else dropped: senders re-send what matters in `onReady`). */
export function sendLive(frame: LiveEvent): boolean {
  if (status !== 'live' || socket?.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(frame));
  return true;
}

function listen<T>(set: Listener<T>, fn: (value: T) => void): () => void {
  set.add(fn);
  return () => {
    set.delete(fn);
  };
}
/** `fn` for each event of this type. */
export function onLive(type: string, fn: (e: LiveEvent) => void): () => void {
  if (!events.has(type)) events.set(type, new Set());
  return listen(events.get(type)!, fn);
}
/** `fn` after each (re)connect: catch up from the database, re-send watches. Called at once when already live. */
export function onLiveReady(fn: () => void): () => void {
  if (status === 'live') fn();
  return listen(readyListeners, fn);
}

/** A component's subscription to one event type, for as long as it is mounted. */
export function useLiveEvent(type: string, fn: (e: LiveEvent) => void) {
  useEffect(() => onLive(type, fn), [type, fn]);
}
/** The socket's state, e.g. to say "Reconnecting..." in a chat. */
export function useLiveStatus(): LiveStatus {
  const [s, set] = useState(status);
  useEffect(() => listen(statusListeners, set), []);
  return s;
}
