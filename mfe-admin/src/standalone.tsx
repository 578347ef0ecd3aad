// Standalone development page for the admin remote, with its own store, against the same API.
// Outside the shell, the access check is done here with GET /api/admin/me.
import { CenteredMessage, useSession } from '@portal/shared-ui';
import { renderStandaloneGated } from '@portal/shared-ui/standalone';
import App from './app/App';
import { useGetAdminMeQuery } from './lib/api';

function Gate() {
  const session = useSession();
  const me = useGetAdminMeQuery(undefined, { skip: session.status !== 'signedIn' });
  if (session.status === 'loading' || me.isLoading) return <CenteredMessage>Verifying access...</CenteredMessage>;
  if (!me.data?.is_admin)
    return <CenteredMessage>Access Denied. You do not have permission to access the admin panel</CenteredMessage>;
  return <App />;
}

renderStandaloneGated(Gate);
