import styled from 'styled-components';
import {
  Badge,
  Button,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  formatDate,
  toast,
} from '@portal/shared-ui';
import type { Profile } from '../api/profile-api';
import { Muted, Row, RowLabel, RowValue, Section } from './ui';

const Mono = styled.code`font-family: ${(p) => p.theme.font.mono}; font-size: 15px; letter-spacing: .04em;`;

/** Account information (the spec's first read-only section): member since, customer ID, e-mail confirmation. */
export function AccountInfoCard({ profile }: { profile: Profile }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(profile.customer_id);
      toast({ title: 'Copied', description: 'Customer ID copied to the clipboard.', variant: 'success' });
    } catch {
      toast({ title: 'Copy failed', description: 'Select the ID and copy it by hand.', variant: 'destructive' });
    }
  }
  return (
    <Section data-testid="account-info-card">
      <CardHeader>
        <CardTitle>Account Information</CardTitle>
        <CardDescription>Support will ask for your customer ID.</CardDescription>
      </CardHeader>
      <CardContent>
        <Row>
          <RowLabel>Customer ID</RowLabel>
          <RowValue>
            <Mono data-testid="customer-id">{profile.customer_id}</Mono>
          </RowValue>
          <Button type="button" $size="sm" $variant="ghost" onClick={copy}>
            Copy
          </Button>
        </Row>
        <Row>
          <RowLabel>Member since</RowLabel>
          <RowValue>{formatDate(profile.member_since, { dateStyle: 'long' })}</RowValue>
        </Row>
        <Row>
          <RowLabel>Email</RowLabel>
          <RowValue>
            {profile.email_confirmed ? (
              <>
                <Badge $kind="green">Confirmed</Badge>
                {profile.email_confirmed_at && (
                  <Muted style={{ fontSize: 13 }}> on {formatDate(profile.email_confirmed_at)}</Muted>
                )}
              </>
            ) : (
              <Badge $kind="yellow" style={{ textTransform: 'none' }}>
                Not confirmed
              </Badge>
            )}
          </RowValue>
        </Row>
      </CardContent>
    </Section>
  );
}
