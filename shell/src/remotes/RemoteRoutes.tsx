import { useDispatch, useSelector } from 'react-redux';
import { Button, NotFound, NoticePanel, useSession, Link, useLocation } from '@portal/shared-ui';
import type { AppDispatch } from '../app/store';
import { isSignedInRoute } from '../guards/routes';
import { RequireSignedIn } from '../guards/Guards';
import { AreaLoading, RemoteArea, RemoteFallback } from './RemoteArea';
import { fetchRegistry, registryKey, remoteForPath, selectRegistry } from './registrySlice';

export function ComingSoon() {
  return (
    <NoticePanel data-testid="coming-soon">
      <h1>Coming soon</h1>
      <p>This part of the portal is not available yet.</p>
      <Button as={Link} to="/dashboard">
        Go to Dashboard
      </Button>
    </NoticePanel>
  );
}

function RemoteOutlet() {
  const { pathname } = useLocation();
  const session = useSession();
  const registry = useSelector(selectRegistry);
  const dispatch = useDispatch<AppDispatch>();
  const key = registryKey(session, registry.remotes);
  if (registry.key !== key || registry.status === 'loading' || registry.status === 'idle') return <AreaLoading />;
  if (registry.status === 'error')
    return <RemoteFallback remote="registry" onRetry={() => void dispatch(fetchRegistry(key))} />;
  const info = remoteForPath(registry.remotes, pathname);
  // a remote running a canary, while the session is still read: this user's own list says which release
  if (info?.split && registry.key === 'anon' && session.status !== 'signedOut') return <AreaLoading />;
  if (info) return <RemoteArea info={info} />;
  return isSignedInRoute(pathname) ? <ComingSoon /> : <NotFound />;
}

/** Catch-all: signed-in routes are guarded, then the owning remote (by route prefix) renders. */
export function RemoteRoutes() {
  const { pathname } = useLocation();
  const registry = useSelector(selectRegistry);
  const protectedRoute = isSignedInRoute(pathname) || remoteForPath(registry.remotes, pathname)?.audience === 'user';
  if (!protectedRoute) return <NotFoundOrRemote />;
  return (
    <RequireSignedIn>
      <RemoteOutlet />
    </RequireSignedIn>
  );
}
function NotFoundOrRemote() {
  const { pathname } = useLocation();
  const registry = useSelector(selectRegistry);
  const info = remoteForPath(registry.remotes, pathname);
  return info ? <RemoteArea info={info} /> : <NotFound />;
}
