import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * React.lazy for a page that a feature exports by name: `lazyPage(() => import('../features/users'), 'UsersPage')`
 * loads the chunk on the page's first render (the pattern of every remote's App and the shell's routes).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound for any component
export function lazyPage<K extends string, C extends ComponentType<any>>(
  load: () => Promise<Record<K, C>>,
  name: K,
): LazyExoticComponent<C> {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
