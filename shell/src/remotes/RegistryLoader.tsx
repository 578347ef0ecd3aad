import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useSession, useLocation } from '@portal/shared-ui';
import type { AppDispatch } from '../app/store';
import { preloadRemote } from './loader';
import { fetchRegistry, registryKey, remoteForPath, selectRegistry } from './registrySlice';

/**
 * Fetches the registry: the anonymous list at once (in parallel with the first session refresh),
 * and the caller's own list when an admin signs in (only admins get the admin remote); see
 * registryKey. When the registry is there and the session allows the current URL's remote, its
 * code starts loading at once, before React renders the route.
 */
export function RegistryLoader() {
  const session = useSession();
  const registry = useSelector(selectRegistry);
  const dispatch = useDispatch<AppDispatch>();
  const { pathname } = useLocation();
  const key = registryKey(session);

  useEffect(() => {
    if (registry.key !== key) void dispatch(fetchRegistry(key));
  }, [key, registry.key, dispatch]);

  useEffect(() => {
    if (registry.status !== 'ready' || registry.key !== key) return;
    const info = remoteForPath(registry.remotes, pathname);
    // a visitor on a signed-in route is about to be sent to /auth: nothing to preload
    if (info && session.status === 'signedIn') preloadRemote(info);
  }, [registry.status, registry.key, registry.remotes, key, pathname, session.status]);

  return null;
}
