import type { Middleware, Reducer, Store, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { bindSessionStore } from '../session/manager';
import { sessionSlice, signedOut, type SessionState } from '../session/sessionSlice';

/**
 * One store for the whole portal, owned by the shell. Remotes add their RTK Query apis at load
 * time with `injectApi` (reducer injection + dynamic middleware). These module-level objects are
 * shared because shared-ui is a federation singleton.
 *
 * The store is hand-written, not Redux Toolkit's configureStore/combineSlices: it is on the first
 * load of every page, and RTK + immer (~15 KB gzip) are needed only by the remotes' RTK Query apis,
 * which load them (the shell's shared copy) with the remote. It is what those apis need of a store:
 * Redux's contract (getState, dispatch, subscribe), thunks, middleware added at run time and
 * reducers injected at run time. Only `import type` from RTK here.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}
export type PortalState = { session: SessionState } & Partial<LazyLoadedSlices> & Record<string, unknown>;
export type PortalDispatch = ThunkDispatch<PortalState, unknown, UnknownAction>;
export type PortalStore = Store<PortalState, UnknownAction> & { dispatch: PortalDispatch };

const INJECTED = '@@portal/INJECT';
const reducers: Record<string, Reducer> = { [sessionSlice.reducerPath]: sessionSlice.reducer as Reducer };
/** Stores created so far (the shell's one; a remote's standalone page its own). */
const stores = new Set<{ dispatch: (a: UnknownAction) => unknown }>();

function rootReduce(state: Record<string, unknown> | undefined, action: UnknownAction): PortalState {
  const prev = state ?? {};
  let next: Record<string, unknown> | null = null;
  for (const key of Object.keys(reducers)) {
    const s = reducers[key]!(prev[key], action);
    if (s !== prev[key]) (next ??= { ...prev })[key] = s;
  }
  return (next ?? prev) as PortalState;
}

export const rootReducer = {
  /** Adds a reducer under its reducerPath (once; an RTK slice or api fits); stores get its initial state at once. */
  inject(slice: { reducerPath: string; reducer: Reducer }) {
    if (reducers[slice.reducerPath] === slice.reducer) return;
    reducers[slice.reducerPath] = slice.reducer;
    for (const s of stores) s.dispatch({ type: INJECTED, payload: slice.reducerPath });
  },
};

type AnyMiddleware = Middleware<object, PortalState>;
const added: AnyMiddleware[] = [];
const listeners = new Set<(m: AnyMiddleware) => void>();
/** Middleware added at run time (RTK Query apis), after the store's own. */
export const dynamicMiddleware = {
  addMiddleware(...ms: AnyMiddleware[]) {
    for (const m of ms) {
      if (added.includes(m)) continue;
      added.push(m);
      for (const l of listeners) l(m);
    }
  },
};

/** RTK Query apis injected so far: their caches are cleared when the session ends. */
const injectedApis = new Set<InjectableApi>();
/** After sign-out, no cached data of the previous user may remain in the shared store. */
const clearCachesOnSignOut: AnyMiddleware = (api) => (next) => (action) => {
  const result = next(action);
  if (signedOut.match(action)) for (const a of injectedApis) if (a.util) api.dispatch(a.util.resetApiState());
  return result;
};

/**
 * RTK Query's own bookkeeping actions (a request started, answered, a component subscribed) carry this
 * flag (Redux Toolkit's SHOULD_AUTOBATCH). As Redux Toolkit's autoBatchEnhancer does, the store tells
 * its subscribers about them once per frame instead of once per action: each notification re-renders
 * the subscribed components synchronously (react-redux's useSyncExternalStore), and each one arriving
 * during a remote's first render, which React renders in slices, made React start that render again.
 * Any other action still notifies at once (and takes the pending changes with it).
 */
const AUTO_BATCHED = 'RTK_autoBatch';
const isAutoBatched = (action: unknown) => Boolean((action as { meta?: Record<string, unknown> }).meta?.[AUTO_BATCHED]);
/** The next animation frame, or 100 ms at most (a hidden tab runs no frames), as Redux Toolkit does. */
function queueForNextFrame(callback: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
    callback();
  };
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(once) : undefined;
  const timer = setTimeout(once, 100);
}

export function createPortalStore(): PortalStore {
  let state = rootReduce(undefined, { type: '@@portal/INIT' });
  const subscribers = new Set<() => void>();
  let reducing = false;
  let unnotifiedChange = false;
  const notify = () => {
    unnotifiedChange = false;
    for (const l of [...subscribers]) l();
  };
  const notifyOnNextFrame = () => {
    if (unnotifiedChange) return;
    unnotifiedChange = true;
    queueForNextFrame(() => unnotifiedChange && notify());
  };
  const base = (action: unknown) => {
    if (!action || typeof (action as UnknownAction).type !== 'string')
      throw new Error('Actions must be plain objects with a string type');
    if (reducing) throw new Error('Reducers may not dispatch actions.');
    reducing = true;
    let next: PortalState;
    try {
      next = rootReduce(state, action as UnknownAction);
    } finally {
      reducing = false;
    }
    if (next !== state) {
      state = next;
      if (isAutoBatched(action)) notifyOnNextFrame();
      else notify();
    }
    return action;
  };
  const getState = () => state;
  // dispatch -> thunk -> clearCachesOnSignOut -> dynamic middleware (in the order added) -> reducers
  let chain: (action: unknown) => unknown = base;
  const dispatch = ((action: unknown) => chain(action)) as PortalDispatch;
  const api = { getState, dispatch };
  const thunk = (next: (a: unknown) => unknown) => (action: unknown) =>
    typeof action === 'function'
      ? (action as (d: unknown, g: unknown, x: unknown) => unknown)(dispatch, getState, undefined)
      : next(action);
  // each middleware gets the store api once (RTK Query keeps its state in that closure)
  const instances = new Map<AnyMiddleware, ReturnType<AnyMiddleware>>();
  const rebuild = () => {
    let next: (a: unknown) => unknown = base;
    for (const m of [clearCachesOnSignOut, ...added].reverse()) {
      let withApi = instances.get(m);
      if (!withApi) instances.set(m, (withApi = m(api)));
      next = withApi(next) as (a: unknown) => unknown;
    }
    chain = thunk(next);
  };
  rebuild();
  listeners.add(rebuild);
  const store = {
    getState,
    dispatch,
    subscribe(listener: () => void) {
      subscribers.add(listener);
      return () => void subscribers.delete(listener);
    },
    replaceReducer() {
      throw new Error('replaceReducer is not supported: use rootReducer.inject');
    },
  } as unknown as PortalStore;
  stores.add(store);
  bindSessionStore(store);
  return store;
}

export interface InjectableApi {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
  /** present on RTK Query apis */
  util?: { resetApiState: () => UnknownAction };
}
/**
 * Dispatches an action or thunk (e.g. an RTK Query `util.prefetch`) to the portal's store from outside
 * React: a remote asks for its route's data while its module loads, so the page's first render has it
 * (one render instead of 'Loading' and then a second, blocking one).
 */
export function dispatchToPortal(action: unknown): void {
  for (const s of stores) s.dispatch(action as UnknownAction);
}

/** Injects an RTK Query api (or any slice with middleware) once; repeated calls are no-ops. */
export function injectApi<A extends InjectableApi>(api: A): A {
  rootReducer.inject({ reducerPath: api.reducerPath, reducer: api.reducer });
  dynamicMiddleware.addMiddleware(api.middleware as AnyMiddleware);
  injectedApis.add(api);
  return api;
}
