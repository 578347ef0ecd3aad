import styled from 'styled-components';
import { formatDateTime } from '@portal/shared-ui';
import { useGetSecurityActivityQuery } from '../api/sign-in-security-api';
import { Muted, Row } from './ui';

const Title = styled.h3`margin: 16px 0 4px; font-size: 15px;`;

/** Recent security events (passkeys, two-step sign-in, recovery codes) under the sessions: each was also mailed. */
export function SecurityActivity() {
  const { data } = useGetSecurityActivityQuery();
  const events = data?.events ?? [];
  if (!events.length) return null;
  return (
    <section aria-label="Recent security activity">
      <Title>Recent security activity</Title>
      {events.map((e) => (
        <Row key={e.id} data-testid="security-event">
          <span>{e.words}</span>
          <Muted>{formatDateTime(e.created_at)}</Muted>
        </Row>
      ))}
    </section>
  );
}
