import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, errorMessage, Input, Label, PinInput, toast } from '@portal/shared-ui';
import { useRequestPinResetCodeMutation, useResetPinMutation } from '../api/profile-api';
import { Actions, Hint, Text } from './ui';
import { pinError } from './validation';

const Fields = styled.div`display: grid; gap: 16px; margin-bottom: 16px; max-width: 320px; > div > div { justify-content: flex-start; }`;

/**
 * Forgot PIN (docs/product.md "Public pages" "PIN reset needs identity verification"): a code mailed to the account's
 * e-mail, then the account password, the code and the new PIN twice. Resetting lifts a PIN lock.
 */
export function ForgotPinForm({ onClose }: { onClose: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [requestCode, { isLoading: sending }] = useRequestPinResetCodeMutation();
  const [resetPin, { isLoading: resetting }] = useResetPinMutation();
  const busy = sending || resetting;

  async function sendCode() {
    try {
      const res = await requestCode().unwrap();
      setSentTo(res.email);
      toast({ title: 'Code Sent', description: `Check ${res.email} for your 6-digit code.`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Could Not Send Code', description: errorMessage(err), variant: 'destructive' });
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      toast({ title: 'Invalid Code', description: 'The code has 6 digits.', variant: 'destructive' });
      return;
    }
    const problem = pinError({ pin, confirm });
    if (problem) {
      toast({ title: problem.title, description: problem.message, variant: 'destructive' });
      return;
    }
    try {
      await resetPin({ password, code, pin }).unwrap();
      toast({
        title: 'Transaction PIN Updated',
        description: 'Your transaction PIN has been reset.',
        variant: 'success',
      });
      onClose();
    } catch (err) {
      toast({ title: 'PIN Update Failed', description: errorMessage(err), variant: 'destructive' });
    }
  }

  if (!sentTo) {
    return (
      <div aria-label="Forgot PIN" role="group">
        <Text>
          To reset your PIN, confirm it is you: we will email a 6-digit code to your address, and you enter it with your
          account password. Resetting also unlocks a locked PIN.
        </Text>
        <Actions>
          <Button type="button" $size="sm" onClick={() => void sendCode()} disabled={busy}>
            {sending ? 'Sending...' : 'Email Me a Code'}
          </Button>
          <Button type="button" $size="sm" $variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
        </Actions>
      </div>
    );
  }
  return (
    <form onSubmit={submit} aria-label="Reset PIN">
      <Text>We sent a code to {sentTo}. It expires in 10 minutes.</Text>
      <Fields>
        <div>
          <Label htmlFor="pin-reset-password">Account Password</Label>
          <Input
            id="pin-reset-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={busy}
            autoFocus
          />
        </div>
        <div>
          <Label htmlFor="pin-reset-code">Code from the Email</Label>
          <Input
            id="pin-reset-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            disabled={busy}
          />
          <Hint>6 digits</Hint>
        </div>
        <div>
          <Label>New PIN</Label>
          <PinInput label="New PIN" value={pin} onChange={setPin} disabled={busy} />
        </div>
        <div>
          <Label>Confirm PIN</Label>
          <PinInput label="Confirm PIN" value={confirm} onChange={setConfirm} disabled={busy} />
        </div>
      </Fields>
      <Actions>
        <Button type="submit" $size="sm" disabled={busy}>
          {resetting ? 'Resetting...' : 'Reset PIN'}
        </Button>
        <Button type="button" $size="sm" $variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="button" $size="sm" $variant="link" onClick={() => void sendCode()} disabled={busy}>
          Send a new code
        </Button>
      </Actions>
    </form>
  );
}
