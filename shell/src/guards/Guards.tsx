import { useDeferredValue, type ReactNode } from 'react';
import { CenteredMessage, useSession, Navigate, useLocation } from '@portal/shared-ui';

/** Plain 'Loading' while the session is first read (docs/product.md "Roles"). */
export const SessionLoading = () => <CenteredMessage role="status">Loading...</CenteredMessage>;

export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <SessionLoading />;
  if (status === 'signedOut')
    return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

/**
 * /auth: a signed-in user goes to /dashboard. The page itself renders from a deferred status: store
 * updates render synchronously, and the whole sign-in page as one task blocks a slow phone's main
 * thread; deferred, React renders it in yielding slices while 'Loading...' stays up.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const deferred = useDeferredValue(status);
  if (status === 'loading') return <SessionLoading />;
  if (status === 'signedIn') return <Navigate to="/dashboard" replace />;
  if (deferred !== 'signedOut') return <SessionLoading />;
  return <>{children}</>;
}
