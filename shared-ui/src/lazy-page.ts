import {
  isValidElement,
  lazy,
  type ComponentType,
  type LazyExoticComponent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createRoutesFromChildren, matchRoutes } from 'react-router';

/**
 * A thenable that settles synchronously: React.lazy given one renders the module at once instead of
 * suspending (a native promise calls back a microtask later, so React would suspend once).
 */
export const settled = <T>(value: T) =>
  ({ then: (resolve: (v: T) => void) => resolve(value) }) as unknown as Promise<T>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound for any component
export type LazyPage<C extends ComponentType<any> = ComponentType<any>> = LazyExoticComponent<C> & {
  /** Loads the page's chunk now; once it has arrived, the page's first render does not suspend. */
  preload: () => Promise<void>;
};

/**
 * React.lazy for a page that a feature exports by name: `lazyPage(() => import('../features/users'), 'UsersPage')`
 * loads the chunk on the page's first render (the pattern of every remote's App and the shell's routes),
 * or earlier with `preload()`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound for any component
export function lazyPage<K extends string, C extends ComponentType<any>>(
  load: () => Promise<Record<K, C>>,
  name: K,
): LazyPage<C> {
  let component: C | undefined;
  let loading: Promise<C> | undefined;
  const start = () =>
    (loading ??= load().then(
      (m) => (component = m[name]),
      (err: unknown) => {
        loading = undefined; // a later render or preload asks again
        throw err;
      },
    ));
  const page = lazy(() => (component ? settled({ default: component }) : start().then((c) => ({ default: c }))));
  return Object.assign(page, { preload: () => start().then(() => undefined) });
}

/**
 * Starts loading the lazy pages of the route this visit opened on. `routes` is a `<Routes>` element
 * declared once at a module's top level and rendered from there. A remote's ./App module exports the
 * result as `ready`, and the shell renders the App once it has settled (shell/src/remotes/loader.ts);
 * the shell waits for its own before its first render (shell/src/bootstrap.tsx). So the page renders
 * with the first render. Otherwise its Suspense boundary would first commit its fallback, and React
 * holds a boundary's content back until 300 ms after its fallback appeared, however soon the chunk
 * arrives.
 */
export function openedPage(routes: ReactElement<{ children?: ReactNode }>): Promise<void> | undefined {
  const matched = matchRoutes(createRoutesFromChildren(routes.props.children), location.pathname) ?? [];
  const pages = matched.flatMap((m) => lazyPagesIn(m.route.element));
  // it settles either way: a page that failed to load is its own lazy load's to ask again and show
  const loaded = (page: LazyPage) => page.preload().catch(() => undefined);
  return pages.length ? Promise.all(pages.map(loaded)).then(() => undefined) : undefined;
}

/** The lazy pages in a route's element, wrappers included (`<Guard><Page /></Guard>`). */
function lazyPagesIn(node: ReactNode): LazyPage[] {
  if (Array.isArray(node)) return node.flatMap(lazyPagesIn);
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  return [...(isLazyPage(node.type) ? [node.type] : []), ...lazyPagesIn(node.props.children)];
}

const isLazyPage = (type: unknown): type is LazyPage =>
  typeof type === 'object' && type !== null && typeof (type as Partial<LazyPage>).preload === 'function';
