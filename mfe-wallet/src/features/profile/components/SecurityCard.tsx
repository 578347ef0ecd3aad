import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import {
  Badge,
  Button,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  errorMessage,
  formatDateTime,
  signedOut,
  toast,
} from '@portal/shared-ui';
import { useGetSessionsQuery, useRevokeSessionMutation, type Session } from '../api/profile-api';
import { SecurityActivity } from './SecurityActivity';
import { Muted, Row, Section, Text } from './ui';

const Device = styled.div`flex: 1; min-width: 200px; strong { font-size: 15px; } p { margin: 2px 0 0; font-size: 13px; }`;

/** Security (the spec's second read-only section): active sessions, each can be signed out. */
export function SecurityCard() {
  const { data, isLoading, error } = useGetSessionsQuery();
  const [revoke, { isLoading: revoking }] = useRevokeSessionMutation();
  const dispatch = useDispatch();

  async function signOutSession(s: Session) {
    try {
      await revoke(s.id).unwrap();
      if (s.current) {
        // Ending the local session lets the shell's route guard take the user to the sign-in page.
        dispatch(signedOut());
        toast({ title: 'Logged Out', description: 'You have been successfully logged out.', variant: 'success' });
      } else {
        toast({ title: 'Session Signed Out', description: `${s.device} was signed out.`, variant: 'success' });
      }
    } catch (e) {
      toast({ title: 'Sign Out Failed', description: errorMessage(e), variant: 'destructive' });
    }
  }

  const sessions = data?.sessions ?? [];
  return (
    <Section data-testid="security-card">
      <CardHeader>
        <CardTitle>Security</CardTitle>
        <CardDescription>Devices signed in to your account. Sign out any you do not recognise.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Text>Loading sessions...</Text>
        ) : error ? (
          <Text>Could not load your sessions.</Text>
        ) : sessions.length === 0 ? (
          <Text>No active sessions.</Text>
        ) : (
          sessions.map((s) => (
            <Row key={s.id} data-testid="session-row">
              <Device>
                <strong>{s.device}</strong>{' '}
                {s.current && (
                  <Badge $kind="green" style={{ textTransform: 'none' }}>
                    This device
                  </Badge>
                )}
                <p>
                  <Muted>
                    Signed in {formatDateTime(s.signed_in_at)} · Last active {formatDateTime(s.last_used_at)}
                  </Muted>
                </p>
              </Device>
              <Button type="button" $size="sm" $variant="outline" disabled={revoking} onClick={() => signOutSession(s)}>
                Sign out
              </Button>
            </Row>
          ))
        )}
        <SecurityActivity />
      </CardContent>
    </Section>
  );
}
