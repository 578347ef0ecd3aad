import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  errorMessage,
  formatDateTime,
  Label,
  PinInput,
  toast,
} from '@portal/shared-ui';
import { usePaymentSettingsQuery } from '../../../lib/transfer-api';
import { useManagePinMutation } from '../api/profile-api';
import { ForgotPinForm } from './ForgotPinForm';
import { Actions, Section, Text } from './ui';
import { pinError } from './validation';

const Fields = styled.div`display: grid; gap: 16px; margin-bottom: 16px; max-width: 320px; > div > div { justify-content: flex-start; }`;
const Ok = styled.p`margin: 0 0 12px; font-size: 14px; color: ${(p) => p.theme.colors.success}; font-weight: 500;`;
const Locked = styled.p`margin: 0 0 12px; font-size: 14px; color: ${(p) => p.theme.colors.destructive};`;

/** Transaction PIN card (docs/product.md "Profile, PIN and KYC"): set (new + confirm) or change (current + new + confirm); Forgot PIN? when set. */
export function PinCard({ hasPin }: { hasPin: boolean }) {
  const [open, setOpen] = useState(false);
  const [forgot, setForgot] = useState(false);
  const [current, setCurrent] = useState('');
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [manage, { isLoading }] = useManagePinMutation();
  // A locked PIN (5 wrong tries) says until when, and that a reset unlocks it now.
  const lockedUntil = usePaymentSettingsQuery(undefined, { skip: !hasPin }).data?.pin_locked_until ?? null;

  function clear() {
    setCurrent('');
    setPin('');
    setConfirm('');
  }
  function cancel() {
    clear();
    setOpen(false);
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = pinError({ current: hasPin ? current : undefined, pin, confirm });
    if (problem) {
      toast({ title: problem.title, description: problem.message, variant: 'destructive' });
      return;
    }
    try {
      const res = await manage(
        hasPin ? { action: 'change_pin', pin, current_pin: current } : { action: 'set_pin', pin },
      ).unwrap();
      toast({
        title: 'Transaction PIN Updated',
        description: res?.message ?? 'Your transaction PIN has been saved.',
        variant: 'success',
      });
      cancel();
    } catch (err) {
      toast({ title: 'PIN Update Failed', description: errorMessage(err), variant: 'destructive' });
    }
  }

  return (
    <Section data-testid="pin-card">
      <CardHeader>
        <CardTitle>Transaction PIN</CardTitle>
        <CardDescription>A 4-digit PIN confirms every payment you send.</CardDescription>
      </CardHeader>
      <CardContent>
        {hasPin ? <Ok>Your Transaction PIN is set.</Ok> : <Text>You have not set up a transaction PIN yet.</Text>}
        {hasPin && lockedUntil && (
          <Locked role="alert">
            Your PIN is locked until {formatDateTime(lockedUntil)} after too many wrong tries. Reset it with Forgot PIN?
            to unlock it now.
          </Locked>
        )}
        {forgot ? (
          <ForgotPinForm onClose={() => setForgot(false)} />
        ) : !open ? (
          <Actions>
            <Button type="button" $size="sm" onClick={() => setOpen(true)}>
              {hasPin ? 'Change PIN' : 'Set up PIN'}
            </Button>
            {hasPin && (
              <Button type="button" $size="sm" $variant="link" onClick={() => setForgot(true)}>
                Forgot PIN?
              </Button>
            )}
          </Actions>
        ) : (
          <form onSubmit={submit} aria-label={hasPin ? 'Change PIN' : 'Set up PIN'}>
            <Fields>
              {hasPin && (
                <div>
                  <Label>Current PIN</Label>
                  <PinInput label="Current PIN" value={current} onChange={setCurrent} disabled={isLoading} autoFocus />
                </div>
              )}
              <div>
                <Label>New PIN</Label>
                <PinInput label="New PIN" value={pin} onChange={setPin} disabled={isLoading} autoFocus={!hasPin} />
              </div>
              <div>
                <Label>Confirm PIN</Label>
                <PinInput label="Confirm PIN" value={confirm} onChange={setConfirm} disabled={isLoading} />
              </div>
            </Fields>
            <Actions>
              <Button type="submit" $size="sm" disabled={isLoading}>
                {isLoading ? 'Saving...' : hasPin ? 'Change PIN' : 'Set PIN'}
              </Button>
              <Button type="button" $size="sm" $variant="outline" onClick={cancel} disabled={isLoading}>
                Cancel
              </Button>
              {hasPin && (
                <Button
                  type="button"
                  $size="sm"
                  $variant="link"
                  onClick={() => {
                    cancel();
                    setForgot(true);
                  }}
                  disabled={isLoading}
                >
                  Forgot PIN?
                </Button>
              )}
            </Actions>
          </form>
        )}
      </CardContent>
    </Section>
  );
}
