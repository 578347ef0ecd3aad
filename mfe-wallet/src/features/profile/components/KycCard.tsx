import { useState } from 'react';
import styled from 'styled-components';
import { Badge, Button, CardContent, CardHeader, CardTitle, type BadgeKind } from '@portal/shared-ui';
import { useGetKycQuery, type Profile } from '../api/profile-api';
import { KycFormDialog } from './KycFormDialog';
import { Section } from './ui';

const Status = styled.p<{ $kind: BadgeKind }>`
  margin: 0 0 12px; font-size: 14px; font-weight: 500; color: ${(p) => p.theme.colors.badge[p.$kind].fg};
  background: ${(p) => p.theme.colors.badge[p.$kind].bg}; padding: 10px 12px; border-radius: ${(p) => p.theme.radius.md};
`;
const Reason = styled.p`margin: 0 0 12px; font-size: 14px; span { color: ${(p) => p.theme.colors.mutedForeground}; }`;
const Note = styled.p`margin: 12px 0 0; font-size: 14px; display: flex; align-items: center; gap: 8px; flex-wrap: wrap;`;

/** docs/product.md "Profile, PIN and KYC" as displayed: exact texts; anything unknown means not started. */
export function kycView(status: string | null | undefined): {
  text: string;
  kind: BadgeKind;
  action: string | null;
  label: string;
} {
  if (status === 'verified')
    return { text: 'Your identity has been verified.', kind: 'green', action: null, label: 'Verified' };
  if (status === 'pending')
    return { text: 'Your identity verification is pending review.', kind: 'yellow', action: null, label: 'Pending' };
  if (status === 'rejected')
    return {
      text: 'Your identity verification was rejected. Please contact support or resubmit.',
      kind: 'red',
      action: 'Resubmit Documents',
      label: 'Rejected',
    };
  return {
    text: 'Your identity is not yet verified. Please complete KYC.',
    kind: 'grey',
    action: 'Start KYC Verification',
    label: 'Not started',
  };
}

export function KycCard({ profile }: { profile: Profile }) {
  const [open, setOpen] = useState(false);
  const { data: kyc } = useGetKycQuery();
  const view = kycView(profile.kyc_status);
  const reason = profile.kyc_status === 'rejected' ? kyc?.submission?.review_note : null;
  return (
    <Section data-testid="kyc-card">
      <CardHeader>
        <CardTitle style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          KYC Verification <Badge $kind={view.kind}>{view.label}</Badge>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Status $kind={view.kind} data-testid="kyc-status">
          {view.text}
        </Status>
        {reason && (
          <Reason data-testid="kyc-reason">
            <span>Reason given by our review team:</span> {reason}
          </Reason>
        )}
        {view.action && (
          <Button type="button" $size="sm" onClick={() => setOpen(true)}>
            {view.action}
          </Button>
        )}
        {profile.is_accredited_investor && (
          <Note data-testid="accredited-note">
            <Badge $kind="blue">Accredited Investor</Badge> You are recognized as an accredited investor.
          </Note>
        )}
        {open && <KycFormDialog open={open} onClose={() => setOpen(false)} defaultName={profile.full_name ?? ''} />}
      </CardContent>
    </Section>
  );
}
