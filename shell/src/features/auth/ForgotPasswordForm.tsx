import { useState } from 'react';
import styled from 'styled-components';
import { Button, Field, Input, Label, toast } from '@portal/shared-ui';
import { authApi, failureText } from './api';
import { useFormSubmit } from './parts';

const Sent = styled.p`margin: 0 0 16px; font-size: 14px; line-height: 1.5;`;

/**
 * "Forgot password?" on the Login card: asks for the e-mail and mails a reset link. The
 * answer never says whether the e-mail has an account (the server answers the same either way).
 */
export function ForgotPasswordForm({
  busy,
  run,
  initialEmail,
  onBack,
}: {
  busy: boolean;
  run: (fn: () => Promise<void>) => Promise<void>;
  initialEmail: string;
  onBack: (email: string) => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const { submitting, onSubmit } = useFormSubmit(run, async () => {
    try {
      await authApi.requestPasswordReset(email);
      setSentTo(email);
    } catch (err) {
      toast({ title: 'Error Sending Email', description: failureText(err), variant: 'destructive' });
    }
  });

  if (sentTo) {
    return (
      <div role="status" aria-label="Reset link sent">
        <Sent>
          If an account exists for <strong>{sentTo}</strong>, we have sent it a link to reset the password. The link
          works once and expires in 1 hour. Check your spam folder if it does not arrive.
        </Sent>
        <Button type="button" $block $variant="outline" onClick={() => onBack(sentTo)}>
          Back to Login
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} aria-label="Reset password">
      <Field>
        <Label htmlFor="forgot-email">Email</Label>
        <Input
          id="forgot-email"
          type="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={busy}
          autoFocus
        />
      </Field>
      <Button type="submit" $block disabled={busy}>
        {submitting ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <Button type="button" $variant="link" $block disabled={busy} onClick={() => onBack(email)}>
        Back to Login
      </Button>
    </form>
  );
}
