import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { bindSessionStore } from '../session/manager';
import { sessionSlice, signedOut } from '../session/sessionSlice';

/**
 * One store for the whole portal, owned by the shell. Remotes add their RTK Query apis at load
 * time with `injectApi` (combineSlices(...).inject + dynamic middleware). These module-level
 * objects are shared because shared-ui is a federation singleton.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}
export const rootReducer = combineSlices(sessionSlice).withLazyLoadedSlices<LazyLoadedSlices>();
export const dynamicMiddleware = createDynamicMiddleware();

/** RTK Query apis injected so far: their caches are cleared when the session ends. */
const injectedApis = new Set<InjectableApi>();
/** After sign-out, no cached data of the previous user may remain in the shared store. */
const clearCachesOnSignOut: Middleware = (api) => (next) => (action) => {
  const result = next(action);
  if (signedOut.match(action)) for (const a of injectedApis) if (a.util) api.dispatch(a.util.resetApiState());
  return result;
};

export function createPortalStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(clearCachesOnSignOut, dynamicMiddleware.middleware),
  });
  bindSessionStore(store);
  return store;
}
export type PortalStore = ReturnType<typeof createPortalStore>;
export type PortalState = ReturnType<PortalStore['getState']>;

export interface InjectableApi {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
  /** present on RTK Query apis */
  util?: { resetApiState: () => UnknownAction };
}
/** Injects an RTK Query api (or any slice with middleware) once; repeated calls are no-ops. */
export function injectApi<A extends InjectableApi>(api: A): A {
  rootReducer.inject({ reducerPath: api.reducerPath, reducer: api.reducer } as never);
  dynamicMiddleware.addMiddleware(api.middleware);
  injectedApis.add(api);
  return api;
}
