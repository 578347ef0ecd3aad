import { useEffect } from 'react';
import styled from 'styled-components';
import {
  Button,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CenteredMessage,
  errorMessage,
  Link,
  media,
  Spinner,
  toast,
  useLocation,
} from '@portal/shared-ui';
import { useGetProfileQuery } from '../api/profile-api';
import { AccountInfoCard } from './AccountInfoCard';
import { AccountSettingsCard } from './AccountSettingsCard';
import { DeleteAccountCard } from './DeleteAccountCard';
import { EmailPreferencesCard } from './EmailPreferencesCard';
import { KycCard } from './KycCard';
import { LimitsCard } from './LimitsCard';
import { PinCard } from './PinCard';
import { ProfileInfoCard } from './ProfileInfoCard';
import { SecurityCard } from './SecurityCard';
import { SignInSecurityCard } from './SignInSecurityCard';
import { Section } from './ui';

const Page = styled.section`max-width: 1040px; margin: 0 auto;`;
const Head = styled.div`display: flex; align-items: center; gap: 16px; flex-wrap: wrap; margin-bottom: 20px; h1 { margin: 0; font-size: 28px; }`;
const Columns = styled.div`
  display: grid; gap: 0 20px; grid-template-columns: 1fr; align-items: start;
  ${media.lg} { grid-template-columns: 1fr 1fr; }
`;

/** /profile (docs/product.md "Profile, PIN and KYC"; docs/product.md "Profile, PIN and KYC" further sections). */
export function ProfilePage() {
  const { data: profile, error, isLoading } = useGetProfileQuery();
  const { hash } = useLocation();
  const loaded = Boolean(profile);

  // The header's Settings link is /profile#settings: bring the account settings into view once loaded.
  useEffect(() => {
    if (loaded && hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);

  useEffect(() => {
    if (error) toast({ title: 'Error fetching profile', description: errorMessage(error), variant: 'destructive' });
  }, [error]);

  const back = (
    <Button as={Link} to="/dashboard" $variant="outline" $size="sm">
      ← Back to Dashboard
    </Button>
  );
  if (isLoading)
    return (
      <CenteredMessage role="status">
        <Spinner /> Loading profile...
      </CenteredMessage>
    );
  if (!profile) {
    return (
      <Page>
        <Head>{back}</Head>
        <CenteredMessage>Could not load profile data.</CenteredMessage>
      </Page>
    );
  }
  return (
    <Page data-testid="profile-page">
      <Head>
        {back}
        <h1>Profile &amp; Settings</h1>
      </Head>
      <Columns>
        <div>
          <ProfileInfoCard profile={profile} />
          <KycCard profile={profile} />
          <AccountInfoCard profile={profile} />
          <AccountSettingsCard key={profile.updated_at} profile={profile} />
          <EmailPreferencesCard />
        </div>
        <div>
          <PinCard hasPin={profile.has_pin} />
          <Section data-testid="payment-methods-card">
            <CardHeader>
              <CardTitle>Linked payment methods</CardTitle>
              <CardDescription>Bank accounts you add money from and withdraw to.</CardDescription>
            </CardHeader>
            <CardContent>
              <Button as={Link} to="/linked-accounts" $size="sm" $variant="outline">
                Manage linked accounts
              </Button>
            </CardContent>
          </Section>
          <LimitsCard key={profile.updated_at} profile={profile} />
          <SignInSecurityCard />
          <SecurityCard />
          <DeleteAccountCard />
        </div>
      </Columns>
    </Page>
  );
}
