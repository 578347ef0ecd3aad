import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import styled from 'styled-components';
import { Button, Card, CenteredMessage, secondFactorClaim, useSession, Link, startLive } from '@portal/shared-ui';
import { SessionLoading } from '../guards/Guards';
import { RemoteArea } from './RemoteArea';
import { matchesPrefix, registryKey, selectRegistry } from './registrySlice';

const Page = styled.div`
  min-height: 100vh; display: flex; align-items: center; justify-content: center; padding: 24px;
  background: ${(p) => p.theme.colors.page};
`;
const DeniedCard = styled(Card)`
  max-width: 440px; width: 100%; padding: 32px; text-align: center;
  h1 { margin: 0 0 8px; font-size: 24px; color: ${(p) => p.theme.colors.destructive}; }
  p { margin: 0 0 24px; color: ${(p) => p.theme.colors.mutedForeground}; }
`;

export function AccessDenied() {
  return (
    <Page>
      <DeniedCard data-testid="access-denied">
        <h1>Access Denied</h1>
        <p>You do not have permission to access the admin panel</p>
        <Button as={Link} to="/">
          Go to Homepage
        </Button>
      </DeniedCard>
    </Page>
  );
}

/** An admin whose session did not sign in with a second factor: how to add one (the API refuses /api/admin too). */
export function SecondFactorNeeded() {
  return (
    <Page>
      <DeniedCard data-testid="second-factor-needed">
        <h1>Add a second factor</h1>
        <p>
          Admin pages need two-step sign-in. On your profile, add a passkey or turn on authenticator-app codes (Sign-in
          security), then sign out and sign in again with it.
        </p>
        <Button as={Link} to="/profile#sign-in-security">
          Set up on my profile
        </Button>
      </DeniedCard>
    </Page>
  );
}

/**
 * /admin: the admin check is the registry itself. The API lists the admin remote only for admins
 * (server-side check), so a non-admin never learns its URL and never downloads it; the shell
 * renders Access Denied. A failed lookup counts as non-admin (docs/product.md "Roles").
 */
export function AdminGate() {
  const session = useSession();
  const registry = useSelector(selectRegistry);
  const signedIn = session.status === 'signedIn';
  // the admin area has no header (which opens the live socket elsewhere), and its queues are live pages
  useEffect(() => {
    if (signedIn) startLive();
  }, [signedIn]);
  if (session.status === 'loading') return <SessionLoading />;
  const key = registryKey(session, registry.remotes);
  if (registry.key !== key || registry.status === 'idle' || registry.status === 'loading') {
    return (
      <CenteredMessage role="status" style={{ minHeight: '100vh' }}>
        Verifying access...
      </CenteredMessage>
    );
  }
  const info = registry.remotes.find((r) => r.audience === 'admin' && r.routes.some((p) => matchesPrefix('/admin', p)));
  if (!info || session.status !== 'signedIn') return <AccessDenied />;
  if (!session.accessToken || !secondFactorClaim(session.accessToken)) return <SecondFactorNeeded />;
  return <RemoteArea info={info} />;
}
