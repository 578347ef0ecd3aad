import { lazy, type ComponentType, type LazyExoticComponent, type ReactElement, type ReactNode } from 'react';
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
 * Starts loading the lazy pages of the route this visit opened on. `routes` is a remote's `<Routes>`
 * element, declared once at the module's top level and rendered by its App. The remote's ./App module
 * exports the result as `ready`, and the shell renders the App once it has settled
 * (shell/src/remotes/loader.ts), so the page renders with the App's first render. Otherwise the App
 * would first commit its loading state, and React holds a Suspense boundary's content back until
 * 300 ms after its fallback appeared, however soon the chunk arrives.
 */
export function openedPage(routes: ReactElement<{ children?: ReactNode }>): Promise<void> | undefined {
  const matched = matchRoutes(createRoutesFromChildren(routes.props.children), location.pathname) ?? [];
  const pages = matched.map((m) => (m.route.element as ReactElement | undefined)?.type).filter(isLazyPage);
  return pages.length ? Promise.all(pages.map((page) => page.preload())).then(() => undefined) : undefined;
}

const isLazyPage = (type: unknown): type is LazyPage =>
  typeof type === 'object' && type !== null && typeof (type as Partial<LazyPage>).preload === 'function';
