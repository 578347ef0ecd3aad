import { useState } from 'react';
import styled from 'styled-components';
import {
  Badge,
  Button,
  Card,
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  errorMessage,
  formatDate,
  kycBadge,
  toast,
} from '@portal/shared-ui';
import { useResetKycMutation, type UnreviewableUser } from '../api/kyc-api';

const Box = styled(Card)`
  padding: 16px 20px; margin-bottom: 16px; border-color: #fcd34d; background: #fffbeb;
  h2 { font-size: 16px; margin: 0 0 4px; } > p { margin: 0 0 12px; font-size: 14px; color: ${(p) => p.theme.colors.mutedForeground}; }
`;
const Row = styled.li`
  display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px 16px; padding: 10px 0;
  border-top: 1px solid #fde68a; font-size: 14px;
  span { overflow-wrap: anywhere; } small { display: block; color: ${(p) => p.theme.colors.mutedForeground}; font-size: 12px; }
`;
const Rows = styled.ul`list-style: none; margin: 0; padding: 0;`;

/**
 * Users whose profile says KYC pending with no submission: nothing to approve or reject, and they
 * cannot submit either. The admin puts them back to Not started so they can submit.
 */
export function PendingWithoutSubmission({ users }: { users: UnreviewableUser[] }) {
  const [target, setTarget] = useState<UnreviewableUser | null>(null);
  const [reset, { isLoading }] = useResetKycMutation();
  if (!users.length) return null;
  const who = (u: UnreviewableUser) => u.full_name || u.email;

  async function confirm() {
    if (!target) return;
    try {
      await reset(target.id).unwrap();
      toast({ title: 'KYC Reset', description: `${who(target)} can now submit documents.`, variant: 'success' });
      setTarget(null);
    } catch (e) {
      toast({ title: 'Action Failed', description: errorMessage(e), variant: 'destructive' });
    }
  }

  return (
    <Box as="section" aria-labelledby="kyc-unreviewable" data-testid="kyc-unreviewable">
      <h2 id="kyc-unreviewable">Pending without a submission</h2>
      <p>These users are marked pending but sent no documents, so there is nothing to review and they cannot submit.</p>
      <Rows>
        {users.map((u) => (
          <Row key={u.id} data-testid="kyc-unreviewable-user">
            <span>
              <strong>{who(u)}</strong>
              <small>
                {u.email} · {u.customer_id} · pending since {formatDate(u.since)}
              </small>
            </span>
            <span>
              <Badge $kind={kycBadge(u.kyc_status).kind}>{kycBadge(u.kyc_status).label}</Badge>{' '}
              <Button type="button" $size="sm" $variant="outline" onClick={() => setTarget(u)}>
                Reset to Not started
              </Button>
            </span>
          </Row>
        ))}
      </Rows>
      <Dialog open={target !== null} onOpenChange={(o) => !o && !isLoading && setTarget(null)} label="Reset KYC">
        <DialogTitle>Reset KYC to Not started?</DialogTitle>
        <DialogDescription>
          {target
            ? `${who(target)} will be asked to verify their identity and can submit documents. The change is recorded in the audit log.`
            : ''}
        </DialogDescription>
        <DialogFooter>
          <Button type="button" $variant="outline" onClick={() => setTarget(null)} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="button" onClick={confirm} disabled={isLoading}>
            {isLoading ? 'Resetting...' : 'Reset'}
          </Button>
        </DialogFooter>
      </Dialog>
    </Box>
  );
}
