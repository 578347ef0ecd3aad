import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useSession, useLocation } from '@portal/shared-ui';
import type { AppDispatch } from '../app/store';
import { preloadRemote } from './loader';
import { fetchRegistry, remoteForPath, selectRegistry } from './registrySlice';

/**
 * Fetches the registry once the session is known, and again when the signed-in user changes
 * (the list depends on who asks: the admin remote is listed only for admins). When the registry
 * arrives and the current URL belongs to a remote, its code starts loading at once.
 */
export function RegistryLoader() {
  const session = useSession();
  const registry = useSelector(selectRegistry);
  const dispatch = useDispatch<AppDispatch>();
  const { pathname } = useLocation();
  const key = session.status === 'loading' ? null : (session.user?.id ?? 'anon');

  useEffect(() => {
    if (key && registry.key !== key) void dispatch(fetchRegistry(key));
  }, [key, registry.key, dispatch]);

  useEffect(() => {
    if (registry.status !== 'ready' || registry.key !== key) return;
    const info = remoteForPath(registry.remotes, pathname);
    // a visitor on a signed-in route is about to be sent to /auth: nothing to preload
    if (info && (session.status === 'signedIn' || info.audience === 'admin')) preloadRemote(info);
  }, [registry.status, registry.key, registry.remotes, key, pathname, session.status]);

  return null;
}
