import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useSession, useLocation } from '@portal/shared-ui';
import type { AppDispatch } from '../app/store';
import { preloadRemote } from './loader';
import { fetchRegistry, registryKey, remoteForPath, revalidateRegistry, selectRegistry } from './registrySlice';

/** Pages the shell renders itself (app/routes.tsx): none of them needs the registry to paint. */
const SHELL_PUBLIC_PATHS = new Set([
  '/',
  '/auth',
  '/white-paper',
  '/about-us',
  '/contact-us',
  '/contact',
  '/terms-and-conditions',
  '/privacy-policy',
  '/faqs',
]);
const isShellPublicPath = (pathname: string) => SHELL_PUBLIC_PATHS.has(pathname.replace(/\/+$/, '') || '/');

/**
 * Fetches the registry when the server did not write it into the page (index.html's portal-boot
 * data): the anonymous list at once (on the shell's public pages when the browser is idle),
 * and the caller's own list when an admin signs in (only admins get the admin remote); see
 * registryKey. When the registry is there and the session allows the current URL's remote, its
 * code starts loading at once, before React renders the route.
 */
export function RegistryLoader() {
  const session = useSession();
  const registry = useSelector(selectRegistry);
  const dispatch = useDispatch<AppDispatch>();
  const { pathname } = useLocation();
  const key = registryKey(session, registry.remotes);

  const publicPage = isShellPublicPath(pathname);
  // an admin's own list, written into the page for them: kept while the session is read (it is theirs
  // unless the session says otherwise, registrySlice bootState)
  const ownListPending = session.status === 'loading' && registry.key !== null && registry.key !== 'anon';
  useEffect(() => {
    if (registry.key === key || ownListPending) return;
    if (!publicPage) return void dispatch(fetchRegistry(key));
    // The shell's own public pages need no remote: fetch the registry when the browser is idle,
    // off their first paint (a remote route opened before that fetches it at once).
    const fetchNow = () => void dispatch(fetchRegistry(key));
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(fetchNow, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const t = setTimeout(fetchNow, 1000);
    return () => clearTimeout(t);
  }, [key, registry.key, publicPage, ownListPending, dispatch]);

  // Entering another area asks for the registry again (a 304 while nothing changed), so a promoted
  // or rolled-back release reaches an open page on its next navigation; the area on screen keeps
  // its code until the user leaves it.
  const area = remoteForPath(registry.remotes, pathname)?.name ?? 'shell';
  const previousArea = useRef(area);
  useEffect(() => {
    if (previousArea.current === area) return;
    previousArea.current = area;
    if (registry.status === 'ready' && registry.key === key && session.status === 'signedIn')
      void dispatch(revalidateRegistry(key));
  }, [area, registry.status, registry.key, key, session.status, dispatch]);

  useEffect(() => {
    if (registry.status !== 'ready' || registry.key !== key) return;
    const info = remoteForPath(registry.remotes, pathname);
    // a visitor on a signed-in route is about to be sent to /auth: nothing to preload; while the
    // session is still being read, the code loads in parallel with the refresh
    // (a remote running a canary: not from the anonymous list, the user's own says which release)
    if (info && session.status !== 'signedOut' && !(info.split && registry.key === 'anon')) preloadRemote(info);
  }, [registry.status, registry.key, registry.remotes, key, pathname, session.status]);

  return null;
}
